import { and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CreatorProfileView, TranscriptView } from '@innerecho/contracts';
import type { Db, Tx } from '@innerecho/kit';
import { backgroundMusic, creatorProfiles, customAffirmations, transcripts } from './schema';

type Conn = Db | Tx;

export type Transcript = TranscriptView;
export type CreatorProfile = CreatorProfileView;
export interface CustomAffirmation {
  id: string;
  ownerId: string;
  title: string;
  content: string;
  category: string;
  createdAt: Date;
}
export interface MusicTrack {
  id: string;
  title: string;
  durationSeconds: number;
  fileKey: string;
  contentType: string;
  sizeBytes: number;
  decodedFrames: number | null;
  loudness: number | null;
}

const transcriptColumns = {
  id: transcripts.id,
  title: transcripts.title,
  content: transcripts.content,
  category: transcripts.category,
  playCount: transcripts.playCount,
  creatorId: transcripts.creatorId,
};
// Most played first; ties by title so the order is stable.
const libraryOrder = [desc(transcripts.playCount), asc(transcripts.title), asc(transcripts.id)];

export const transcriptRepository = {
  list: (db: Conn, filter: { category?: string; creatorId?: string } = {}): Promise<Transcript[]> =>
    db
      .select(transcriptColumns)
      .from(transcripts)
      .where(
        and(
          filter.category ? eq(transcripts.category, filter.category) : undefined,
          filter.creatorId ? eq(transcripts.creatorId, filter.creatorId) : undefined,
        ),
      )
      .orderBy(...libraryOrder),
  /** Those of these ids that exist, in no particular order. */
  findMany: async (db: Conn, ids: string[]): Promise<Transcript[]> =>
    ids.length === 0 ? [] : db.select(transcriptColumns).from(transcripts).where(inArray(transcripts.id, ids)),
  find: async (db: Conn, id: string): Promise<Transcript | null> =>
    (await db.select(transcriptColumns).from(transcripts).where(eq(transcripts.id, id)))[0] ?? null,
  insert: async (db: Conn, values: Omit<Transcript, 'id' | 'playCount'> & { id?: string; playCount?: number }): Promise<Transcript> =>
    (await db.insert(transcripts).values(values).returning(transcriptColumns))[0],
  update: async (db: Conn, id: string, values: Omit<Transcript, 'id' | 'playCount'>): Promise<Transcript | null> =>
    (
      await db
        .update(transcripts)
        .set({ ...values, updatedAt: new Date() })
        .where(eq(transcripts.id, id))
        .returning(transcriptColumns)
    )[0] ?? null,
  delete: async (db: Conn, id: string): Promise<boolean> =>
    (await db.delete(transcripts).where(eq(transcripts.id, id)).returning({ id: transcripts.id })).length > 0,
  count: async (db: Conn): Promise<number> => (await db.select({ n: count() }).from(transcripts))[0].n,
  /** One more play, counted when an affirmation is generated from the transcript. */
  countPlay: async (db: Conn, id: string) => {
    await db
      .update(transcripts)
      .set({ playCount: sql`${transcripts.playCount} + 1` })
      .where(eq(transcripts.id, id));
  },
  /** The creator's transcripts stay in the library, without a creator. */
  detachCreator: async (db: Conn, creatorId: string) => {
    await db.update(transcripts).set({ creatorId: null }).where(eq(transcripts.creatorId, creatorId));
  },
  creatorTotals: async (db: Conn, creatorId: string) => {
    const [row] = await db
      .select({ totalPlays: sql<number>`coalesce(sum(${transcripts.playCount}), 0)::int`, totalAffirmations: sql<number>`count(*)::int` })
      .from(transcripts)
      .where(eq(transcripts.creatorId, creatorId));
    return { totalPlays: Number(row.totalPlays), totalAffirmations: Number(row.totalAffirmations) };
  },
};

const creatorColumns = {
  id: creatorProfiles.id,
  name: creatorProfiles.name,
  bio: creatorProfiles.bio,
  profilePicUrl: creatorProfiles.profilePicUrl,
  youtubeChannel: creatorProfiles.youtubeChannel,
};

export const creatorProfileRepository = {
  list: (db: Conn): Promise<CreatorProfile[]> => db.select(creatorColumns).from(creatorProfiles).orderBy(asc(creatorProfiles.name)),
  find: async (db: Conn, id: string): Promise<CreatorProfile | null> =>
    (await db.select(creatorColumns).from(creatorProfiles).where(eq(creatorProfiles.id, id)))[0] ?? null,
  save: async (db: Conn, profile: CreatorProfile) => {
    const { id, ...values } = profile;
    const changed = { ...values, updatedAt: new Date() };
    await db
      .insert(creatorProfiles)
      .values({ id, ...changed })
      .onConflictDoUpdate({ target: creatorProfiles.id, set: changed });
  },
  delete: async (db: Conn, id: string) => {
    await db.delete(creatorProfiles).where(eq(creatorProfiles.id, id));
  },
};

const customColumns = {
  id: customAffirmations.id,
  ownerId: customAffirmations.ownerId,
  title: customAffirmations.title,
  content: customAffirmations.content,
  category: customAffirmations.category,
  createdAt: customAffirmations.createdAt,
};

/** A listener's own list is bounded like the saved list: far more than anyone writes by hand. */
const CUSTOM_LIST_LIMIT = 500;

export const customAffirmationRepository = {
  insert: async (db: Conn, values: Omit<CustomAffirmation, 'id' | 'createdAt'>): Promise<CustomAffirmation> =>
    (await db.insert(customAffirmations).values(values).returning(customColumns))[0],
  findOwned: async (db: Conn, id: string, ownerId: string): Promise<CustomAffirmation | null> =>
    (
      await db
        .select(customColumns)
        .from(customAffirmations)
        .where(and(eq(customAffirmations.id, id), eq(customAffirmations.ownerId, ownerId)))
    )[0] ?? null,
  /** Newest first. */
  listOwned: async (db: Conn, ownerId: string): Promise<CustomAffirmation[]> =>
    db
      .select(customColumns)
      .from(customAffirmations)
      .where(eq(customAffirmations.ownerId, ownerId))
      .orderBy(desc(customAffirmations.createdAt), desc(customAffirmations.id))
      .limit(CUSTOM_LIST_LIMIT),
  /** Null when the affirmation is not the owner's or does not exist. */
  updateOwned: async (
    db: Conn,
    id: string,
    ownerId: string,
    values: Pick<CustomAffirmation, 'title' | 'content' | 'category'>,
  ): Promise<CustomAffirmation | null> =>
    (
      await db
        .update(customAffirmations)
        .set(values)
        .where(and(eq(customAffirmations.id, id), eq(customAffirmations.ownerId, ownerId)))
        .returning(customColumns)
    )[0] ?? null,
  /** True when the owner's affirmation was there and is now gone. */
  deleteOwned: async (db: Conn, id: string, ownerId: string): Promise<boolean> =>
    (
      await db
        .delete(customAffirmations)
        .where(and(eq(customAffirmations.id, id), eq(customAffirmations.ownerId, ownerId)))
        .returning({ id: customAffirmations.id })
    ).length > 0,
  deleteAllOwned: async (db: Conn, ownerId: string) => {
    await db.delete(customAffirmations).where(eq(customAffirmations.ownerId, ownerId));
  },
};

const musicColumns = {
  id: backgroundMusic.id,
  title: backgroundMusic.title,
  durationSeconds: backgroundMusic.durationSeconds,
  fileKey: backgroundMusic.fileKey,
  contentType: backgroundMusic.contentType,
  sizeBytes: backgroundMusic.sizeBytes,
  decodedFrames: backgroundMusic.decodedFrames,
  loudness: backgroundMusic.loudness,
};

export const musicRepository = {
  list: (db: Conn): Promise<MusicTrack[]> => db.select(musicColumns).from(backgroundMusic).orderBy(asc(backgroundMusic.title)),
  find: async (db: Conn, id: string): Promise<MusicTrack | null> =>
    (await db.select(musicColumns).from(backgroundMusic).where(eq(backgroundMusic.id, id)))[0] ?? null,
  insert: async (db: Conn, values: MusicTrack): Promise<MusicTrack> =>
    (await db.insert(backgroundMusic).values(values).returning(musicColumns))[0],
  delete: async (db: Conn, id: string): Promise<MusicTrack | null> =>
    (await db.delete(backgroundMusic).where(eq(backgroundMusic.id, id)).returning(musicColumns))[0] ?? null,
  count: async (db: Conn): Promise<number> => (await db.select({ n: count() }).from(backgroundMusic))[0].n,
  listUnmeasured: (db: Conn): Promise<MusicTrack[]> =>
    db.select(musicColumns).from(backgroundMusic).where(isNull(backgroundMusic.decodedFrames)),
  saveMeasure: async (db: Conn, id: string, measure: { decodedFrames: number; loudness: number }) => {
    await db.update(backgroundMusic).set(measure).where(eq(backgroundMusic.id, id));
  },
};
