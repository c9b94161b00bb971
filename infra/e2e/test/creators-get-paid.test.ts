import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { addMusicTrack, earnCommissions, eventually, signedInAdmin, uniqueEmail } from '@innerecho/embedded';
import {
  browserClient,
  type E2E,
  expectNoAxeViolations,
  mailTo,
  pageSettled,
  shownAfterLoad,
  signInInBrowser,
  startE2EForThisFile,
  visible,
} from '../src';

jest.setTimeout(600_000);

let e2e: E2E;
startE2EForThisFile((started) => (e2e = started));

const PHONE = { width: 390, height: 844 };

/** A creator an admin made with a password nobody kept (like the starter creators' random ones). */
async function creatorWithoutKnownPassword(name: string) {
  const admin = await signedInAdmin(e2e.system.url, e2e.system.admin);
  const res = await admin.api.send('POST /api/creators', {
    body: {
      name,
      bio: 'Breathwork teacher.',
      email: uniqueEmail(name.split(' ')[0]!.toLowerCase()),
      password: randomUUID(),
      referralCode: `c${randomUUID().slice(0, 8)}`,
    },
  });
  expect(res.status).toBe(201);
  return res.data;
}

const earn = (creatorId: string, ...amounts: number[]) =>
  earnCommissions(e2e.system.services.creatorReferral.context.db, creatorId, amounts);

async function adminAt(path: string, viewport = PHONE) {
  const page = await e2e.newPage({ viewport });
  await signInInBrowser(page, e2e.system.admin.email, e2e.system.admin.password, path);
  return page;
}

/** Nothing on the page is wider than the screen: wide tables scroll inside themselves. */
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The admin's row of this creator in the Creators table (it may wait for the library to learn of the creator). */
async function creatorRow(page: Page, name: string) {
  return eventually(
    async () => {
      await page.goto('/admin');
      await page.getByRole('tab', { name: 'Creators' }).click();
      const row = page.getByRole('row').filter({ hasText: name });
      await row.first().waitFor({ state: 'visible', timeout: 2_000 });
      return row;
    },
    20,
    0,
  );
}

test('an admin mails a featured creator a setup link; the creator follows the mail, chooses a password, asks for a payout, is declined with a reason, asks again, is paid and told by mail', async () => {
  const name = `Nadia ${randomUUID().slice(0, 6)}`;
  const creator = await creatorWithoutKnownPassword(name);

  // The admin, on a phone: the creators table shows the sign-in email and the referral code, inside the screen.
  const admin = await adminAt('/admin');
  const row = await creatorRow(admin, name);
  await visible(row.getByText(creator.email));
  await visible(row.getByText(creator.referralCode));
  expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);
  await row.getByRole('button', { name: `Password setup link for ${name}` }).click();
  const dialog = admin.getByRole('dialog', { name: 'Password setup link' });
  await visible(dialog.getByText(creator.email));
  await visible(dialog.getByText(/^No unused setup link/));
  await dialog.getByRole('button', { name: 'Send setup link' }).click();
  const field = dialog.getByLabel('Setup link');
  await visible(field);
  const setupUrl = await field.inputValue();
  await visible(dialog.getByText(`Mailed to ${creator.email}. It works once, until`, { exact: false }));
  await expectNoAxeViolations(admin, 'the setup link dialog');
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  expect(setupUrl).toMatch(/\/api\/creator-auth\/setup\?token=/);
  // Opened again, the dialog says until when the link sent works, and offers to resend it.
  await row.getByRole('button', { name: `Password setup link for ${name}` }).click();
  await visible(dialog.getByText(/^The last link sent works until /));
  await visible(dialog.getByRole('button', { name: 'Resend setup link' }));
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();

  // The creator opens the link from the mail on their phone and chooses a password: signed in, on the dashboard.
  const setupMail = await mailTo(e2e, creator.email, /^Set up your InnerEcho creator account$/);
  expect(setupMail.links[0]).toBe(setupUrl);
  const page = await e2e.newPage({ viewport: PHONE });
  await page.goto(new URL(setupUrl).pathname + new URL(setupUrl).search);
  await shownAfterLoad(page.getByRole('heading', { name: 'Choose your creator password' }));
  await page.getByLabel('New password').fill('my creator password');
  await page.getByLabel('Repeat the password').fill('my creator password');
  await page.getByRole('button', { name: 'Save password' }).click();
  await page.waitForURL('**/creator-dashboard');
  await visible(page.getByRole('heading', { level: 1, name: `Welcome, ${name}` }));

  // The terms, in their words, and nothing to ask for yet.
  const getPaid = page.getByRole('region', { name: 'Get paid' });
  await visible(getPaid.getByText('Ask for a payout once $25.00 of commissions is available'));
  await visible(getPaid.getByText('within 7 days'));
  expect(await getPaid.getByRole('button', { name: 'Request payout' }).isDisabled()).toBe(true);
  await visible(getPaid.getByText('$25.00 more in commissions'));
  // The dashboard calls commissions what they are.
  await visible(page.getByText('Total Commissions'));
  expect(await page.getByText('Total Revenue').count()).toBe(0);

  await earn(creator.id, 1500, 1500);
  await page.reload();
  await visible(getPaid.getByTestId('payout-available').filter({ hasText: '$30.00' }));
  await getPaid.getByRole('button', { name: 'Request payout' }).click();
  await visible(page.getByText('Payout requested'));
  await visible(getPaid.getByText(/You asked for \$30\.00 on .*An admin pays it or answers by/));
  await expectNoAxeViolations(page, 'the dashboard with a payout requested');
  expect(await pageWidth(page)).toBeLessThanOrEqual(PHONE.width);

  // The admin sees the request and declines it with a reason.
  await admin.goto('/admin');
  await admin.getByRole('tab', { name: 'Payouts' }).click();
  const request = admin.getByTestId('admin-payout-row').filter({ hasText: name });
  await visible(request.getByText('Requested'));
  expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);
  await request.getByRole('button', { name: `Decline ${name}’s request` }).click();
  const decline = admin.getByRole('dialog', { name: 'Decline this payout request?' });
  expect(await decline.getByRole('button', { name: 'Decline request' }).isDisabled()).toBe(true);
  await decline.getByLabel('Reason for the creator').fill('Please send us your bank details first.');
  await expectNoAxeViolations(admin, 'the decline dialog');
  await decline.getByRole('button', { name: 'Decline request' }).click();
  await visible(admin.getByText('Request declined'));
  await visible(request.getByText('Declined'));

  // The creator is told why, and can ask again.
  await page.reload();
  await visible(getPaid.getByText('Please send us your bank details first.'));
  await visible(page.getByTestId('payout-row').getByText('Declined'));
  await getPaid.getByRole('button', { name: 'Request payout' }).click();
  await visible(getPaid.getByText(/You asked for \$30\.00/));

  // Paid this time.
  await admin.reload();
  await admin.getByRole('tab', { name: 'Payouts' }).click();
  const again = admin.getByTestId('admin-payout-row').filter({ hasText: 'Requested' }).filter({ hasText: name });
  await again.getByRole('button', { name: `Mark paid: $30.00 to ${name}` }).click();
  await visible(admin.getByText('Payout paid'));
  // A paid payout's row holds no button: the table, wider than the phone, is itself a named
  // stop in the tab order, so the keyboard can scroll it.
  await visible(admin.getByTestId('admin-payout-row').filter({ hasText: name }).filter({ hasText: 'Completed' }));
  const payoutsTable = admin.getByRole('region', { name: 'Payouts table' });
  expect(await payoutsTable.getAttribute('tabindex')).toBe('0');
  await expectNoAxeViolations(admin, 'the payouts with a paid payout, on a phone');
  expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);
  await page.reload();
  await visible(getPaid.getByText(/Your payout of \$30\.00 was paid on/));
  await visible(page.getByTestId('payout-row').getByText('Completed'));
  // And is told by mail.
  const paidMail = await mailTo(e2e, creator.email, /^Your payout of \$30\.00 was paid$/);
  expect(paidMail.links.every((link) => link.startsWith(new URL(setupUrl).origin))).toBe(true);

  // The request's receipt can be turned off: its "Stop these mails" link, followed in the
  // browser with no sign-in, asks first and then stops them.
  const requestMail = await mailTo(e2e, creator.email, /^We got your payout request/);
  const unsubscribe = new URL(requestMail.links.find((link) => link.includes('/api/notifications/unsubscribe?token='))!);
  const stranger = await e2e.newPage({ viewport: PHONE });
  await stranger.goto(unsubscribe.pathname + unsubscribe.search);
  await shownAfterLoad(stranger.getByRole('heading', { name: 'Stop these mails?' }));
  await expectNoAxeViolations(stranger, 'the unsubscribe confirm page');
  await stranger.getByRole('button', { name: 'Stop these mails' }).click();
  await visible(stranger.getByRole('heading', { name: 'You are unsubscribed' }));
  await visible(stranger.getByText('Payout request received', { exact: false }));
  await expectNoAxeViolations(stranger, 'the unsubscribed page');
});

test('creators find their sign-in from every page: the footer links to /creator-login', async () => {
  const page = await e2e.newPage({ viewport: PHONE });
  await page.goto('/affirmations');
  await page.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Creator Sign-in' }).click();
  await page.waitForURL('**/creator-login');
  await pageSettled(page);
  await visible(page.getByLabel('Email'));
});

test('an admin on a phone: transcripts are searched and paged, music is previewed, and no tab is wider than the screen', async () => {
  const track = `Preview Pad ${randomUUID().slice(0, 6)}`;
  await addMusicTrack(e2e.system, track, 12);
  const admin = await adminAt('/admin');
  await pageSettled(admin);

  // Transcripts: 20 a page, with the count; a search narrows them.
  const status = admin.getByRole('status').filter({ hasText: /Showing|No transcripts/ });
  await visible(status.filter({ hasText: /^Showing 1–20 of \d+$/ }));
  const total = Number((await status.first().textContent())!.match(/of (\d+)/)![1]);
  expect(total).toBeGreaterThan(20);
  expect(await admin.getByRole('table').getByRole('row').count()).toBe(21); // a header and 20 rows
  expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);
  const pages = admin.getByRole('navigation', { name: 'Transcript pages' });
  await pages.getByRole('button', { name: 'Next' }).click();
  await visible(status.filter({ hasText: `Showing 21–${Math.min(40, total)} of ${total}` }));
  await visible(pages.getByText(`Page 2 of ${Math.ceil(total / 20)}`));
  const [first] = await browserClient(admin).api.call('GET /api/transcripts', {});
  await admin.getByRole('searchbox', { name: 'Search transcripts' }).fill(first.title);
  await visible(admin.getByRole('row').filter({ hasText: first.title }));
  await visible(status.filter({ hasText: /^Showing 1–\d+ of \d+$/ }));
  expect(await pages.count()).toBe(0);
  await admin.getByRole('searchbox', { name: 'Search transcripts' }).fill('zzz no such words');
  await visible(admin.getByText('No transcripts match “zzz no such words”'));
  await expectNoAxeViolations(admin, 'the transcripts search with no result');

  // Creators and Payouts stay inside the screen.
  for (const tab of ['Creators', 'Payouts']) {
    await admin.getByRole('tab', { name: tab }).click();
    await pageSettled(admin);
    expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);
  }

  // Music: the uploaded track plays in a preview.
  await admin.getByRole('tab', { name: 'Music' }).click();
  await admin.getByRole('button', { name: `Play preview of ${track}` }).click();
  const preview = admin.locator(`audio[aria-label="Preview of ${track}"]`);
  await admin.waitForFunction(
    (label) => ((document.querySelector(`audio[aria-label="${label}"]`) as HTMLAudioElement | null)?.currentTime ?? 0) > 0.2,
    `Preview of ${track}`,
    { timeout: 30_000 },
  );
  expect(await preview.evaluate((a: HTMLAudioElement) => Math.round(a.duration))).toBe(12);
  await expectNoAxeViolations(admin, 'a music preview');
  expect(await pageWidth(admin)).toBeLessThanOrEqual(PHONE.width);
  await admin.getByRole('button', { name: `Hide preview of ${track}` }).click();
  expect(await preview.count()).toBe(0);
});
