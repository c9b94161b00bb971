import { LOGOUT_PATH, forgetOfflineCopies, loginUrl, resetSessionId } from '@innerecho/ui';

/** The account page identity serves: change the password, sign out on every device. */
export const ACCOUNT_PATH = '/api/auth/account';

/**
 * Forget the anonymous session id (it is bound to this user on the server) and what this
 * device kept offline for the listener, then let the server end the session; a full page
 * navigation also drops all cached user data. Signing out never waits on a failed clean-up.
 */
export async function logOut(): Promise<void> {
  resetSessionId();
  await forgetOfflineCopies().catch((error: unknown) => console.warn('offline copies were not removed', error));
  window.location.href = LOGOUT_PATH;
}

/**
 * The header's Sign in opens the sign-in form (never sign-up: whoever presses "Sign in" has an
 * account; the form links to sign-up for those who do not), back to the page the person is on,
 * except from the landing and checkout pages, where the sign-in page's own default (the
 * library) is the better next page.
 */
export function signInHref(pathname: string, search: string): string {
  return loginUrl({ mode: 'signin', returnTo: pathname === '/' || pathname === '/success' ? undefined : pathname + search });
}
