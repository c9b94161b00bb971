import { LOGOUT_PATH, forgetEverythingPersonal, loginUrl } from '@innerecho/ui';

/**
 * Forget what this device kept for the listener (the anonymous session id bound to them on
 * the server, offline copies, stored recordings and positions), then let the server end the
 * session; a full page navigation also drops every answer in memory. The next session answer
 * (nobody) would remove the same; doing it first means nothing waits on that page. Signing
 * out never waits on a failed clean-up.
 */
export async function logOut(): Promise<void> {
  await forgetEverythingPersonal().catch((error: unknown) => console.warn('what this device kept was not all removed', error));
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
