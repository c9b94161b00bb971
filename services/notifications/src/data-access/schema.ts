import { boolean, index, integer, jsonb, pgSchema, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
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

/**
 * Kinds of mail a person turned off or on, by whom the mail is for: `user:<id>` for a
 * listener, `email:<address>` for a creator (who has no listener account). No row: the kind's
 * default (on, except the daily reminder, which starts off until a time is chosen).
 */
export const mailPreferences = notificationsSchema.table(
  'mail_preferences',
  {
    recipientKey: text('recipient_key').notNull(),
    kind: text('kind').notNull(),
    enabled: boolean('enabled').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.recipientKey, t.kind] })],
);

/**
 * The one-click unsubscribe link of each mail that can be turned off: its token (random, 256
 * bits) and what it stops (a kind of mail, for whom the mail was).
 */
export const unsubscribeLinks = notificationsSchema.table(
  'unsubscribe_links',
  {
    token: text('token').primaryKey(),
    recipientKey: text('recipient_key').notNull(),
    kind: text('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('unsubscribe_links_recipient_idx').on(t.recipientKey)],
);

/**
 * Each listener's daily reminder: the time of day in their IANA time zone, the address it goes
 * to, when it is next due (an instant, worked out from the local time) and the last local day
 * it was sent for, so it goes at most once per local day.
 */
export const dailyReminders = notificationsSchema.table(
  'daily_reminders',
  {
    userId: uuid('user_id').primaryKey(),
    email: text('email').notNull(),
    time: text('time').notNull(),
    timeZone: text('time_zone').notNull(),
    nextDueAt: timestamp('next_due_at', { withTimezone: true }).notNull(),
    lastSentDay: text('last_sent_day'),
  },
  (t) => [index('daily_reminders_due_idx').on(t.nextDueAt)],
);

export const outbox = outboxTable(notificationsSchema);
export const inbox = inboxTable(notificationsSchema);
