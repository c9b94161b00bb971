import type { QueryClient } from '@tanstack/react-query';
import { AUTH_USER_QUERY_KEY, isApiError, keepPathForAfterCheckout, serverErrorMessage, toast, type NavigateFunction } from '@innerecho/ui';
import { PRICING_PATH } from '../access/start-trial-prompt';

/**
 * Cloning and generating need an active subscription; the server answers 402
 * SUBSCRIPTION_REQUIRED otherwise. The pages check the plan when they open (ListenerGate), so
 * this is the late case: the plan ended while the page was open.
 */
export function isSubscriptionRequired(error: unknown): boolean {
  return error instanceof Error && 'code' in error && error.code === 'SUBSCRIPTION_REQUIRED';
}

/**
 * Says a plan is needed (with `description`, or the server's words) and opens the plans. The
 * account is read again first: the plan it showed when the page opened has ended.
 */
export function sendToPricing(
  error: unknown,
  { navigate, queryClient, description }: { navigate: NavigateFunction; queryClient: QueryClient; description?: string },
) {
  void queryClient.invalidateQueries({ queryKey: AUTH_USER_QUERY_KEY });
  // After checkout the listener comes back to the page they were on.
  keepPathForAfterCheckout(window.location.pathname + window.location.search);
  toast({
    title: 'Subscription required',
    description:
      description ||
      serverErrorMessage(error) ||
      (error instanceof Error && !isApiError(error) && error.message) ||
      'Choose a plan to start your free trial.',
    variant: 'destructive',
  });
  void navigate(PRICING_PATH);
}
