import { date, index, integer, jsonb, pgSchema, primaryKey, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { AffirmationSessionPartView } from '@innerecho/contracts';
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
    /**
     * An affirmation session: its affirmations in order (title, source, whose speech), copied
     * at generation time like the title; null for a single affirmation.
     */
    sessionParts: jsonb('session_parts').$type<AffirmationSessionPartView[]>(),
    /** The creator collection an affirmation session was made from (recorded for the creator's counts). */
    collectionId: uuid('collection_id'),
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
 * Seconds of audio generated per user per UTC day (the daily allowance), counted when the
 * affirmation is saved. Seconds of renders still running are held in `render_reservations`.
 * The row is also what serialises a user's reservations (each takes its lock first).
 */
export const dailyUsage = generationSchema.table(
  'daily_usage',
  {
    userId: uuid('user_id').notNull(),
    day: date('day').notNull(),
    secondsUsed: integer('seconds_used').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/**
 * Seconds held by one admitted render until it is saved or fails, and the file it is
 * writing. The instance running it (`instance_id`) renews `lease_until` while it lives, so
 * a render whose process died stops holding the listener's allowance when its lease passes;
 * the sweeper then removes the row and whatever the render had written of its file.
 */
export const renderReservations = generationSchema.table(
  'render_reservations',
  {
    /** Also the id the saved affirmation gets. */
    id: uuid('id').primaryKey(),
    userId: uuid('user_id').notNull(),
    day: date('day').notNull(),
    seconds: integer('seconds').notNull(),
    fileKey: text('file_key').notNull(),
    instanceId: uuid('instance_id').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('render_reservations_user_day_idx').on(t.userId, t.day),
    index('render_reservations_lease_idx').on(t.leaseUntil),
    index('render_reservations_instance_idx').on(t.instanceId),
  ],
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
