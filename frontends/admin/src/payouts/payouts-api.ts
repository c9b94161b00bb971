/** Response shapes of the admin payout endpoints (creator-referral). Amounts in cents. */
export interface PayableCommission {
  id: string;
  amount: number;
  status: 'pending' | 'paid';
  subscriptionPlan: 'monthly' | 'yearly';
  monthNumber: number;
  adjustment: boolean;
  createdAt: string;
}

export interface CreatorBalance {
  creatorId: string;
  name: string;
  email: string;
  referralCode: string;
  pendingBalance: number;
  commissions: PayableCommission[];
}

export interface AdminPayout {
  id: string;
  creatorId: string;
  amount: number;
  status: string;
  commissionIds: string[];
  payoutDate: string | null;
  createdAt: string;
  notes: string;
}

export const BALANCES_KEY = ['/api/payouts/balances'] as const;
export const PAYOUTS_KEY = ['/api/payouts'] as const;

/** Dollars with two decimals, the sign in front: -250 -> '-$2.50'. */
export function dollars(cents: number): string {
  const abs = `$${(Math.abs(cents) / 100).toFixed(2)}`;
  return cents < 0 ? `-${abs}` : abs;
}

export function commissionLabel(c: PayableCommission): string {
  const base = c.subscriptionPlan === 'monthly' ? `Month ${c.monthNumber}/6` : 'Yearly (one-time)';
  return c.adjustment ? `Refund of ${base}` : base;
}

export const formatDay = (iso: string) => new Date(iso).toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
