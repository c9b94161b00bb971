import { bigserial, boolean, index, integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { inboxTable, outboxTable } from '@innerecho/kit';

export const identitySchema = pgSchema('identity');

export const users = identitySchema.table('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Stored lowercased and trimmed; unique. */
  email: text('email').notNull().unique(),
  name: text('name').notNull().default(''),
  /** argon2id; null for accounts that only sign in through the OpenID provider. */
  passwordHash: text('password_hash'),
  role: text('role', { enum: ['subscriber', 'admin'] })
    .notNull()
    .default('subscriber'),
  oidcSubject: text('oidc_subject').unique(),
  /** When the owner of `email` followed its confirmation link; null until then (the account works either way). */
  emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The billing facts identity needs for `subscriptionStatus`, one row per subscription,
 * kept from billing.subscription.changed events. `version` makes a late, older event a no-op.
 */
export const userSubscriptions = identitySchema.table('user_subscriptions', {
  subscriptionId: text('subscription_id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  status: text('status').notNull(),
  entitled: boolean('entitled').notNull(),
  version: integer('version').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The browser's anonymous sessionId, bound to the first signed-in user who uses it. */
export const sessionBindings = identitySchema.table('session_bindings', {
  sessionId: text('session_id').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Every sign-in is a session; its id is the token's `sid`. Identity accepts a token only
 * while its row stands unrevoked, and publishes revocations (below) to everyone else.
 */
export const sessions = identitySchema.table(
  'sessions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
);

/**
 * The revocation feed: one row per ended session, numbered in commit order (writers take
 * a lock on this table), kept until the session would have expired anyway. Services and
 * the gateway follow it by `seq`.
 */
export const sessionRevocations = identitySchema.table('session_revocations', {
  seq: bigserial('seq', { mode: 'number' }).primaryKey(),
  sessionId: text('session_id').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One-time links that let an admin choose their password: how an operator gets into a
 * deployed install whose first admin was created with no password anyone knows. Only
 * the SHA-256 of the token is kept; a link works once, before it expires.
 */
export const adminSetupTokens = identitySchema.table('admin_setup_tokens', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One-time password reset links: the SHA-256 of each token, for one hour, used once. */
export const passwordResetTokens = identitySchema.table(
  'password_reset_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId, t.createdAt)],
);

/**
 * One-time links that confirm an address: the account's own at sign-up, or a new one the
 * listener asked to change to (which takes effect only once confirmed). Only the SHA-256 of
 * the token is kept, with the address it confirms; a link works once, before it expires.
 */
export const emailConfirmationTokens = identitySchema.table(
  'email_confirmation_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    purpose: text('purpose', { enum: ['sign-up', 'change'] }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('email_confirmation_tokens_user_idx').on(t.userId, t.createdAt)],
);

export const outbox = outboxTable(identitySchema);
export const inbox = inboxTable(identitySchema);
