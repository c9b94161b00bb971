import type { CommissionView } from '@innerecho/contracts';
import { apiQueryKey } from '@innerecho/ui';

export const BALANCES_KEY = apiQueryKey('GET /api/payouts/balances');
export const PAYOUTS_KEY = apiQueryKey('GET /api/payouts');

export function commissionLabel(c: CommissionView): string {
  const base = c.subscriptionPlan === 'monthly' ? `Month ${c.monthNumber}/6` : 'Yearly (one-time)';
  return c.adjustment ? `Refund of ${base}` : base;
}

export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
