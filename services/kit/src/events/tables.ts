import { index, integer, jsonb, primaryKey, text, timestamp, uuid, type PgSchema } from 'drizzle-orm/pg-core';

/**
 * Every service declares these two tables inside its own schema, so its events are
 * written in the same transaction as the change that caused them (outbox) and a
 * redelivered event is recognised (inbox).
 */
export function outboxTable(schema: PgSchema) {
  return schema.table(
    'outbox',
    {
      id: uuid('id').primaryKey(),
      subject: text('subject').notNull(),
      envelope: jsonb('envelope').notNull(),
      createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
      publishedAt: timestamp('published_at', { withTimezone: true }),
      attempts: integer('attempts').notNull().default(0),
      nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
      lastError: text('last_error'),
    },
    (t) => [index('outbox_pending_idx').on(t.publishedAt, t.nextAttemptAt)],
  );
}

export function inboxTable(schema: PgSchema) {
  return schema.table(
    'inbox',
    {
      consumer: text('consumer').notNull(),
      eventId: uuid('event_id').notNull(),
      subject: text('subject').notNull(),
      handledAt: timestamp('handled_at', { withTimezone: true }).notNull().defaultNow(),
    },
    (t) => [primaryKey({ columns: [t.consumer, t.eventId] })],
  );
}

export type OutboxTable = ReturnType<typeof outboxTable>;
export type InboxTable = ReturnType<typeof inboxTable>;
