import { boolean, index, integer, jsonb, pgSchema, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { inboxTable, outboxTable } from '@innerecho/kit';

export const voiceSchema = pgSchema('voice');

/** One voice per user. A re-record deletes the clone and starts again. */
export const voiceProfiles = voiceSchema.table('voice_profiles', {
  userId: uuid('user_id').primaryKey(),
  voiceId: uuid('voice_id').notNull().defaultRandom(),
  isCloned: boolean('is_cloned').notNull().default(false),
  engine: text('engine'),
  providerVoiceId: text('provider_voice_id'),
  sampleKey: text('sample_key'),
  /** What the engine needs to speak with this voice (the local engine's matched parameters). */
  engineSettings: jsonb('engine_settings').$type<Record<string, unknown>>(),
  /** Consent to clone: when, which wording, from where. Required before any clone. */
  consentAt: timestamp('consent_at', { withTimezone: true }),
  consentTextVersion: text('consent_text_version'),
  consentIp: text('consent_ip'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Upload links granted and not yet settled. Each holds its bytes against the account's quota
 * from the moment it is granted until its upload is used (or refused) or the link expires, so
 * links used all at once can never store more than the quota.
 */
export const uploadGrants = voiceSchema.table(
  'upload_grants',
  {
    key: text('key').primaryKey(),
    userId: uuid('user_id').notNull(),
    maxBytes: integer('max_bytes').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [index('upload_grants_user_idx').on(t.userId)],
);

export const outbox = outboxTable(voiceSchema);
export const inbox = inboxTable(voiceSchema);
