import type { Page } from 'playwright-core';
import { addMusicTrack } from '@innerecho/embedded';
import {
  browserClient,
  browserSessionId,
  clonedListener,
  type E2E,
  expectNoAxeViolations,
  pageSettled,
  shownAfterLoad,
  startE2E,
  visible,
} from '../src';

jest.setTimeout(900_000);

/**
 * A listener's routine: affirmations put aside from the library and from their own words,
 * ordered in the session builder by keyboard, generated as one track over music, then played
 * and kept offline from the saved list like any saved affirmation.
 */
let e2e: E2E;
const TRACK = 'Session Journey Pad';
beforeAll(async () => {
  e2e = await startE2E();
  await addMusicTrack(e2e.system, TRACK);
});
afterEach(() => e2e?.closeContexts());
afterAll(() => e2e?.stop());

/** Writes an affirmation through the app's own API, as the create page does. */
const writeAffirmation = async (page: Page, title: string) =>
  browserClient(page).api.call('POST /api/custom-affirmations', {
    body: { sessionId: await browserSessionId(page), title, content: 'I rest. I breathe. I begin again.', category: 'Other' },
  });

/** The titles of the session builder's list, in order. */
const orderShown = (page: Page) =>
  page
    .getByRole('list', { name: 'Affirmations in this session, in the order they are spoken' })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((item) => item.querySelector('span:nth-of-type(3)')?.textContent?.replace(/^\d+\. /, '') ?? ''));

test('a listener builds a session from the library and their own words, reorders it by keyboard, generates it, plays it and keeps it offline', async () => {
  const { page } = await clonedListener(e2e);
  const mine = `Evening Words ${Date.now()}`;
  await page.goto('/affirmations');
  await writeAffirmation(page, mine);

  // Two library affirmations, then one of their own.
  const cards = page.getByRole('article').filter({ has: page.getByRole('link', { name: 'Use This Affirmation' }) });
  await shownAfterLoad(cards);
  const titles: string[] = [];
  for (const i of [0, 1]) titles.push((await cards.nth(i).getByRole('heading').first().textContent())!.trim());
  for (const title of titles) {
    await page.getByRole('button', { name: `Add to Session: ${title}` }).click();
    await visible(page.getByRole('button', { name: `In Session: ${title}`, pressed: true }));
  }
  await visible(page.getByRole('link', { name: 'Session (2): open the session builder' }));
  await page.getByRole('tab', { name: 'My Affirmations' }).click();
  await page.getByRole('button', { name: `Add to Session: ${mine}` }).click();
  await page.getByRole('link', { name: 'Session (3): open the session builder' }).click();
  await page.waitForURL('**/sessions/new');
  await shownAfterLoad(page.getByRole('heading', { level: 1, name: 'Build a Session' }));
  expect(await orderShown(page)).toEqual([titles[0], titles[1], `${mine} · your words`]);
  await pageSettled(page);
  await expectNoAxeViolations(page, 'the session builder');

  // Reordered from the keyboard: Move up, then Alt+Arrow Up; each move is announced.
  await page.getByRole('button', { name: `Move ${mine} up` }).focus();
  await page.keyboard.press('Enter');
  await visible(page.getByRole('status').filter({ hasText: `${mine} moved to position 2 of 3` }));
  // Focus stayed on the moved affirmation's button.
  expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${mine} up`);
  await page.keyboard.press('Alt+ArrowUp');
  await visible(page.getByRole('status').filter({ hasText: `${mine} moved to position 1 of 3` }));
  expect(await orderShown(page)).toEqual([`${mine} · your words`, titles[0], titles[1]]);
  await page.getByRole('button', { name: `Move ${titles[0]} down` }).focus();
  await page.keyboard.press('Enter');
  expect(await orderShown(page)).toEqual([`${mine} · your words`, titles[1], titles[0]]);

  // And by dragging: the last affirmation dropped on the first one's place.
  const list = page.getByRole('list', { name: 'Affirmations in this session, in the order they are spoken' });
  await list.getByRole('listitem').nth(2).dragTo(list.getByRole('listitem').nth(0));
  await visible(page.getByRole('status').filter({ hasText: `${titles[0]} moved to position 1 of 3` }));
  expect(await orderShown(page)).toEqual([titles[0], `${mine} · your words`, titles[1]]);

  // In repetitions, the length it comes to is shown before generating, and grows with them.
  await page.getByRole('radio', { name: 'Repetitions per affirmation' }).check();
  const lengthShown = async () => {
    const hint = page.getByText(/^About \d+m \d+s in all/);
    await visible(hint);
    const [, m, s] = /^About (\d+)m (\d+)s/.exec((await hint.textContent())!)!;
    return Number(m) * 60 + Number(s);
  };
  const repetitions = page.getByRole('slider', { name: 'Repetitions per Affirmation' });
  await repetitions.focus();
  await page.keyboard.press('Home');
  await visible(page.getByText('1x ·', { exact: false }));
  const once = await lengthShown();
  // Three affirmations of a few words each, with their pauses: some seconds, under a minute.
  expect(once).toBeGreaterThan(3);
  expect(once).toBeLessThan(60);
  await page.keyboard.press('ArrowRight');
  await visible(page.getByText('2x ·', { exact: false }));
  expect(Math.abs((await lengthShown()) - 2 * once)).toBeLessThanOrEqual(1);
  await page.getByRole('radio', { name: 'Total length' }).check();

  // One minute, over music.
  await page.getByRole('slider', { name: 'Audio duration' }).focus();
  await page.keyboard.press('Home');
  await visible(page.getByText('1m 0s'));
  await page.getByRole('combobox', { name: 'Background Music' }).click();
  await page.getByRole('option', { name: TRACK }).click();
  // A name of its own, so a morning and an evening routine look different.
  await page.getByRole('textbox', { name: 'Session Name' }).fill('Morning Routine');
  await page.getByRole('button', { name: 'Generate Session' }).click();
  await visible(page.getByText('Saved to Your Library'), 240_000);
  // Generated and saved: the header's picks start again empty.
  await visible(page.getByText('No affirmations yet'));
  expect(await page.getByRole('link', { name: /^Session \(\d+\)/ }).count()).toBe(0);
  await page.waitForFunction(() => (document.querySelector('[data-testid="generated-audio"]') as HTMLAudioElement)?.duration > 0);
  expect(await page.getByTestId('generated-audio').evaluate((a: HTMLAudioElement) => Math.abs(a.duration - 60) < 0.1)).toBe(true);
  await expectNoAxeViolations(page, 'the generated session');

  // In the saved list like any item: its affirmations in order, whose voice, playable, kept offline.
  await page.goto('/affirmations?tab=saved');
  const name = 'Morning Routine';
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
  await shownAfterLoad(item);
  const parts = item.getByRole('list', { name: `Affirmations in ${name}` }).getByRole('listitem');
  expect(await parts.allTextContents()).toEqual([`${titles[0]} · Cloned voice`, `${mine} · Cloned voice`, `${titles[1]} · Cloned voice`]);
  await visible(item.getByText(TRACK));
  await visible(item.getByText('1m 0s'));
  await item.getByRole('button', { name: `Play ${name}` }).click();
  await page.waitForFunction(() => ((document.querySelector('li audio') as HTMLAudioElement | null)?.currentTime ?? 0) > 0.2, undefined, {
    timeout: 30_000,
  });
  await item.getByRole('button', { name: `Hide player for ${name}` }).click();
  await item.getByRole('button', { name: `Keep Offline: ${name}` }).click();
  await visible(item.getByText('Available offline'), 60_000);
  await expectNoAxeViolations(page, 'the Saved tab with a session');

  // Renamed in place; deleting it announces the name it has.
  await item.getByRole('button', { name: `Rename ${name}` }).click();
  await page.getByRole('textbox', { name: 'New name' }).fill('Evening Routine');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  const renamed = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Evening Routine' }) });
  await visible(renamed);
  await renamed.getByRole('button', { name: 'Delete Evening Routine' }).click();
  await visible(page.getByText('Deleted the saved affirmation “Evening Routine”', { exact: false }));
  await visible(page.getByRole('button', { name: 'Undo deleting Evening Routine' }));
  await page.getByRole('button', { name: 'Undo deleting Evening Routine' }).click();
  await visible(renamed);
});

test('the session builder passes axe in both themes at phone and desktop width, with a preselection from the address', async () => {
  const { page } = await clonedListener(e2e);
  await page.goto('/affirmations');
  const ids = (await browserClient(page).api.call('GET /api/transcripts', {})).slice(0, 3).map((t) => t.id);
  for (const look of [
    { theme: 'dark', width: 1280, height: 900 },
    { theme: 'light', width: 1280, height: 900 },
    { theme: 'dark', width: 390, height: 844 },
    { theme: 'light', width: 390, height: 844 },
  ]) {
    await page.setViewportSize({ width: look.width, height: look.height });
    await page.evaluate((theme) => localStorage.setItem('theme', theme), look.theme);
    await page.goto(`/sessions/new?transcripts=${ids.join(',')}`);
    await shownAfterLoad(page.getByRole('button', { name: /^Move .* down$/ }));
    expect(
      await page.getByRole('list', { name: 'Affirmations in this session, in the order they are spoken' }).getByRole('listitem').count(),
    ).toBe(3);
    await pageSettled(page);
    await expectNoAxeViolations(page, `/sessions/new (${look.theme}, ${look.width}px)`);
    // Nothing wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});
