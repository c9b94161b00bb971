import { boolean, integer, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { inboxTable, outboxTable } from '@innerecho/kit';

export const billingSchema = pgSchema('billing');

/** Accounts known from identity, so a visitor's checkout can attach by email at sign-up. */
export const accounts = billingSchema.table('accounts', {
  userId: uuid('user_id').primaryKey(),
  email: text('email').notNull().unique(),
  stripeCustomerId: text('stripe_customer_id').unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export const subscriptions = billingSchema.table('subscriptions', {
  id: text('id').primaryKey(),
  userId: uuid('user_id'),
  email: text('email'),
  /** The provider's customer, for the customer portal. */
  customerId: text('customer_id'),
  plan: text('plan', { enum: ['monthly', 'yearly'] }).notNull(),
  status: text('status').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  referralCode: text('referral_code'),
  /** Bumped on every change; carried by billing.subscription.changed so consumers ignore stale ones. */
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Checkouts started here. The plan and referral code travel in the provider's metadata
 * too; this row is what the demo checkout completes, and what /success can look up.
 */
export const checkoutSessions = billingSchema.table('checkout_sessions', {
  id: text('id').primaryKey(),
  mode: text('mode', { enum: ['stripe', 'demo'] }).notNull(),
  plan: text('plan', { enum: ['monthly', 'yearly'] }).notNull(),
  referralCode: text('referral_code'),
  userId: uuid('user_id'),
  email: text('email'),
  /**
   * SHA-256 of the starting browser's checkout token (its httpOnly cookie): what lets that
   * browser, and only it or the account named above, read the checkout's status and plan.
   */
  starterTokenHash: text('starter_token_hash'),
  /** 'refused': completed by a buyer who already had an active subscription; the new one was cancelled. */
  status: text('status', { enum: ['open', 'complete', 'refused'] })
    .notNull()
    .default('open'),
  subscriptionId: text('subscription_id'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  completedAt: timestamp('completed_at', { withTimezone: true }),
});

/** Paid invoices, so a refund of the charge can name the invoice it reverses. */
export const invoices = billingSchema.table('invoices', {
  id: text('id').primaryKey(),
  subscriptionId: text('subscription_id').notNull(),
  amountPaidCents: integer('amount_paid_cents').notNull(),
  amountRefundedCents: integer('amount_refunded_cents').notNull().default(0),
  paymentIntentId: text('payment_intent_id'),
  chargeId: text('charge_id'),
  paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
});

/** Provider webhook ids already handled: each event has one effect, however often it arrives. */
export const processedWebhooks = billingSchema.table('processed_webhooks', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const outbox = outboxTable(billingSchema);
export const inbox = inboxTable(billingSchema);
