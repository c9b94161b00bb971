import { index, integer, jsonb, pgSchema, real, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { inboxTable, outboxTable } from '@innerecho/kit';

export const librarySchema = pgSchema('library');

/** The public face of creators, kept from creator-referral's events (never emails or passwords). */
export const creatorProfiles = librarySchema.table('creator_profiles', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  bio: text('bio').notNull().default(''),
  profilePicUrl: text('profile_pic_url').notNull().default(''),
  youtubeChannel: text('youtube_channel').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const transcripts = librarySchema.table(
  'transcripts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    category: text('category').notNull(),
    playCount: integer('play_count').notNull().default(0),
    /** No foreign key: a deleted creator's transcripts stay, without a creator. */
    creatorId: uuid('creator_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('transcripts_category_idx').on(t.category, t.playCount), index('transcripts_creator_idx').on(t.creatorId)],
);

export const customAffirmations = librarySchema.table(
  'custom_affirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id').notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    category: text('category').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('custom_affirmations_owner_idx').on(t.ownerId)],
);

export const backgroundMusic = librarySchema.table('background_music', {
  id: uuid('id').primaryKey().defaultRandom(),
  title: text('title').notNull(),
  durationSeconds: integer('duration_seconds').notNull(),
  fileKey: text('file_key').notNull(),
  contentType: text('content_type').notNull(),
  sizeBytes: integer('size_bytes').notNull(),
  /** Stereo frames at 44.1 kHz as decoded, and the audible level (kit's measureMusic); null for tracks added before they were measured. */
  decodedFrames: integer('decoded_frames'),
  loudness: real('loudness'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Creators' published collections, as creator-referral announced their approved versions.
 * A withdrawn one keeps its row (without showing) so a late, older publication is ignored.
 */
export const collections = librarySchema.table(
  'collections',
  {
    id: uuid('id').primaryKey(),
    creatorId: uuid('creator_id').notNull(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    coverColour: text('cover_colour').notNull(),
    /** Library transcript ids, in the creator's order. */
    transcriptIds: jsonb('transcript_ids').$type<string[]>().notNull(),
    /** Sessions listeners made from the collection. */
    sessionCount: integer('session_count').notNull().default(0),
    /**
     * Plays of its affirmations since the collection was first published (the plays they had
     * before, as library affirmations or as the creator's drafts, are not its own).
     */
    playCount: integer('play_count').notNull().default(0),
    version: integer('version').notNull(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('collections_creator_idx').on(t.creatorId)],
);

export const outbox = outboxTable(librarySchema);
export const inbox = inboxTable(librarySchema);
