import { LOGIN_PATH, LOGOUT_PATH, resetSessionId } from '@innerecho/ui';

export { LOGIN_PATH };

/** The account page identity serves: change the password, sign out on every device. */
export const ACCOUNT_PATH = '/api/auth/account';

/**
 * Forget the anonymous session id (it is bound to this user on the server) and let the
 * server end the session; a full page navigation also drops all cached user data.
 */
export function logOut(): void {
  resetSessionId();
  window.location.href = LOGOUT_PATH;
}
