import { index, integer, jsonb, pgSchema, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { inboxTable, outboxTable } from '@innerecho/kit';

export const notificationsSchema = pgSchema('notifications');

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;

/**
 * Every mail, rendered when its event was handled and kept until it is sent: an outbox of
 * mails. One row per event and kind (unique), so a redelivered event cannot mail twice.
 */
export const mails = notificationsSchema.table(
  'mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    eventId: uuid('event_id').notNull(),
    kind: text('kind').notNull(),
    /** The listener it is about (null for creators and buyers without an account): forgotten with them. */
    userId: uuid('user_id'),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    html: text('html').notNull(),
    text: text('text').notNull(),
    /** Extra headers (List-Unsubscribe) as name → value. */
    headers: jsonb('headers').$type<Record<string, string>>().notNull().default({}),
    firstLink: text('first_link'),
    status: text('status', { enum: MAIL_STATUSES }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [unique('mails_event_kind_unique').on(t.eventId, t.kind), index('mails_pending_idx').on(t.status, t.nextAttemptAt)],
);

/** The last status each subscription was seen in, so a mail goes out on a change, not on every repeat. */
export const subscriptionStates = notificationsSchema.table('subscription_states', {
  subscriptionId: text('subscription_id').primaryKey(),
  status: text('status').notNull(),
  version: integer('version').notNull(),
});

export const outbox = outboxTable(notificationsSchema);
export const inbox = inboxTable(notificationsSchema);
