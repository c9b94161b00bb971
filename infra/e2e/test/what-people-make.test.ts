import type { Page } from 'playwright-core';
import { eventually, TestClient } from '@innerecho/embedded';
import {
  browserClient,
  browserSessionId,
  clonedListener,
  type E2E,
  expectNoAxeViolations,
  shownAfterLoad,
  signedUpListener,
  startE2EForThisFile,
  storedSessionId,
  subscribedListener,
  visible,
  welcomedAfterCheckout,
} from '../src';

jest.setTimeout(600_000);

/**
 * What people make is theirs: deleting (with a short undo) saved affirmations, their own words
 * and their voice; "My Affirmations"; "Generate Again"; the path kept through a plan; the header's
 * Sign in; and what the voice will sound like, said before paying.
 */
let e2e: E2E;
startE2EForThisFile((started) => (e2e = started));

/** Writes an affirmation through the app's own API, as the create page does. */
const writeAffirmation = async (page: Page, title: string, content = 'I am calm. I am steady. I am enough.') => {
  const written = await browserClient(page).api.call('POST /api/custom-affirmations', {
    body: { sessionId: await browserSessionId(page), title, content, category: 'Other' },
  });
  return written.id;
};

/** Generates a minute of it through the API (the generate page's own journey is generation-journey.test.ts). */
const generateMinute = async (page: Page, customId: string) => {
  const res = await browserClient(page).api.send('POST /api/generate-audio', {
    body: { sessionId: await storedSessionId(page), customAffirmationId: customId, voiceSpeed: '1.0', audioDuration: '60' },
  });
  if (res.status !== 201) throw new Error(`generation failed: ${res.status} ${res.text}`);
  return res.headers.get('x-saved-affirmation-id')!;
};

const savedList = async (page: Page) =>
  browserClient(page).api.call('GET /api/saved-affirmations/:sessionId', { params: { sessionId: await storedSessionId(page) } });

describe('a saved affirmation', () => {
  test('offers Generate Again with its text and length; Delete can be undone, and otherwise removes it for good while the minutes stay used', async () => {
    const { page } = await clonedListener(e2e);
    const title = `Kept Words ${Date.now()}`;
    const customId = await writeAffirmation(page, title);
    await generateMinute(page, customId);
    const deletes: string[] = [];
    page.on('request', (request) => request.method() === 'DELETE' && deletes.push(request.url()));

    await page.goto('/affirmations?tab=saved');
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await visible(item);

    // Generate Again: the same words, at the same length.
    await item.getByRole('link', { name: `Generate Again: ${title}` }).click();
    await page.waitForURL(`**/generate/custom-${customId}?duration=60`);
    await visible(page.getByRole('heading', { level: 2, name: title }));
    await visible(page.getByText('1m 0s'));
    await page.goBack();

    // Delete, then Undo within the window: it is back, and nothing was sent.
    await item.getByRole('button', { name: `Delete ${title}` }).click();
    const deletedRow = page.getByRole('status').filter({ hasText: `Deleted the saved affirmation “${title}”` });
    await visible(deletedRow);
    await expectNoAxeViolations(page, 'the Saved tab with a deleted item waiting');
    await page.getByRole('button', { name: `Undo deleting ${title}` }).click();
    await visible(item.getByRole('button', { name: `Play ${title}` }));
    expect(deletes).toEqual([]);
    expect(await savedList(page)).toHaveLength(1);

    // Delete and let the window pass: the DELETE goes out and the item is gone, after a reload too.
    const sent = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/saved-affirmations/'), {
      timeout: 30_000,
    });
    await item.getByRole('button', { name: `Delete ${title}` }).click();
    expect((await sent).status()).toBe(204);
    await visible(page.getByRole('heading', { name: 'No saved affirmations yet' }));
    await page.reload();
    await visible(page.getByRole('heading', { name: 'No saved affirmations yet' }));
    expect(await savedList(page)).toEqual([]);
    // The minute it took still counts towards today's hour.
    const allowance = await browserClient(page).api.call('GET /api/generate-audio/allowance', {});
    expect(allowance.secondsUsed).toBe(60);
  });

  test('a delete still waiting when the page is left is sent, not lost', async () => {
    const { page } = await clonedListener(e2e);
    const title = `Leaving Words ${Date.now()}`;
    await generateMinute(page, await writeAffirmation(page, title));
    await page.goto('/affirmations?tab=saved');
    await page.getByRole('button', { name: `Delete ${title}` }).click();
    await visible(page.getByRole('button', { name: `Undo deleting ${title}` }));
    // Leaving the page (here: for the home page) sends it at once, with keepalive.
    await page.goto('/');
    await eventually(async () => expect(await savedList(page)).toEqual([]), 30, 500);
  });
});

describe('My Affirmations', () => {
  test('lists what the listener wrote, reachable from the library and Create; edits it, generates from it, and deletes it with undo', async () => {
    const { page } = await subscribedListener(e2e);
    const title = `Morning Words ${Date.now()}`;
    await writeAffirmation(page, title, 'I wake with purpose. I meet the day gently.');

    // From Create.
    await page.goto('/create-affirmation');
    await page.getByRole('link', { name: 'My Affirmations' }).click();
    await page.waitForURL('**/affirmations?tab=mine');
    expect(await page.getByRole('tab', { name: 'My Affirmations' }).getAttribute('aria-selected')).toBe('true');
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await visible(item);
    await visible(item.getByText('I wake with purpose. I meet the day gently.'));
    await expectNoAxeViolations(page, 'My Affirmations');

    // From the library: a tab beside it.
    await page.goto('/affirmations');
    await page.getByRole('tab', { name: 'My Affirmations' }).click();
    await visible(item);

    // Edit: the new words are kept, and a refused edit says why.
    await item.getByRole('button', { name: `Edit ${title}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Affirmation' });
    await visible(dialog);
    await expectNoAxeViolations(page, 'the edit dialog');
    await dialog.getByLabel('Affirmation', { exact: true }).fill('');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page.getByText('Please fill in all fields'));
    await dialog.getByLabel('Affirmation', { exact: true }).fill('I wake with purpose. I am kind to myself.');
    await dialog.getByRole('button', { name: 'Save Changes' }).click();
    await visible(page.getByText('Affirmation updated'));
    await visible(item.getByText('I wake with purpose. I am kind to myself.'));
    const stored = await browserClient(page).api.call('GET /api/custom-affirmations', {});
    expect(stored[0].content).toBe('I wake with purpose. I am kind to myself.');

    // Generate: its page, with every length, music and balance to choose.
    await item.getByRole('link', { name: `Generate ${title}` }).click();
    await page.waitForURL('**/generate/custom-*');
    // No voice yet: recording one is the first step, and the way back is kept.
    await visible(page.getByRole('heading', { name: 'First, Record Your Voice' }));
    await page.goBack();

    // Delete with undo, then for good.
    await item.getByRole('button', { name: `Delete ${title}` }).click();
    await page.getByRole('button', { name: `Undo deleting ${title}` }).click();
    await visible(item.getByRole('button', { name: `Edit ${title}` }));
    const sent = page.waitForResponse((r) => r.request().method() === 'DELETE' && r.url().includes('/api/custom-affirmations/'), {
      timeout: 30_000,
    });
    await item.getByRole('button', { name: `Delete ${title}` }).click();
    expect((await sent).status()).toBe(204);
    await visible(page.getByRole('heading', { name: "You haven't written an affirmation yet" }));
    expect(await browserClient(page).api.call('GET /api/custom-affirmations', {})).toEqual([]);
  });
});

describe('Delete My Voice', () => {
  test('removes the voice after a confirmation that says what goes; saved audio stays and plays', async () => {
    const { page } = await clonedListener(e2e);
    const title = `Before Deleting ${Date.now()}`;
    await generateMinute(page, await writeAffirmation(page, title));
    await page.goto('/record-voice');
    await shownAfterLoad(page.getByRole('heading', { name: 'Voice Cloned Successfully!' }));
    await page.getByRole('button', { name: 'Delete My Voice' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Delete Your Voice?' });
    await visible(dialog);
    await visible(dialog.getByText('Affirmations you have already generated stay in your library and keep playing.', { exact: false }));
    await expectNoAxeViolations(page, 'the delete voice dialog');
    await dialog.getByRole('button', { name: 'Delete My Voice' }).click();
    await visible(page.getByText('Your voice is deleted'));
    await visible(page.getByRole('heading', { level: 1, name: 'Record Your Voice' }));
    const profile = await browserClient(page).api.call('GET /api/voice-profile/:sessionId', {
      params: { sessionId: await storedSessionId(page) },
    });
    expect(profile.isCloned).toBe(false);

    await page.goto('/affirmations?tab=saved');
    await page.getByRole('button', { name: `Play ${title}` }).click();
    await page.waitForFunction(() => ((document.querySelector('li audio') as HTMLAudioElement | null)?.currentTime ?? 0) > 0.2, undefined, {
      timeout: 30_000,
    });
  });
});

describe('the way back and the way in', () => {
  test('a listener sent from an affirmation to choose a plan comes back to it after checkout', async () => {
    const { page } = await signedUpListener(e2e);
    const [transcript] = await new TestClient(e2e.system.url).api.call('GET /api/transcripts', {});
    await page.goto(`/generate/${transcript.id}`);
    await page.getByRole('link', { name: 'Start Free Trial' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#pricing');
    await page.locator('#pricing').getByRole('button', { name: 'Choose Monthly' }).click();
    await page.waitForURL('**/api/billing/demo-checkout/**');
    await page.getByRole('button', { name: 'Start free trial' }).click();
    await welcomedAfterCheckout(page);
    const next = page.getByRole('link', { name: 'Continue Where You Left Off' });
    expect(await next.getAttribute('href')).toBe(`/api/login?returnTo=${encodeURIComponent(`/generate/${transcript.id}`)}`);
    await page.getByRole('status').filter({ hasText: 'being set up' }).waitFor({ state: 'detached', timeout: 30_000 });
    await next.click();
    await page.waitForURL((url) => url.pathname === `/generate/${transcript.id}`);
    // With the plan, the next step is the voice, and the affirmation is still the one chosen.
    await visible(page.getByRole('heading', { name: 'First, Record Your Voice' }));
    await visible(page.getByText(`Then you come straight back to “${transcript.title}”.`, { exact: false }));
  });

  test("the header's Sign in opens the sign-in form, back to the page; Get Started opens sign-up", async () => {
    const page = await e2e.newPage();
    await page.goto('/affirmations');
    const signIn = page.getByRole('banner').getByRole('link', { name: 'Sign in' });
    expect(await signIn.getAttribute('href')).toBe('/api/login?mode=signin&returnTo=%2Faffirmations');
    await signIn.click();
    await visible(page.getByRole('button', { name: 'Sign in' }));
    expect(await page.getByRole('button', { name: 'Create account' }).count()).toBe(0);
    await page.goto('/');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await visible(page.getByRole('button', { name: 'Create account' }));
  });

  test('home and pricing say what the voice will sound like, and that reading it yourself gives the exact voice', async () => {
    const page = await e2e.newPage();
    await page.goto('/');
    await shownAfterLoad(page.getByText('in a voice matched to yours (close to you, not an exact copy)', { exact: false }));
    const pricing = page.locator('#pricing');
    await visible(pricing.getByText('A voice matched to yours from a short recording'));
    await visible(pricing.getByText('Record it yourself: any affirmation in your exact voice'));
    const promise = pricing.getByRole('group', { name: 'What your voice will sound like' });
    await visible(promise.getByText('It sounds like you, though it is not an exact copy of your voice.', { exact: false }));
    await visible(promise.getByText('Choose “Record it yourself” on any affirmation', { exact: false }));
    await expectNoAxeViolations(page, 'the home page with the voice promise');

    await page.goto('/privacy');
    await shownAfterLoad(page.getByRole('heading', { name: 'Deleting what you made' }));
    await visible(page.getByText('The minutes it took still count towards that day’s hour of generating.', { exact: false }));
  });
});
