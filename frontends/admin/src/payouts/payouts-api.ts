import type { CommissionView, PayoutBalanceView, PayoutView } from '@innerecho/contracts';

/** Response shapes of the admin payout endpoints (creator-referral). Amounts in cents. */
export type PayableCommission = CommissionView;

export type CreatorBalance = PayoutBalanceView;

export type AdminPayout = PayoutView;

export const BALANCES_KEY = ['/api/payouts/balances'] as const;
export const PAYOUTS_KEY = ['/api/payouts'] as const;

export function commissionLabel(c: PayableCommission): string {
  const base = c.subscriptionPlan === 'monthly' ? `Month ${c.monthNumber}/6` : 'Yearly (one-time)';
  return c.adjustment ? `Refund of ${base}` : base;
}

export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
