import { useQuery } from '@tanstack/react-query';
import { getQueryFn } from '../data/query-client';

export type UserRole = 'subscriber' | 'admin';

export interface AuthUser {
  id: string;
  email: string;
  name: string | null;
  role: UserRole;
  subscriptionStatus: string | null;
}

export const AUTH_USER_QUERY_KEY = ['/api/auth/user'] as const;
export const LOGIN_PATH = '/api/login';
export const LOGOUT_PATH = '/api/logout';

export interface UseAuthResult {
  user: AuthUser | null;
  isLoading: boolean;
  isAuthenticated: boolean;
  hasActiveSubscription: boolean;
  isAdmin: boolean;
}

/**
 * The signed-in user, or null. A 401 means "signed out" and is not an error; the call
 * is never retried (spec section 7). Other failures also read as signed out, so a
 * flaky identity service cannot lock visitors out of public pages.
 */
export function useAuth(): UseAuthResult {
  const { data, isLoading } = useQuery<AuthUser | null>({
    queryKey: AUTH_USER_QUERY_KEY,
    queryFn: getQueryFn<AuthUser>({ on401: 'returnNull' }),
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
