import { escapeHtml } from '@innerecho/kit';

/** The built-in sign-in and sign-up page (the card's content; the kit's page shell frames it). */

export type LoginMode = 'signin' | 'signup';

/** Fixed messages a redirect may ask the page to show (never text taken from the address). */
export const LOGIN_NOTICES = {
  'signed-out-everywhere': 'You have been signed out on every device.',
  'account-deleted': 'Your account has been deleted, with your voice, your recordings and your affirmations.',
  'password-reset': 'Your password has been changed and every other device signed out. Sign in with your new password.',
} as const;
export type LoginNotice = keyof typeof LOGIN_NOTICES;

export interface LoginPageOptions {
  mode: LoginMode;
  returnTo: string;
  error?: string;
  notice?: LoginNotice;
  email?: string;
  name?: string;
}

export const loginPageTitle = (mode: LoginMode) => (mode === 'signup' ? 'Create account' : 'Sign in');

/** The address of the page in a mode, keeping where to go afterwards. */
export const loginPageHref = (mode: LoginMode, returnTo: string) => `/api/login?mode=${mode}&returnTo=${encodeURIComponent(returnTo)}`;

export function renderLoginPage(options: LoginPageOptions): string {
  const signup = options.mode === 'signup';
  const switchLink = signup
    ? `Already have an account? <a href="${escapeHtml(loginPageHref('signin', options.returnTo))}">Sign in</a>`
    : `New to InnerEcho? <a href="${escapeHtml(loginPageHref('signup', options.returnTo))}">Create an account</a>`;
  return `<h1>${signup ? 'Create your account' : 'Welcome back'}</h1>
<p class="lead">${signup ? 'Start hearing affirmations in your own voice.' : 'Sign in to continue to your affirmations.'}</p>
${options.notice ? `<div class="alert success" role="status">${escapeHtml(LOGIN_NOTICES[options.notice])}</div>` : ''}
${options.error ? `<div class="alert error" role="alert">${escapeHtml(options.error)}</div>` : ''}
<form method="post" action="${signup ? '/api/signup' : '/api/login'}" novalidate>
<input type="hidden" name="returnTo" value="${escapeHtml(options.returnTo)}">
${signup ? `<label for="name">Name</label><input id="name" name="name" type="text" autocomplete="name" maxlength="80" value="${escapeHtml(options.name ?? '')}">` : ''}
<label for="email">Email</label>
<input id="email" name="email" type="email" autocomplete="email" required maxlength="254" value="${escapeHtml(options.email ?? '')}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="${signup ? 'new-password' : 'current-password'}" required minlength="${signup ? 8 : 1}" maxlength="200">
${signup ? '<div class="hint">At least 8 characters.</div>' : '<p class="hint"><a href="/api/auth/forgot-password">Forgot password?</a></p>'}
<button class="button" type="submit">${signup ? 'Create account' : 'Sign in'}</button>
</form>
<p class="switch">${switchLink}</p>`;
}
