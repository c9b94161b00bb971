import { useState } from 'react';
import { useAuth } from '../auth/use-auth';
import { Button, type ButtonProps } from '../components/button';
import { callApi } from '../data/api-client';
import { serverErrorMessage } from '../data/api-request';
import { toast } from '../toast/toast-store';
import { CreditCard } from 'lucide-react';

export type ManageSubscriptionButtonProps = Pick<ButtonProps, 'size' | 'fullWidth' | 'variant'>;

/**
 * 'Manage subscription' for signed-in subscribers: opens Stripe's customer portal
 * (cancel, change plan, payment method), or the demo portal when billing runs without Stripe.
 */
export function ManageSubscriptionButton({ size = 'sm', fullWidth, variant = 'ghost' }: ManageSubscriptionButtonProps) {
  const { hasActiveSubscription } = useAuth();
  const [opening, setOpening] = useState(false);
  if (!hasActiveSubscription) return null;

  const open = async () => {
    setOpening(true);
    try {
      const { url } = await callApi('POST /api/billing/portal');
      window.location.href = url;
    } catch (error) {
      setOpening(false);
      toast({ title: 'Error', description: serverErrorMessage(error) ?? 'Could not open subscription management', variant: 'destructive' });
    }
  };

  return (
    <Button
      variant={variant}
      size={size}
      fullWidth={fullWidth}
      onClick={() => void open()}
      disabled={opening}
      aria-busy={opening || undefined}
    >
      <CreditCard size={16} aria-hidden />
      {opening ? 'Opening...' : 'Manage subscription'}
    </Button>
  );
}
