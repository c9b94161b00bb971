import { hashPassword } from '@innerecho/kit';
import { creatorReferralTables } from '@innerecho/creator-referral';
import { eventually, uniqueEmail } from '@innerecho/embedded';
import {
  browserClient,
  demoCheckoutEnv,
  type E2E,
  recordedThirtySeconds,
  signInInBrowser,
  signUpInBrowser,
  startE2EForThisFile,
  visible,
  welcomedAfterCheckout,
} from '../src';

jest.setTimeout(600_000);

let e2e: E2E;
// The journey runs on the demo checkout. The browser's fake microphone reads the sample
// sentences, so the subscriber can record and clone.
startE2EForThisFile((started) => (e2e = started), { system: { env: demoCheckoutEnv() }, ownBrowser: true });

test('a referred visitor subscribes through the demo checkout and clones a voice; the creator sees it, is paid out, and sees the payout', async () => {
  // A creator, as an admin would have created them.
  const creatorEmail = uniqueEmail('creator');
  const creatorPassword = 'creator password 123';
  const code = `maya${Date.now().toString(36)}`;
  await e2e.system.services.creatorReferral.context.db.insert(creatorReferralTables.creators).values({
    name: 'Maya Calm',
    email: creatorEmail,
    passwordHash: await hashPassword(creatorPassword),
    referralCode: code,
  });

  // The visitor lands with ?ref=code: the code is validated and remembered for 30 days.
  const visitorContext = await e2e.newContext({ permissions: ['microphone'] });
  const page = await visitorContext.newPage();
  await page.goto(`/?ref=${code}`);
  const cookie = await eventually(async () => {
    const found = (await visitorContext.cookies()).find((c) => c.name === 'innerecho_ref');
    expect(found).toBeDefined();
    return found!;
  }, 50);
  expect(cookie).toMatchObject({ value: code, path: '/', sameSite: 'Lax' });
  const days = (cookie.expires * 1000 - Date.now()) / 86_400_000;
  expect(days).toBeGreaterThan(29.9);
  expect(days).toBeLessThanOrEqual(30);

  // Choosing the monthly plan: the button says 'Loading...' while the checkout is created.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/create-checkout-session', async (route) => {
    await held;
    await route.continue();
  });
  const pricing = page.locator('#pricing');
  await pricing.scrollIntoViewIfNeeded();
  await pricing.getByRole('button', { name: 'Choose Monthly' }).click();
  await visible(pricing.getByRole('button', { name: 'Loading...' }));
  release();

  // The demo checkout, clearly labelled, stands in for Stripe.
  await page.waitForURL('**/api/billing/demo-checkout/**');
  await visible(page.getByText('This is a demo checkout; no card is charged.'));
  const buyerEmail = uniqueEmail('buyer');
  await page.getByLabel('Email').fill(buyerEmail);
  await page.getByLabel(/simulate the first payment/).check();
  await page.getByRole('button', { name: 'Start free trial' }).click();

  // The checkout really finished, so the page welcomes the buyer, and never shows its raw id.
  await welcomedAfterCheckout(page);
  const sessionId = new URL(page.url()).searchParams.get('session_id')!;
  await visible(page.getByText('Your monthly subscription is set up and your 3-day free trial has begun.'));
  expect(await page.locator('body').textContent()).not.toContain(sessionId);

  // Sign up with the checkout's email: the subscription is theirs.
  // Its next step is recording a voice, through the sign-in page (a new buyer signs up there first).
  const next = page.getByRole('link', { name: 'Record Your Voice' });
  expect(await next.getAttribute('href')).toBe('/api/login?returnTo=%2Frecord-voice');
  await next.click();
  await page.waitForURL('**/api/login**');
  await signUpInBrowser(page, { email: buyerEmail, returnTo: '/record-voice' });
  await eventually(async () => {
    const user = await browserClient(page).api.call('GET /api/auth/user', {});
    expect(user.subscriptionStatus).toBe('active');
  });

  // Record and clone a voice (the entitlement lets them).
  await page.goto('/record-voice');
  await page.getByRole('button', { name: 'Start recording' }).click();
  await recordedThirtySeconds(page);
  await page.getByRole('button', { name: 'Stop recording' }).click();
  await visible(page.getByText('Recording complete'));
  await page.getByRole('checkbox', { name: /I confirm that this recording is my own voice/ }).check();
  await page.getByRole('button', { name: 'Clone My Voice' }).click();
  await page.waitForURL('**/affirmations', { timeout: 240_000 });
  await visible(page.getByText('Voice cloned successfully'));
  await visible(page.getByRole('button', { name: 'Manage subscription' }));

  // The creator signs in and sees one signup and a pending commission; copies the link.
  const creatorContext = await e2e.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
  const creatorPage = await creatorContext.newPage();
  await creatorPage.goto('/creator-dashboard');
  await creatorPage.waitForURL('**/creator-login');
  await creatorPage.getByLabel('Email').fill(`  ${creatorEmail} `);
  await creatorPage.getByLabel('Password').fill(creatorPassword);
  await creatorPage.getByRole('button', { name: 'Sign In' }).click();
  await creatorPage.waitForURL('**/creator-dashboard');
  await visible(creatorPage.getByRole('heading', { name: 'Welcome, Maya Calm' }));
  expect(await creatorPage.getByTestId('stat-total-signups').textContent()).toBe('1');
  expect(await creatorPage.getByTestId('stat-not-yet-paid-out').textContent()).toBe('$2.50');
  expect(await creatorPage.getByTestId('stat-total-commissions').textContent()).toBe('$2.50');
  const commission = creatorPage.getByTestId('commission-row');
  await visible(commission);
  expect(await commission.count()).toBe(1);
  expect(await commission.textContent()).toContain('Month 1/6');
  expect(await commission.textContent()).toContain('Pending');
  expect(await creatorPage.getByLabel('Referral link').inputValue()).toBe(`${new URL(creatorPage.url()).origin}/?ref=${code}`);
  await creatorPage.getByRole('button', { name: 'Copy link' }).click();
  await visible(creatorPage.getByText('Copied!'));
  await visible(creatorPage.getByRole('button', { name: 'Copied' }));
  expect(await creatorPage.evaluate(() => navigator.clipboard.readText())).toBe(`${new URL(creatorPage.url()).origin}/?ref=${code}`);
  await visible(creatorPage.getByRole('button', { name: 'Copy link' }), 5000);

  // An admin pays it out.
  const adminPage = await e2e.newPage();
  await signInInBrowser(adminPage, e2e.system.admin.email, e2e.system.admin.password);
  await adminPage.goto('/admin');
  await adminPage.getByRole('tab', { name: 'Payouts' }).click();
  const balance = adminPage.getByRole('group', { name: 'Maya Calm' });
  await visible(balance);
  await balance.getByRole('button', { name: 'Create payout of $2.50' }).click();
  await visible(adminPage.getByText('Payout created'));
  const row = adminPage.getByTestId('admin-payout-row');
  await row.getByRole('button', { name: 'Mark completed' }).click();
  await visible(row.getByText('Completed'));

  // The creator sees the payout completed.
  await creatorPage.reload();
  const payout = creatorPage.getByTestId('payout-row');
  await visible(payout);
  expect(await payout.textContent()).toContain('$2.50');
  expect(await payout.textContent()).toContain('Completed');
  expect(await commission.textContent()).toContain('Paid');
});
