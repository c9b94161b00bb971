import type { Page } from 'playwright-core';
import { hashPassword } from '@innerecho/kit';
import { creatorReferralTables } from '@innerecho/creator-referral';
import { uniqueEmail } from '@innerecho/embedded';
import { type E2E, firstLink, mailTo, signInInBrowser, signUpInBrowser, startE2EForThisFile, visible } from '../src';

jest.setTimeout(300_000);

let e2e: E2E;
startE2EForThisFile((started) => (e2e = started));

const RESET_SUBJECT = 'Choose a new InnerEcho password';
const CONFIRM_SUBJECT = 'Confirm your InnerEcho address';

async function chooseNewPassword(page: Page, password: string) {
  await page.getByLabel('New password').fill(password);
  await page.getByLabel('Repeat the password').fill(password);
  await page.getByRole('button', { name: 'Save password' }).click();
}

describe('forgot password, from the mail', () => {
  test('a listener asks from the sign-in page, follows the mailed link, chooses a password and is signed in; their other session ends and they are told', async () => {
    const elsewhere = await e2e.newPage();
    const { email } = await signUpInBrowser(elsewhere, { password: 'the old password 1' });

    const page = await e2e.newPage();
    await page.goto('/api/login?mode=signin');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await visible(page.getByRole('heading', { name: 'Forgot your password?' }));
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'If an account uses that address' }));

    await page.goto(firstLink(await mailTo(e2e, email, RESET_SUBJECT)));
    await chooseNewPassword(page, 'a new password 2');
    await page.waitForURL('**/api/login?mode=signin&notice=password-reset');
    await visible(page.getByRole('status').filter({ hasText: 'Sign in with your new password' }));
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a new password 2');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/api/'));
    await page.goto('/api/auth/account');
    await visible(page.getByText(`Signed in as Test Listener (${email})`));

    // The session signed in elsewhere before the reset has ended.
    await elsewhere.goto('/api/auth/account');
    await elsewhere.waitForURL('**/api/login?**');
    const changed = await mailTo(e2e, email, 'Your InnerEcho password was changed');
    expect(firstLink(changed)).toContain('/api/auth/forgot-password');
  });

  test('/forgot-password typed by hand reaches the page that asks for the address', async () => {
    const page = await e2e.newPage();
    await page.goto('/forgot-password');
    await visible(page.getByRole('heading', { name: 'Forgot your password?' }));
    expect(new URL(page.url()).pathname).toBe('/api/auth/forgot-password');
  });

  test('a creator asks from the creator sign-in form, chooses a password through the mailed link and signs in with it', async () => {
    const email = uniqueEmail('e2e-creator-reset');
    await e2e.system.services.creatorReferral.context.db.insert(creatorReferralTables.creators).values({
      name: 'Rhea Creator',
      email,
      passwordHash: await hashPassword('creator password 123'),
      referralCode: `rhea${Date.now().toString(36)}`,
    });
    const page = await e2e.newPage();
    await page.goto('/creator-login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await visible(page.getByRole('heading', { name: 'Forgot your creator password?' }));
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send me a reset link' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'If a creator account uses that address' }));

    await page.goto(firstLink(await mailTo(e2e, email, 'Choose a new InnerEcho creator password')));
    await chooseNewPassword(page, 'a new creator pass 2');
    await visible(page.getByRole('heading', { name: 'Your password is changed' }));
    await page.getByRole('link', { name: 'Creator sign-in' }).click();
    await page.waitForURL('**/creator-login');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a new creator pass 2');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await page.waitForURL('**/creator-dashboard');
    await mailTo(e2e, email, 'Your InnerEcho creator password was changed');
  });
});

describe('confirmed addresses, from the mail', () => {
  test('a new listener is told quietly, confirms through the mailed link, and the link then says it is used', async () => {
    const page = await e2e.newPage();
    const { email } = await signUpInBrowser(page);
    await page.goto('/api/auth/account');
    await visible(page.getByText('Your address is not confirmed yet'));
    await page.getByRole('button', { name: 'Send the link again' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'We sent you a new confirmation link' }));

    // The newest link, opened as from the inbox.
    const link = firstLink(await mailTo(e2e, email, CONFIRM_SUBJECT, 2));
    await page.goto(link);
    await page.getByRole('button', { name: 'Confirm my address' }).click();
    await visible(page.getByRole('heading', { name: 'Your address is confirmed' }));
    await page.goto('/api/auth/account');
    await visible(page.getByRole('heading', { name: 'Email address' }));
    expect(await page.getByText('Your address is not confirmed yet').count()).toBe(0);

    await page.goto(link);
    await visible(page.getByRole('heading', { name: 'This link cannot be used' }));
    await visible(page.getByRole('alert').filter({ hasText: 'expired or has already been used' }));
  });

  test('a change of address: the new address confirms, the old one is told, and the listener signs in with the new one', async () => {
    const page = await e2e.newPage();
    const { email, password } = await signUpInBrowser(page);
    const newEmail = uniqueEmail('e2e-new-address');
    await page.goto('/api/auth/account');
    await page.getByLabel('New email address').fill(newEmail);
    await page.getByLabel('Confirm with your password').fill(password);
    await page.getByRole('button', { name: 'Change email' }).click();
    await visible(page.getByRole('status').filter({ hasText: 'We sent a link to your new address' }));
    await visible(page.getByText(`Waiting for you to confirm ${newEmail}`));

    // Opened on another device, where nobody is signed in.
    const inbox = await e2e.newPage();
    await inbox.goto(firstLink(await mailTo(e2e, newEmail, 'Confirm your new InnerEcho address')));
    await inbox.getByRole('button', { name: 'Confirm my new address' }).click();
    await visible(inbox.getByRole('heading', { name: 'Your address is changed' }));

    const told = await mailTo(e2e, email, 'Your InnerEcho address was changed');
    expect(told.text).toContain(newEmail);
    // Nothing else ended: the first browser is still signed in, now with the new address.
    await page.goto('/api/auth/account');
    await visible(page.getByText(`Signed in as Test Listener (${newEmail})`));
    const fresh = await e2e.newPage();
    await signInInBrowser(fresh, newEmail, password);
    await fresh.goto('/api/auth/account');
    await visible(fresh.getByText(`Signed in as Test Listener (${newEmail})`));
  });

  test('unknown and expired links each get a clear page', async () => {
    const page = await e2e.newPage();
    await page.goto('/api/auth/confirm-email?token=not-a-real-token');
    await visible(page.getByRole('heading', { name: 'This link cannot be used' }));
    await page.goto('/api/auth/reset-password?token=not-a-real-token');
    await visible(page.getByRole('alert').filter({ hasText: 'This password reset link has expired or has already been used' }));
    await visible(page.getByRole('button', { name: 'Send me a reset link' }));

    const { email } = await signUpInBrowser(page);
    const link = firstLink(await mailTo(e2e, email, CONFIRM_SUBJECT));
    // Seven days pass: the link's expiry moves into the past, as the clock would move it.
    await e2e.system.services.identity.context.db.execute(
      `update identity.email_confirmation_tokens set expires_at = now() - interval '1 second' where email = '${email}'`,
    );
    await page.goto(link);
    await visible(page.getByRole('heading', { name: 'This link cannot be used' }));
    expect(await page.getByRole('button', { name: 'Confirm my address' }).count()).toBe(0);
  });
});
