import { useAuth } from '@innerecho/ui';

/**
 * What stands between a listener and the screens that record and generate, in the order they
 * are told about it: signed out first, then no subscription. (A missing voice clone is the
 * next step after these and belongs to the pages that need one.)
 */
export type ListenerAccess = 'loading' | 'signed-out' | 'no-subscription' | 'ready';

export function useListenerAccess(): ListenerAccess {
  const { isLoading, isAuthenticated, hasActiveSubscription } = useAuth();
  if (isLoading) return 'loading';
  if (!isAuthenticated) return 'signed-out';
  return hasActiveSubscription ? 'ready' : 'no-subscription';
}
