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
  plan: text('plan', { enum: ['monthly', 'yearly'] }).notNull(),
  status: text('status').notNull(),
  cancelAtPeriodEnd: boolean('cancel_at_period_end').notNull().default(false),
  currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
  referralCode: text('referral_code'),
  /** Bumped on every change; carried by billing.subscription.changed so consumers ignore stale ones. */
  version: integer('version').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Provider webhook ids already handled: each event has one effect, however often it arrives. */
export const processedWebhooks = billingSchema.table('processed_webhooks', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

export const outbox = outboxTable(billingSchema);
export const inbox = inboxTable(billingSchema);
