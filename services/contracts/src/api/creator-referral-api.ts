import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from './identity-api';
import { textField } from './text';

/**
 * Requests and answers of the creator area, referrals and the admin payouts
 * (creator-referral), shared by the service and the frontends. Amounts are in cents.
 */
export const ANALYTICS_PERIODS = ['daily', 'weekly', 'monthly', 'yearly'] as const;
export type AnalyticsPeriod = (typeof ANALYTICS_PERIODS)[number];

/** What the creator area shows about the signed-in creator (never the password hash). */
export const ZCreatorAccountView = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  bio: z.string(),
  profilePicUrl: z.string(),
  youtubeChannel: z.string(),
  referralCode: z.string(),
});
export type CreatorAccountView = z.infer<typeof ZCreatorAccountView>;

/**
 * GET /api/creator-accounts (admin): the account, and when the creator's latest unused setup
 * link stops working (null: no unused link; a past time: it expired unused).
 */
export const ZAdminCreatorAccountView = ZCreatorAccountView.extend({
  setupLinkExpiresAt: z.string().nullable(),
});
export type AdminCreatorAccountView = z.infer<typeof ZAdminCreatorAccountView>;

export const ZCommissionView = z.object({
  id: z.string(),
  amount: z.number(),
  status: z.enum(['pending', 'paid']),
  subscriptionPlan: z.enum(['monthly', 'yearly']),
  monthNumber: z.number(),
  /** A negative adjustment taking back a refunded commission that was already paid. */
  adjustment: z.boolean(),
  inPayout: z.boolean(),
  createdAt: z.string(),
});
export type CommissionView = z.infer<typeof ZCommissionView>;

export const ZPayoutView = z.object({
  id: z.string(),
  creatorId: z.string(),
  amount: z.number(),
  status: z.enum(['pending', 'completed', 'failed']),
  commissionIds: z.array(z.string()),
  payoutDate: z.string().nullable(),
  createdAt: z.string(),
  notes: z.string(),
  /** When the creator asked for it; null for a payout an admin made on their own. */
  requestedAt: z.string().nullable().optional(),
  /** Why an admin declined it (status 'failed'); the creator reads it. */
  declineReason: z.string().nullable().optional(),
});
export type PayoutView = z.infer<typeof ZPayoutView>;

/** GET /api/creator-analytics/{creatorId}?period=… */
export const ZCreatorDashboardAnalytics = z.object({
  totalSignups: z.number(),
  activeSubscribers: z.number(),
  totalRevenue: z.number(),
  pendingRevenue: z.number(),
  paidRevenue: z.number(),
  revenueByPeriod: z.array(z.object({ period: z.string(), amount: z.number() })),
  signupsByPeriod: z.array(z.object({ period: z.string(), count: z.number() })),
});
export type CreatorDashboardAnalytics = z.infer<typeof ZCreatorDashboardAnalytics>;

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
  email: textField({ max: 254, required: CREATOR_SIGN_IN_MESSAGES.missing, tooLong: CREATOR_SIGN_IN_MESSAGES.invalid }).toLowerCase(),
  password: textField({
    max: 200,
    required: CREATOR_SIGN_IN_MESSAGES.missing,
    tooLong: CREATOR_SIGN_IN_MESSAGES.invalid,
    trim: false,
    multiline: true,
  }),
});
export type CreatorSignIn = z.infer<typeof ZCreatorSignIn>;

/** POST /api/creator-auth/login: the creator now signed in (GET /api/creator-auth/current answers the account alone). */
export const ZCreatorSignInAnswer = z.object({
  creator: ZCreatorAccountView,
});
export type CreatorSignInAnswer = z.infer<typeof ZCreatorSignInAnswer>;

/**
 * PUT /api/creators/{id} may set a new password besides the profile (the admin form has no
 * password field when editing; the API takes one so an admin can give a starter creator a
 * password they know).
 */
export const ZCreatorPasswordReset = z.object({
  password: textField({ max: 200, tooLong: 'Password must be 200 characters or less', trim: false, multiline: true })
    .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
    .optional(),
});

/** GET /api/referrals/validate/{code}: true only for an active creator's code. */
export const ZReferralCodeValidity = z.object({
  valid: z.boolean(),
});
export type ReferralCodeValidity = z.infer<typeof ZReferralCodeValidity>;

/** POST /api/referrals/click */
export const REFERRAL_CODE_MAX = 64;

export const ZReferralClick = z.object({
  referralCode: textField({ max: REFERRAL_CODE_MAX, required: 'Referral code is required', tooLong: 'Referral code not found' }),
});
export type ReferralClick = z.infer<typeof ZReferralClick>;

/** POST /api/referrals/click: false when this browser already clicked this creator's link today. */
export const ZReferralClickAnswer = z.object({
  recorded: z.boolean(),
});
export type ReferralClickAnswer = z.infer<typeof ZReferralClickAnswer>;

/** POST /api/payouts (admin): a payout of chosen pending commissions of one creator. */
export const ZCreatePayout = z.object({
  creatorId: z.string({ message: 'Choose a creator' }).uuid('Choose a creator'),
  commissionIds: z
    .array(z.string().uuid('Unknown commission'), { message: 'Choose at least one commission' })
    .min(1, 'Choose at least one commission')
    .max(500),
  notes: textField({ max: 500, tooLong: 'Notes are limited to 500 characters', multiline: true }).optional().default(''),
});

/** GET /api/payouts/balances (admin): every creator with what is waiting to be paid out. */
export const ZPayoutBalanceView = z.object({
  creatorId: z.string(),
  name: z.string(),
  email: z.string(),
  referralCode: z.string(),
  pendingBalance: z.number(),
  commissions: z.array(ZCommissionView),
});
export type PayoutBalanceView = z.infer<typeof ZPayoutBalanceView>;

/**
 * GET /api/payouts/creator/{creatorId}/summary: what the creator can ask for, and when
 * payouts happen. `openRequest` is their request still waiting for an admin.
 */
export const ZPayoutSummaryView = z.object({
  /** Pending commissions not yet in any payout, in cents. */
  availableBalance: z.number(),
  /** The least a creator can ask for, in cents. */
  threshold: z.number(),
  /** How many days an admin takes at most to pay or decline a request. */
  reviewDays: z.number(),
  openRequest: ZPayoutView.nullable(),
  /** The latest request an admin paid or declined, so the creator is told the outcome. */
  lastDecision: ZPayoutView.nullable(),
});
export type PayoutSummaryView = z.infer<typeof ZPayoutSummaryView>;

/** POST /api/payouts/{payoutId}/fail: a creator's request is declined with a reason they read. */
export const ZDeclinePayout = z.object({
  reason: textField({ max: 500, tooLong: 'The reason is limited to 500 characters', multiline: true }).optional().default(''),
});

/** POST /api/creators/{id}/setup-link (admin): a one-time link where the creator chooses a password. */
export const ZCreatorSetupLinkView = z.object({
  url: z.string(),
  expiresAt: z.string(),
});
export type CreatorSetupLinkView = z.infer<typeof ZCreatorSetupLinkView>;
