import { escapeHtml } from '@innerecho/kit';
import { mailKindsSection } from './mail-kinds-section';

/** The account page: the address (confirm it, change it), change the password, sign out on every device, delete the account. */

export const ACCOUNT_PAGE_PATH = '/api/auth/account';

export const ACCOUNT_NOTICES = {
  'password-changed': 'Your password has been changed. You are still signed in here; every other device has been signed out.',
  'confirmation-sent': 'We sent you a new confirmation link. It works once, for seven days.',
  'email-change-sent':
    'We sent a link to your new address. Your address changes once you follow it; until then, sign in with your current one.',
} as const;
export type AccountNotice = keyof typeof ACCOUNT_NOTICES;

export interface AccountPageOptions {
  name: string;
  email: string;
  /** Accounts that sign in through the OpenID provider have no password here. */
  hasPassword: boolean;
  /** Whether the owner of the address followed its confirmation link. */
  emailConfirmed: boolean;
  /** A new address waiting for its owner to follow the link, if any. */
  pendingEmail: string | null;
  notice?: AccountNotice;
  error?: string;
}

export function renderAccountPage(options: AccountPageOptions): string {
  const who = options.name ? `${escapeHtml(options.name)} (${escapeHtml(options.email)})` : escapeHtml(options.email);
  const password = options.hasPassword
    ? `<form method="post" action="/api/auth/password" novalidate>
<label for="currentPassword">Current password</label>
<input id="currentPassword" name="currentPassword" type="password" autocomplete="current-password" required maxlength="200">
<label for="newPassword">New password</label>
<input id="newPassword" name="newPassword" type="password" autocomplete="new-password" required minlength="8" maxlength="200">
<div class="hint">At least 8 characters. Every other device where you are signed in will be signed out.</div>
<button class="button" type="submit">Change password</button>
</form>`
    : '<p class="muted">You sign in with your sign-in provider, so your password is changed there.</p>';
  const confirm = options.hasPassword
    ? `<label for="deletePassword">Your password, to confirm</label>
<input id="deletePassword" name="password" type="password" autocomplete="current-password" required maxlength="200">`
    : `<label for="deleteEmail">Type your email address, to confirm</label>
<input id="deleteEmail" name="email" type="email" autocomplete="off" required maxlength="254">`;
  return `<h1>Your account</h1>
<p class="lead">Signed in as ${who}.</p>
${options.notice ? `<div class="alert success" role="status">${escapeHtml(ACCOUNT_NOTICES[options.notice])}</div>` : ''}
${options.error ? `<div class="alert error" role="alert">${escapeHtml(options.error)}</div>` : ''}
${emailSection(options)}
<div class="section">
<h2>Change password</h2>
${password}
</div>
${mailKindsSection()}
<div class="section">
<h2>Sign out everywhere</h2>
<p class="muted">Signs you out on this device and on every other one, for example a shared or lost computer.</p>
<form method="post" action="/api/auth/logout-everywhere">
<button class="button outline" type="submit">Sign out everywhere</button>
</form>
</div>
<div class="section">
<h2>Delete account</h2>
<p class="muted">Deletes your account and everything in it for good: your cloned voice and its recordings, the affirmations you recorded yourself, your custom and saved affirmations, and your listening history. Your subscription is cancelled. This cannot be undone.</p>
<form method="post" action="/api/auth/account/delete" novalidate>
${confirm}
<button class="button danger" type="submit">Delete account</button>
</form>
</div>`;
}

/**
 * The address: a quiet word while it is unconfirmed (everything works meanwhile) with a way to
 * have the link sent again, the new address waiting for confirmation, and the change form.
 */
function emailSection(options: AccountPageOptions): string {
  const unconfirmed =
    options.hasPassword && !options.emailConfirmed
      ? `<p class="muted" id="confirm-note">Your address is not confirmed yet. Everything works meanwhile; the link we mailed you when you signed up confirms it, so you can always get back into your account.</p>
<form method="post" action="/api/auth/confirm-email/resend">
<button class="button outline" type="submit" aria-describedby="confirm-note">Send the link again</button>
</form>`
      : '';
  const pending = options.pendingEmail
    ? `<p class="muted">Waiting for you to confirm <strong>${escapeHtml(options.pendingEmail)}</strong>: follow the link we mailed to it. Until then you sign in with ${escapeHtml(options.email)}.</p>`
    : '';
  const change = options.hasPassword
    ? `<form method="post" action="/api/auth/email" novalidate>
<label for="newEmail">New email address</label>
<input id="newEmail" name="email" type="email" autocomplete="email" required maxlength="254">
<label for="emailPassword">Confirm with your password</label>
<input id="emailPassword" name="currentPassword" type="password" autocomplete="current-password" required maxlength="200">
<div class="hint">We mail a link to the new address; it becomes your address once you follow it. Nothing else changes: you stay signed in everywhere.</div>
<button class="button" type="submit">Change email</button>
</form>`
    : '<p class="muted">You sign in with your sign-in provider, so your address is changed there.</p>';
  return `<div class="section">
<h2>Email address</h2>
<p>${escapeHtml(options.email)}</p>
${unconfirmed}
${pending}
${change}
</div>`;
}

export const ACCOUNT_PAGE_FOOTER = '<p class="footer"><a class="link" href="/affirmations">Back to InnerEcho</a></p>';
