import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './identity-api';

/**
 * Requests and answers of the creator area, referrals and the admin payouts
 * (creator-referral), shared by the service and the frontends. Amounts are in cents.
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

/** GET /api/creator-analytics/{creatorId}?period=… */
export const ZAnalyticsQuery = z.object({
  period: z.enum(ANALYTICS_PERIODS, { message: 'Period must be daily, weekly, monthly or yearly' }).default('monthly'),
});

export const CREATOR_SIGN_IN_MESSAGES = {
  missing: 'Please enter both email and password',
  invalid: 'Invalid email or password',
} as const;

/** POST /api/creator-auth/login */
export const ZCreatorSignIn = z.object({
  email: z.string({ message: CREATOR_SIGN_IN_MESSAGES.missing }).trim().min(1, CREATOR_SIGN_IN_MESSAGES.missing).max(254),
  password: z.string({ message: CREATOR_SIGN_IN_MESSAGES.missing }).min(1, CREATOR_SIGN_IN_MESSAGES.missing).max(200),
});

/** POST /api/creator-auth/login: the creator now signed in (GET /api/creator-auth/current answers the account alone). */
export interface CreatorSignInAnswer {
  creator: CreatorAccountView;
}

/**
 * PUT /api/creators/{id} may set a new password besides the profile (the admin form has no
 * password field when editing; the API takes one so an admin can give a starter creator a
 * password they know).
 */
export const ZCreatorPasswordReset = z.object({
  password: z
    .string()
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .max(200, 'Password must be 200 characters or less')
    .optional(),
});

/** GET /api/referrals/validate/{code}: true only for an active creator's code. */
export interface ReferralCodeValidity {
  valid: boolean;
}

/** POST /api/referrals/click */
export const ZReferralClick = z.object({
  referralCode: z.string({ message: 'Referral code is required' }).trim().min(1, 'Referral code is required').max(64),
});

/** POST /api/referrals/click: false when this browser already clicked this creator's link today. */
export interface ReferralClickAnswer {
  recorded: boolean;
}

/** POST /api/payouts (admin): a payout of chosen pending commissions of one creator. */
export const ZCreatePayout = z.object({
  creatorId: z.string({ message: 'Choose a creator' }).uuid('Choose a creator'),
  commissionIds: z
    .array(z.string().uuid('Unknown commission'), { message: 'Choose at least one commission' })
    .min(1, 'Choose at least one commission')
    .max(500),
  notes: z.string().trim().max(500, 'Notes are limited to 500 characters').optional().default(''),
});

/** GET /api/payouts/balances (admin): every creator with what is waiting to be paid out. */
export interface PayoutBalanceView {
  creatorId: string;
  name: string;
  email: string;
  referralCode: string;
  pendingBalance: number;
  commissions: CommissionView[];
}
