import type { CommissionView, PayoutBalanceView, PayoutView } from '@innerecho/contracts';
import { apiQueryKey } from '@innerecho/ui';

/** Response shapes of the admin payout endpoints (creator-referral). Amounts in cents. */
export type PayableCommission = CommissionView;

export type CreatorBalance = PayoutBalanceView;

export type AdminPayout = PayoutView;

export const BALANCES_KEY = apiQueryKey('GET /api/payouts/balances');
export const PAYOUTS_KEY = apiQueryKey('GET /api/payouts');

export function commissionLabel(c: PayableCommission): string {
  const base = c.subscriptionPlan === 'monthly' ? `Month ${c.monthNumber}/6` : 'Yearly (one-time)';
  return c.adjustment ? `Refund of ${base}` : base;
}

export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
