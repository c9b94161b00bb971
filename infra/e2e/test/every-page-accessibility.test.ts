import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { STARTER_CREATOR_IDS } from '@innerecho/contracts';
import { hashPassword } from '@innerecho/kit';
import { creatorReferralTables } from '@innerecho/creator-referral';
import { uniqueEmail } from '@innerecho/embedded';
import {
  firstTranscriptId,
  firstLink,
  mailTo,
  clonedListener,
  currentUser,
  expectNoAxeViolations,
  pageSettled,
  signedUpListener,
  signInInBrowser,
  startE2EForThisFile,
  subscribedListener,
  watchConsoleErrors,
  type E2E,
} from '../src';

jest.setTimeout(900_000);

let e2e: E2E;
let transcriptId: string;
startE2EForThisFile(async (started) => {
  e2e = started;
  transcriptId = await firstTranscriptId(e2e);
});

type Look = { theme: 'dark' | 'light'; width: number; height: number };
const DESKTOP_DARK: Look = { theme: 'dark', width: 1280, height: 900 };
const DESKTOP_LIGHT: Look = { theme: 'light', width: 1280, height: 900 };
const PHONE_DARK: Look = { theme: 'dark', width: 390, height: 844 };
const PHONE_LIGHT: Look = { theme: 'light', width: 390, height: 844 };
const EVERY_LOOK = [DESKTOP_DARK, DESKTOP_LIGHT, PHONE_DARK, PHONE_LIGHT];

/** Opens each path in each look on `page`, and requires no axe violation and nothing logged as an error. */
async function checkPages(page: Page, paths: string[], looks: Look[], options: { quiet?: boolean } = { quiet: true }) {
  const errors = watchConsoleErrors(page);
  const found: string[] = [];
  for (const look of looks) {
    await page.setViewportSize({ width: look.width, height: look.height });
    for (const path of paths) {
      await page.evaluate((theme) => localStorage.setItem('theme', theme), look.theme);
      errors.length = 0;
      await page.goto(path);
      await pageSettled(page);
      const where = `${path} (${look.theme}, ${look.width}px)`;
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(look.theme);
      await expectNoAxeViolations(page, where).catch((error: Error) => found.push(error.message));
      if (options.quiet && errors.length > 0) found.push(`${where} logged errors:\n  ${errors.join('\n  ')}`);
    }
  }
  expect(found).toEqual([]);
}

test('a visitor: every page passes axe in both themes at desktop and phone width, and logs no error', async () => {
  const page = await e2e.newPage();
  await page.goto('/');
  await checkPages(
    page,
    [
      '/',
      '/success?session_id=cs_test_a11y',
      '/success',
      '/privacy',
      '/terms',
      '/affirmations',
      '/affirmations?tab=saved',
      `/creator/${STARTER_CREATOR_IDS.amaraOkafor}`,
      '/record-voice',
      '/create-affirmation',
      `/generate/${transcriptId}`,
      '/admin',
      '/creator-login',
      '/creator-dashboard',
      '/no/such/page',
    ],
    EVERY_LOOK,
  );
});

test('the library with a category chosen passes axe in both themes at desktop and phone width (each tab names its panel by a valid id)', async () => {
  const page = await e2e.newPage();
  await page.goto('/');
  const found: string[] = [];
  for (const look of EVERY_LOOK) {
    await page.setViewportSize({ width: look.width, height: look.height });
    await page.evaluate((theme) => localStorage.setItem('theme', theme), look.theme);
    await page.goto('/affirmations');
    await pageSettled(page);
    for (const category of ['Wealth & Success', 'Calm & Relaxation']) {
      const tab = page.getByRole('tab', { name: category });
      await tab.click();
      expect(await tab.getAttribute('aria-selected')).toBe('true');
      expect(await tab.getAttribute('aria-controls')).not.toMatch(/\s/);
      await expectNoAxeViolations(page, `/affirmations with ${category} chosen (${look.theme}, ${look.width}px)`).catch((error: Error) =>
        found.push(error.message),
      );
    }
  }
  expect(found).toEqual([]);
});

test('the sign-in and sign-up pages pass axe; the demo checkout asks for no missing file', async () => {
  const page = await e2e.newPage();
  await page.goto('/');
  await checkPages(page, ['/api/login?mode=signin', '/api/login?mode=signup'], [DESKTOP_DARK, PHONE_LIGHT]);
  // The demo checkout's look is billing's (being reworked there); what the browser asks of the
  // site for it, the root /favicon.ico, is the shell's.
  const errors = watchConsoleErrors(page);
  const missing: string[] = [];
  page.on('response', (response) => response.status() >= 400 && missing.push(`${response.status()} ${response.url()}`));
  await page.goto('/#pricing');
  await page.getByRole('button', { name: 'Choose Monthly' }).click();
  await page.waitForURL('**/api/billing/demo-checkout/**');
  // What the page asks for after its load (the site's icon among them) has been answered.
  await page.waitForLoadState('networkidle');
  expect(missing).toEqual([]);
  expect(errors).toEqual([]);
});

test('a missing creator page passes axe (its 404 is the answer, so it is not checked for logged errors)', async () => {
  const page = await e2e.newPage();
  await page.goto('/');
  await checkPages(page, [`/creator/${randomUUID()}`], [DESKTOP_DARK, PHONE_LIGHT], { quiet: false });
});

test('a listener without a plan: the gated pages, the saved tab and the home page pass axe and log no error', async () => {
  const { page } = await signedUpListener(e2e);
  await checkPages(
    page,
    ['/', '/affirmations?tab=saved', '/record-voice', '/create-affirmation', `/generate/${transcriptId}`, '/admin'],
    [DESKTOP_DARK, PHONE_LIGHT],
  );
});

test('a subscriber before cloning: the record screen, the saved tab and the home page pass axe and log no error', async () => {
  const { page } = await subscribedListener(e2e);
  await checkPages(page, ['/', '/record-voice', '/affirmations?tab=saved'], [DESKTOP_LIGHT, PHONE_DARK]);
});

test('a subscriber with a cloned voice: the cloned state, the create form and the generate page pass axe and log no error', async () => {
  const { page } = await clonedListener(e2e);
  await checkPages(page, ['/record-voice', '/create-affirmation', `/generate/${transcriptId}`], [DESKTOP_DARK, PHONE_LIGHT]);
  // A made-up affirmation id: not found when the page opens (its 404 is the answer).
  await checkPages(page, [`/generate/custom-${randomUUID()}`], [DESKTOP_LIGHT], { quiet: false });
});

test('an admin: every admin tab passes axe in both themes', async () => {
  const page = await e2e.newPage();
  await signInInBrowser(page, e2e.system.admin.email, e2e.system.admin.password, '/admin');
  const errors = watchConsoleErrors(page);
  for (const look of [DESKTOP_DARK, PHONE_LIGHT]) {
    await page.setViewportSize({ width: look.width, height: look.height });
    await page.evaluate((theme) => localStorage.setItem('theme', theme), look.theme);
    await page.goto('/admin');
    for (const tab of ['Transcripts', 'Creators', 'Music', 'Payouts']) {
      await page.getByRole('tab', { name: tab }).click();
      await pageSettled(page);
      await expectNoAxeViolations(page, `/admin ${tab} (${look.theme}, ${look.width}px)`);
    }
  }
  expect(errors).toEqual([]);
});

test('a creator: the sign-in page and the dashboard pass axe in both themes and log no error', async () => {
  const email = uniqueEmail('a11y-creator');
  const password = 'creator password 123';
  await e2e.system.services.creatorReferral.context.db.insert(creatorReferralTables.creators).values({
    name: 'Ada Creator',
    email,
    passwordHash: await hashPassword(password),
    referralCode: `ada${Date.now().toString(36)}`,
  });
  const page = await e2e.newPage();
  await page.goto('/creator-login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL('**/creator-dashboard');
  await checkPages(page, ['/creator-dashboard'], [DESKTOP_DARK, DESKTOP_LIGHT, PHONE_DARK, PHONE_LIGHT]);
});

test("the pages of mailed links, the forgot-password pages and the account page's address section pass axe in both themes", async () => {
  const visitor = await e2e.newPage();
  await visitor.goto('/');
  await checkPages(visitor, ['/api/auth/forgot-password', '/api/creator-auth/forgot-password'], EVERY_LOOK);
  // Unknown links: their 410 is the answer, so they are not checked for logged errors.
  await checkPages(
    visitor,
    ['/api/auth/confirm-email?token=unknown', '/api/auth/reset-password?token=unknown', '/api/creator-auth/reset-password?token=unknown'],
    EVERY_LOOK,
    { quiet: false },
  );

  const { page } = await signedUpListener(e2e);
  const { email } = await currentUser(page);
  await visitor.goto('/api/auth/forgot-password');
  await visitor.getByLabel('Email').fill(email);
  await visitor.getByRole('button', { name: 'Send me a reset link' }).click();
  await expectNoAxeViolations(visitor, '/api/auth/forgot-password, sent');
  const resetLink = firstLink(await mailTo(e2e, email, 'Choose a new InnerEcho password'));
  const confirmLink = firstLink(await mailTo(e2e, email, 'Confirm your InnerEcho address'));
  await checkPages(page, ['/api/auth/account', resetLink, confirmLink], EVERY_LOOK);

  // The page a followed confirmation link ends on, in each theme (a link works once: a new listener's each time).
  const found: string[] = [];
  for (const look of [DESKTOP_DARK, PHONE_LIGHT]) {
    const listener = await signedUpListener(e2e, { viewport: { width: look.width, height: look.height } });
    const address = (await currentUser(listener.page)).email;
    await listener.page.evaluate((theme) => localStorage.setItem('theme', theme), look.theme);
    await listener.page.goto(firstLink(await mailTo(e2e, address, 'Confirm your InnerEcho address')));
    await listener.page.getByRole('button', { name: 'Confirm my address' }).click();
    await pageSettled(listener.page);
    await expectNoAxeViolations(listener.page, `confirmed (${look.theme}, ${look.width}px)`).catch((error: Error) =>
      found.push(error.message),
    );
  }
  expect(found).toEqual([]);
});
