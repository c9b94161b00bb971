import type { Page } from 'playwright-core';
import { expectNoAxeViolations, pageSettled, signedUpListener, startE2EForThisFile, visible, watchConsoleErrors, type E2E } from '../src';

jest.setTimeout(300_000);

let e2e: E2E;
startE2EForThisFile((started) => (e2e = started));

const PHONE = { width: 390, height: 844 };

/** The page in a theme, checked by axe, with nothing logged as an error. */
async function inBothThemes(page: Page, path: string) {
  const errors = watchConsoleErrors(page);
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
    await page.goto(path);
    await pageSettled(page);
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
    await expectNoAxeViolations(page, `${path} (${theme})`);
  }
  expect(errors).toEqual([]);
}

test('a listener finds the kinds of mail on their account page, and turns on the daily reminder at their time in their zone', async () => {
  const { page } = await signedUpListener(e2e, { viewport: PHONE });
  await inBothThemes(page, '/api/auth/account');
  const emails = page.locator('.section').filter({ has: page.getByRole('heading', { name: 'Emails' }) });
  await visible(emails.getByText('Receipts for each payment (always sent)'));
  await visible(emails.getByText('Daily reminder to listen'));
  await emails.getByRole('link', { name: 'Choose your mails' }).click();
  await page.waitForURL('**/api/notifications/mail-settings');
  await inBothThemes(page, '/api/notifications/mail-settings');

  // Security and money mails are listed as always sent, with no switch; the reminder is off until a time is chosen.
  await visible(page.getByRole('listitem').filter({ hasText: 'Receipts for each payment' }));
  expect(await page.getByRole('checkbox', { name: /Receipts for each payment/ }).count()).toBe(0);
  const reminder = page.getByRole('checkbox', { name: 'Daily reminder to listen' });
  expect(await reminder.isChecked()).toBe(false);

  // A zone it does not know is refused, with the page again.
  await reminder.check();
  await page.getByLabel('Time of day').fill('21:15');
  await page.getByLabel('Time zone').fill('Atlantis/Lost');
  await page.getByRole('button', { name: 'Save mail choices' }).click();
  await visible(page.getByRole('alert').getByText('Choose a time zone from the list'));
  await expectNoAxeViolations(page, 'the mail settings with a refused zone');

  await page.getByRole('checkbox', { name: 'Daily reminder to listen' }).check();
  await page.getByLabel('Time of day').fill('21:15');
  await page.getByLabel('Time zone').fill('America/New_York');
  await page.getByRole('button', { name: 'Save mail choices' }).click();
  await visible(page.getByRole('status').getByText('Your mail choices are saved.'));
  expect(await page.getByRole('checkbox', { name: 'Daily reminder to listen' }).isChecked()).toBe(true);
  expect(await page.getByLabel('Time of day').inputValue()).toBe('21:15');
  expect(await page.getByLabel('Time zone').inputValue()).toBe('America/New_York');
  await page.getByRole('link', { name: 'Back to your account' }).click();
  await page.waitForURL('**/api/auth/account');
});

test('an unsubscribe link that is not known gets a clear page, in both themes', async () => {
  const page = await e2e.newPage({ viewport: PHONE });
  await page.goto('/');
  const path = `/api/notifications/unsubscribe?token=${'u'.repeat(43)}`;
  for (const theme of ['dark', 'light'] as const) {
    await page.evaluate((chosen) => localStorage.setItem('theme', chosen), theme);
    const answer = await page.goto(path);
    expect(answer?.status()).toBe(404);
    await visible(page.getByRole('heading', { name: 'This link is not known' }));
    await expectNoAxeViolations(page, `the unknown unsubscribe link (${theme})`);
  }
  await page.getByRole('link', { name: 'Choose your mails' }).click();
  await page.waitForURL('**/api/login?mode=signin*');
});
