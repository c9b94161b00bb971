import { createHash, randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { adminSetupTokens, users } from '@innerecho/identity/src/data-access/schema';
import { uniqueEmail } from '@innerecho/embedded';
import {
  firstTranscriptId,
  type E2E,
  expectNoAxeViolations,
  shownAfterLoad,
  signedUpListener,
  signInInBrowser,
  startE2EForThisFile,
  subscribedListener,
  visible,
  watchConsoleErrors,
} from '../src';

jest.setTimeout(300_000);

let e2e: E2E;
let transcriptId: string;
startE2EForThisFile(async (started) => {
  e2e = started;
  transcriptId = await firstTranscriptId(e2e);
});

const nav = (page: Page) => page.getByRole('banner');
const pathOf = (href: string | null) => {
  const url = new URL(href ?? '', 'http://x');
  return { path: url.pathname, mode: url.searchParams.get('mode'), returnTo: url.searchParams.get('returnTo') };
};

describe('a visitor who is not signed in', () => {
  test('is asked to sign in on /record-voice before any record button, and signing in comes back there', async () => {
    const page = await e2e.newPage();
    await page.goto('/record-voice');
    await shownAfterLoad(page.getByRole('heading', { name: 'Sign in to record your voice' }));
    expect(await page.getByRole('button', { name: 'Start recording' }).count()).toBe(0);
    const signIn = page.getByRole('main').getByRole('link', { name: 'Sign in' });
    expect(pathOf(await signIn.getAttribute('href'))).toEqual({ path: '/api/login', mode: 'signin', returnTo: '/record-voice' });
    const signUp = page.getByRole('link', { name: 'Create an account' });
    expect(pathOf(await signUp.getAttribute('href'))).toEqual({ path: '/api/login', mode: 'signup', returnTo: '/record-voice' });
    await expectNoAxeViolations(page);

    // Through the sign-up page and back: a new account has no plan, so the next step is the trial.
    await signUp.click();
    await page.getByLabel('Name').fill('Returning Visitor');
    await page.getByLabel('Email').fill(`gate.${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('a long enough password');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL((url) => url.pathname === '/record-voice');
    await visible(page.getByRole('heading', { name: 'Start your free trial to record your voice' }));
  });

  test('on /create-affirmation is asked to sign in, not told that a voice is missing', async () => {
    const page = await e2e.newPage();
    await page.goto('/create-affirmation');
    await shownAfterLoad(page.getByRole('heading', { name: 'Sign in to write your own affirmations' }));
    await page.waitForLoadState('networkidle'); // the voice check, had it run, has answered (and toasted)
    expect(await page.getByText('Voice not cloned yet').count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe('/create-affirmation');
    expect(await page.getByLabel('Title').count()).toBe(0);
  });

  test('on /generate/{id} is asked to sign in before any settings', async () => {
    const page = await e2e.newPage();
    await page.goto(`/generate/${transcriptId}`);
    await shownAfterLoad(page.getByRole('heading', { name: 'Sign in to hear this affirmation in your voice' }));
    expect(await page.getByRole('button', { name: 'Generate Audio' }).count()).toBe(0);
    expect(await page.getByText('Voice Not Cloned').count()).toBe(0);
  });

  test('on the Saved tab is asked to sign in, without an error or a failed request', async () => {
    const page = await e2e.newPage();
    const errors = watchConsoleErrors(page);
    const savedCalls: string[] = [];
    page.on('request', (request) => request.url().includes('/api/saved-affirmations') && savedCalls.push(request.url()));
    await page.goto('/affirmations?tab=saved');
    await shownAfterLoad(page.getByRole('heading', { name: 'Sign in to see your saved affirmations' }));
    expect(await page.getByText("We couldn't load your saved affirmations").count()).toBe(0);
    expect(savedCalls).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('on /admin is asked to sign in and sees no dashboard, and the header has no Admin link', async () => {
    const page = await e2e.newPage();
    await page.goto('/admin');
    await shownAfterLoad(page.getByRole('heading', { level: 1, name: 'Sign in to open the admin area' }));
    expect(await page.getByRole('button', { name: 'Add Transcript' }).count()).toBe(0);
    expect(await page.getByRole('tab', { name: 'Transcripts' }).count()).toBe(0);
    expect(await nav(page).getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});

describe('a signed-in listener without a plan', () => {
  test('is offered the free trial on /record-voice, /create-affirmation and /generate before recording or writing', async () => {
    const { page } = await signedUpListener(e2e);
    for (const [path, heading] of [
      ['/record-voice', 'Start your free trial to record your voice'],
      ['/create-affirmation', 'Start your free trial to create affirmations'],
      [`/generate/${transcriptId}`, 'Start your free trial to generate audio'],
    ]) {
      await page.goto(path!);
      await shownAfterLoad(page.getByRole('heading', { name: heading }));
      expect(await page.getByRole('button', { name: 'Start recording' }).count()).toBe(0);
      expect(await page.getByLabel('Title').count()).toBe(0);
      expect(await page.getByRole('button', { name: 'Generate Audio' }).count()).toBe(0);
    }
    await page.getByRole('link', { name: 'Start Free Trial' }).click();
    await page.waitForURL((url) => url.pathname === '/' && url.hash === '#pricing');
    await visible(page.locator('#pricing').getByRole('button', { name: 'Choose Monthly' }));
  });

  test('sees an empty Saved tab whose next step is the free trial', async () => {
    const { page } = await signedUpListener(e2e);
    await page.goto('/affirmations?tab=saved');
    await shownAfterLoad(page.getByRole('heading', { name: 'No saved affirmations yet' }));
    await visible(page.getByRole('tabpanel').getByRole('link', { name: 'Start Free Trial' }));
  });

  test('opening /admin is told the area is for admins only, with no dashboard and no Admin link', async () => {
    const { page } = await signedUpListener(e2e);
    await page.goto('/admin');
    await shownAfterLoad(page.getByRole('heading', { level: 1, name: 'This area is for admins only' }));
    expect(await page.getByRole('button', { name: 'Add Transcript' }).count()).toBe(0);
    expect(await nav(page).getByRole('link', { name: 'Admin' }).count()).toBe(0);
    await expectNoAxeViolations(page);
  });
});

describe('a subscriber without a cloned voice', () => {
  test('on /create-affirmation may write first: the words are saved, and the voice is asked for next, coming back to them', async () => {
    const { page } = await subscribedListener(e2e);
    await page.goto('/create-affirmation');
    await shownAfterLoad(
      page.getByText('Your affirmation is spoken in your own voice, which you have not recorded yet.', { exact: false }),
    );
    expect(await page.getByText('Voice not cloned yet').count()).toBe(0);
    await page.getByLabel('Title').fill('Words Before A Voice');
    await page.getByLabel('Affirmation', { exact: true }).fill('I begin where I am. I am enough today.');
    await page.getByRole('button', { name: 'Save & Record My Voice' }).click();
    await page.waitForURL(/\/generate\/custom-[0-9a-f-]+\?duration=\d+$/);
    await visible(page.getByRole('heading', { name: 'First, Record Your Voice' }));
    await visible(page.getByText('Then you come straight back to “Words Before A Voice”.', { exact: false }));
    await expectNoAxeViolations(page, 'the generate page asking for a voice');
    const here = new URL(page.url());
    await page.getByRole('link', { name: 'Record Your Voice' }).click();
    await page.waitForURL((url) => url.pathname === '/record-voice' && url.searchParams.get('returnTo') === here.pathname + here.search);
    await visible(page.getByRole('button', { name: 'Start recording' }));
    // The words are kept in My Affirmations.
    await page.goto('/affirmations?tab=mine');
    await shownAfterLoad(page.getByRole('heading', { level: 3, name: 'Words Before A Voice' }));
  });

  test('on /generate/{id} is asked for a voice as a first step (no error toast), keeping the affirmation', async () => {
    const { page } = await subscribedListener(e2e);
    await page.goto(`/generate/${transcriptId}`);
    await shownAfterLoad(page.getByRole('heading', { name: 'First, Record Your Voice' }));
    expect(await page.getByText('Voice not cloned', { exact: true }).count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe(`/generate/${transcriptId}`);
    expect(await page.getByRole('link', { name: 'Record Your Voice' }).getAttribute('href')).toBe(
      `/record-voice?returnTo=${encodeURIComponent(`/generate/${transcriptId}`)}`,
    );
  });
});

describe('an admin', () => {
  test('sees the dashboard with its tabs, and the Admin link on /admin', async () => {
    const page = await e2e.newPage();
    await signInInBrowser(page, e2e.system.admin.email, e2e.system.admin.password, '/admin');
    await visible(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }));
    await visible(page.getByRole('button', { name: 'Add Transcript' }));
    await visible(nav(page).getByRole('link', { name: 'Admin' }));
  });

  test('whose account has no password chooses one through a one-time setup link and lands on the dashboard', async () => {
    // As `npm run admin:setup-link` leaves it: an admin with no password, and a link only they hold.
    const db = e2e.system.services.identity.context.db;
    const [admin] = await db
      .insert(users)
      .values({ email: uniqueEmail('new-admin'), name: 'Admin', role: 'admin', passwordHash: null })
      .returning();
    const token = randomBytes(32).toString('base64url');
    await db.insert(adminSetupTokens).values({
      tokenHash: createHash('sha256').update(token).digest('hex'),
      userId: admin!.id,
      expiresAt: new Date(Date.now() + 3600_000),
    });

    const page = await e2e.newPage();
    await page.goto(`/api/auth/admin-setup?token=${token}`);
    await shownAfterLoad(page.getByRole('heading', { name: 'Choose the admin password' }));
    await page.getByLabel('New password').fill('the new admin password');
    await page.getByLabel('Repeat the password').fill('the new admin password');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.waitForURL('**/admin');
    await visible(page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }));
    // The link worked once.
    await page.goto(`/api/auth/admin-setup?token=${token}`);
    await shownAfterLoad(page.getByRole('alert').filter({ hasText: 'This setup link is not valid any more' }));
  });
});
