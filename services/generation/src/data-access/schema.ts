import { date, index, integer, pgSchema, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { inboxTable, outboxTable } from '@innerecho/kit';

export const generationSchema = pgSchema('generation');

/**
 * A rendered affirmation in a user's library. Title, category and music title are
 * copied at generation time, so the item stays readable if the source is later removed.
 */
export const savedAffirmations = generationSchema.table(
  'saved_affirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').notNull(),
    transcriptId: uuid('transcript_id'),
    customAffirmationId: uuid('custom_affirmation_id'),
    title: text('title'),
    category: text('category'),
    voiceSpeed: real('voice_speed').notNull().default(1),
    audioDurationSeconds: integer('audio_duration_seconds').notNull(),
    backgroundMusicId: uuid('background_music_id'),
    backgroundMusicTitle: text('background_music_title'),
    fileKey: text('file_key').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** Whose speech the render used: 'own' (the listener's own recording) or 'cloned' (the voice engine). */
    voiceSource: text('voice_source').notNull().default('cloned'),
    /** With music: how far it sat below the voice, in dB (the listener's balance); null without music. */
    musicBelowVoiceDb: integer('music_below_voice_db'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('saved_affirmations_owner_idx').on(t.ownerId, t.createdAt)],
);

/**
 * A listener's own reading of one affirmation (a library transcript or their own custom
 * affirmation), used instead of the engine's speech in every render of it. Kept when the
 * voice profile is deleted (it is a recording, not a clone). The WAV (trimmed, normalised,
 * 16-bit mono 44.1 kHz) is in the object store under `file_key`.
 */
export const ownRecordings = generationSchema.table(
  'own_recordings',
  {
    ownerId: uuid('owner_id').notNull(),
    sourceKind: text('source_kind').$type<'transcript' | 'custom'>().notNull(),
    sourceId: uuid('source_id').notNull(),
    fileKey: text('file_key').notNull(),
    durationMs: integer('duration_ms').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ownerId, t.sourceKind, t.sourceId] })],
);

/**
 * Seconds of audio generated per user per UTC day (the daily allowance). A render first
 * reserves its seconds (so two concurrent requests cannot pass the limit together), then
 * moves them to `seconds_used` in the transaction that saves the affirmation, or releases
 * them if the render fails. Reservations lapse at `reserved_until` (renewed by each new
 * one): a process that died mid-render does not hold the user's allowance for the day.
 */
export const dailyUsage = generationSchema.table(
  'daily_usage',
  {
    userId: uuid('user_id').notNull(),
    day: date('day').notNull(),
    secondsUsed: integer('seconds_used').notNull().default(0),
    secondsReserved: integer('seconds_reserved').notNull().default(0),
    reservedUntil: timestamp('reserved_until', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * The days (in the listener's own time zone) on which they played at least one saved
 * affirmation: the listening streak is counted from these.
 */
export const listeningDays = generationSchema.table(
  'listening_days',
  {
    userId: uuid('user_id').notNull(),
    day: date('day').notNull(),
    plays: integer('plays').notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

export const outbox = outboxTable(generationSchema);
export const inbox = inboxTable(generationSchema);
