import { boolean, date, index, integer, jsonb, pgSchema, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { inboxTable, outboxTable } from '@innerecho/kit';

export const creatorReferralSchema = pgSchema('creator_referral');

/** Creator accounts: the only place their email and password hash live. */
export const creators = creatorReferralSchema.table('creators', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  bio: text('bio').notNull().default(''),
  profilePicUrl: text('profile_pic_url').notNull().default(''),
  youtubeChannel: text('youtube_channel').notNull().default(''),
  email: text('email').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  referralCode: text('referral_code').notNull().unique(),
  active: boolean('active').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Every creator sign-in is a session; its id is the token's `sid`, revoked at sign-out. */
export const creatorSessions = creatorReferralSchema.table(
  'creator_sessions',
  {
    id: text('id').primaryKey(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('creator_sessions_creator_idx').on(t.creatorId)],
);

/** One row per client address (keyed, see `clickerKey`) per creator per day: repeat clicks the same day count once. */
export const referralClicks = creatorReferralSchema.table(
  'referral_clicks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id').notNull(),
    visitorKey: text('visitor_key').notNull(),
    day: date('day').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [unique('referral_clicks_once_a_day').on(t.creatorId, t.visitorKey, t.day)],
);

/** A subscription started with a creator's code belongs to that creator. */
export const attributions = creatorReferralSchema.table('attributions', {
  subscriptionId: text('subscription_id').primaryKey(),
  creatorId: uuid('creator_id').notNull(),
  userId: uuid('user_id'),
  email: text('email'),
  plan: text('plan', { enum: ['monthly', 'yearly'] }).notNull(),
  entitled: boolean('entitled').notNull().default(true),
  version: integer('version').notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const commissions = creatorReferralSchema.table(
  'commissions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id').notNull(),
    /** At most one commission per paid invoice, whatever the redeliveries. */
    invoiceId: text('invoice_id').notNull().unique(),
    subscriptionId: text('subscription_id').notNull(),
    /** Negative for the adjustment that takes back a refunded commission already paid out. */
    amountCents: integer('amount_cents').notNull(),
    /** 'reversed': its invoice was refunded before it was paid out, so it no longer counts. */
    status: text('status', { enum: ['pending', 'paid', 'reversed'] })
      .notNull()
      .default('pending'),
    subscriptionPlan: text('subscription_plan', { enum: ['monthly', 'yearly'] }).notNull(),
    monthNumber: integer('month_number').notNull(),
    payoutId: uuid('payout_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('commissions_creator_idx').on(t.creatorId, t.createdAt)],
);

export const payouts = creatorReferralSchema.table('payouts', {
  id: uuid('id').primaryKey().defaultRandom(),
  creatorId: uuid('creator_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  status: text('status', { enum: ['pending', 'completed', 'failed'] })
    .notNull()
    .default('pending'),
  commissionIds: jsonb('commission_ids').$type<string[]>().notNull(),
  payoutDate: timestamp('payout_date', { withTimezone: true }),
  notes: text('notes').notNull().default(''),
  /** Set when the creator asked for this payout themself (an admin's own payout has none). */
  requestedAt: timestamp('requested_at', { withTimezone: true }),
  /** Why an admin declined it: shown to the creator. */
  declineReason: text('decline_reason'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time links an admin sends a creator to choose their password (the starter creators
 * have random ones nobody knows). Only the SHA-256 of the token is kept; a link works once,
 * before it expires, and a newer link replaces the unused older ones.
 */
export const creatorSetupTokens = creatorReferralSchema.table('creator_setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  creatorId: uuid('creator_id')
    .notNull()
    .references(() => creators.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time links a creator who forgot their password asked for: the SHA-256 of each token, for one hour, used once. */
export const creatorPasswordResetTokens = creatorReferralSchema.table(
  'creator_password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('creator_password_reset_tokens_creator_idx').on(t.creatorId, t.createdAt)],
);

/** An affirmation of a collection as stored: a pick names a library affirmation; a new text carries its words and its future library id. */
export interface StoredCollectionItem {
  kind: 'pick' | 'new';
  transcriptId: string;
  title?: string;
  content?: string;
}

/**
 * Creators' collections: the creator's working copy and its review. The approved version
 * lives in the library (published through `creator.collection.published.v1`).
 */
export const collections = creatorReferralSchema.table(
  'collections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    creatorId: uuid('creator_id')
      .notNull()
      .references(() => creators.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    coverColour: text('cover_colour').notNull(),
    status: text('status', { enum: ['draft', 'submitted', 'approved', 'returned'] })
      .notNull()
      .default('draft'),
    /** In the creator's order. */
    items: jsonb('items').$type<StoredCollectionItem[]>().notNull(),
    returnReason: text('return_reason'),
    /** Counts approvals and withdrawals, so the library ignores a late, older event. */
    version: integer('version').notNull().default(0),
    /** An approved version is in the library. */
    published: boolean('published').notNull().default(false),
    submittedAt: timestamp('submitted_at', { withTimezone: true }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collections_creator_idx').on(t.creatorId, t.updatedAt), index('collections_status_idx').on(t.status, t.submittedAt)],
);

export const outbox = outboxTable(creatorReferralSchema);
export const inbox = inboxTable(creatorReferralSchema);
