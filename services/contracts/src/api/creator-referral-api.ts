/**
 * Response shapes of the creator area and the admin payouts (creator-referral), shared by
 * the service and the frontends. Amounts are in cents.
 */
export const ANALYTICS_PERIODS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** What the creator area shows about the signed-in creator (never the password hash). */
export interface CreatorAccountView {
  id: string;
  name: string;
  email: string;
  bio: string;
  profilePicUrl: string;
  youtubeChannel: string;
  referralCode: string;
}

export interface CommissionView {
  id: string;
  amount: number;
  status: 'pending' | 'paid';
  subscriptionPlan: 'monthly' | 'yearly';
  monthNumber: number;
  /** A negative adjustment taking back a refunded commission that was already paid. */
  adjustment: boolean;
  inPayout: boolean;
  createdAt: string;
}

export interface PayoutView {
  id: string;
  creatorId: string;
  amount: number;
  status: 'pending' | 'completed' | 'failed';
  commissionIds: string[];
  payoutDate: string | null;
  createdAt: string;
  notes: string;
}

/** GET /api/creator-analytics/{creatorId}?period=… */
export interface CreatorDashboardAnalytics {
  totalSignups: number;
  activeSubscribers: number;
  totalRevenue: number;
  pendingRevenue: number;
  paidRevenue: number;
  revenueByPeriod: { period: string; amount: number }[];
  signupsByPeriod: { period: string; count: number }[];
}
