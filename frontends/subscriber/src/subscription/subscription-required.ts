import type { NavigateFunction } from 'react-router-dom';
import { isApiError, serverErrorMessage, toast } from '@innerecho/ui';

/**
 * Cloning and generating need an active subscription; the server answers 402
 * SUBSCRIPTION_REQUIRED otherwise. These pages then say so and send the user to pricing.
 */
export function isSubscriptionRequired(error: unknown): boolean {
  if (isApiError(error)) return error.status === 402;
  return (error as { code?: string } | null)?.code === 'SUBSCRIPTION_REQUIRED';
}

export function sendToPricing(error: unknown, navigate: NavigateFunction) {
  toast({
    title: 'Subscription required',
    description:
      serverErrorMessage(error) ||
      (error instanceof Error && !isApiError(error) && error.message) ||
      'Choose a plan to start your free trial.',
    variant: 'destructive',
  });
  navigate('/#pricing');
}
