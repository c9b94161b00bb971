import { useQuery, useQueryClient } from '@tanstack/react-query';
import { endpointUrl, type CurrentUser } from '@innerecho/contracts';
import { answerOf, apiQueryKey, callApi } from '../data/api-client';
import { claimDeviceFor } from '../session/device-owner';

export type UserRole = CurrentUser['role'];
/**
 * The current user, asked of GET /api/auth/session: it answers `{ user: null }` to a visitor,
 * so being signed out is an answer here and the browser logs no failed request for it.
 */
export const AUTH_USER_QUERY_KEY = apiQueryKey('GET /api/auth/session');
/** The pages identity serves, each a full-page navigation: sign in or up, sign out, the account page (password, sign out everywhere, deletion). */
export const LOGIN_PATH = endpointUrl('GET /api/login', {});
export const LOGOUT_PATH = endpointUrl('GET /api/logout', {});
export const ACCOUNT_PATH = endpointUrl('GET /api/auth/account', {});

export type LoginMode = 'signin' | 'signup';

/**
 * The built-in sign-in page: `signup` shows the sign-up form first, `signin` the sign-in form,
 * no mode lets the page choose (sign-up first unless this browser signed in before). After
 * signing in the browser returns to `returnTo` (a path on this site); someone already signed in
 * goes there at once.
 */
export function loginUrl({ mode, returnTo }: { mode?: LoginMode; returnTo?: string } = {}): string {
  return endpointUrl('GET /api/login', { query: { mode: mode || undefined, returnTo: returnTo || undefined } });
}

declare global {
  interface Window {
    /** The shell's page asks GET /api/auth/session while its scripts load (index.html). */
    __innerechoSession?: Promise<Response>;
  }
}

/**
 * The answer the page asked for before the scripts arrived, used once: every page starts with
 * this question, so it is not left until the app has loaded. Later asks (after signing in or
 * out) go to the server afresh; a failed early ask is asked again.
 */
async function takeSessionAskedEarly(): Promise<Response | null> {
  const early = typeof window === 'undefined' ? undefined : window.__innerechoSession;
  if (!early) return null;
  window.__innerechoSession = undefined;
  return early.catch(() => null);
}

export interface UseAuthResult {
  user: CurrentUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  hasActiveSubscription: boolean;
  isAdmin: boolean;
}

/**
 * The signed-in user, or null. Never retried. A failed request also reads as signed out, so a
 * flaky identity service cannot lock visitors out of public pages. Before an answer reaches
 * any screen, the device is claimed for that user: what it kept for anyone else is removed
 * (see `claimDeviceFor`), so no screen ever asks with the previous person's sessionId.
 */
export function useAuth(): UseAuthResult {
  const queryClient = useQueryClient();
  const { data, isLoading } = useQuery({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: async () => {
      const early = await takeSessionAskedEarly();
      const { user } = early ? await answerOf('GET /api/auth/session', early) : await callApi('GET /api/auth/session');
      await claimDeviceFor(user?.id ?? null, queryClient, AUTH_USER_QUERY_KEY);
      return user;
    },
    retry: false,
  });
  const user = data ?? null;
  return {
    user,
    isLoading,
    isAuthenticated: user !== null,
    hasActiveSubscription: user?.subscriptionStatus === 'active',
    isAdmin: user?.role === 'admin',
  };
}
