import { callApi, getReferralCode, serverErrorMessage, toast } from '@innerecho/ui';
import { useMutation } from '@tanstack/react-query';
import type { PlanId } from './plans';

/**
 * Starts a checkout for a plan (Stripe, or the demo checkout): the chosen plan's button says
 * 'Loading...' until the answer, a `{ url }` answer is followed, an error toasts (with the
 * server's words when it gave some, even in a 200 answer that carries an `{ error }` instead). The referral code comes
 * from ?ref or, failing that, the remembered referral cookie.
 */
export function useCheckout() {
  const mutation = useMutation({
    mutationFn: (plan: PlanId) => {
      const referralCode = getReferralCode();
      return callApi('POST /api/create-checkout-session', { body: { plan, ...(referralCode ? { referralCode } : {}) } });
    },
    onSuccess: (answer) => {
      if (answer.url) {
        window.location.href = answer.url;
        return;
      }
      // Not the declared { url }: a 200 that explains itself ({ error: '…' }) is shown as the server said it.
      const said = 'error' in answer && typeof answer.error === 'string' ? answer.error : '';
      toast({ title: 'Error', description: said || 'Failed to create checkout session', variant: 'destructive' });
    },
    onError: (error) => {
      // A non-OK answer that explains itself ({error: '…'}) is shown as the server said it.
      toast({ title: 'Error', description: serverErrorMessage(error) ?? 'An unexpected error occurred', variant: 'destructive' });
    },
  });

  return {
    startCheckout: (plan: PlanId) => mutation.mutate(plan),
    /**
     * The plan whose button shows 'Loading...': while the request runs, and after a
     * {url} answer until the browser has left for the checkout page.
     */
    pendingPlan: mutation.isPending || mutation.data?.url ? (mutation.variables ?? null) : null,
  };
}
