import { apiRequest, getReferralCode, serverErrorMessage, toast } from '@innerecho/ui';
import { useMutation } from '@tanstack/react-query';
import type { PlanId } from './plans';

interface CheckoutResponse {
  url?: string;
  error?: string;
}

/**
 * Starts a checkout for a plan (Stripe, or the demo checkout): the chosen plan's button says
 * 'Loading...' until the answer, a `{ url }` answer is followed, an error toasts. The referral code comes
 * from ?ref or, failing that, the remembered referral cookie.
 */
export function useCheckout() {
  const mutation = useMutation({
    mutationFn: async (plan: PlanId): Promise<CheckoutResponse> => {
      const referralCode = getReferralCode();
      const res = await apiRequest('POST', '/api/create-checkout-session', {
        plan,
        ...(referralCode ? { referralCode } : {}),
      });
      return (await res.json()) as CheckoutResponse;
    },
    onSuccess: (data) => {
      if (data.url) {
        window.location.href = data.url;
        return;
      }
      toast({ title: 'Error', description: data.error || 'Failed to create checkout session', variant: 'destructive' });
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
