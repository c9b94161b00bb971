import { and, desc, eq, sql } from 'drizzle-orm';
import type { AffirmationSessionPartView } from '@innerecho/contracts';
import { preparedQuery, type Db, type Tx } from '@innerecho/kit';
import { savedAffirmations } from './schema';

export interface SavedAffirmationRecord {
  id: string;
  ownerId: string;
  transcriptId: string | null;
  customAffirmationId: string | null;
  title: string | null;
  category: string | null;
  voiceSpeed: number;
  audioDurationSeconds: number;
  backgroundMusicId: string | null;
  backgroundMusicTitle: string | null;
  fileKey: string;
  sizeBytes: number;
  voiceSource: 'own' | 'cloned';
  musicBelowVoiceDb: number | null;
  /** An affirmation session's affirmations in order; null for a single affirmation. */
  sessionParts: AffirmationSessionPartView[] | null;
  collectionId: string | null;
  createdAt: Date;
}

const withSource = (row: typeof savedAffirmations.$inferSelect): SavedAffirmationRecord => ({
  ...row,
  voiceSource: row.voiceSource === 'own' ? 'own' : 'cloned',
});

export type NewSavedAffirmation = Omit<SavedAffirmationRecord, 'createdAt' | 'sessionParts' | 'collectionId'> &
  Partial<Pick<SavedAffirmationRecord, 'sessionParts' | 'collectionId'>>;

export async function insertSavedAffirmation(tx: Tx, values: NewSavedAffirmation): Promise<SavedAffirmationRecord> {
  const [row] = await tx.insert(savedAffirmations).values(values).returning();
  return withSource(row);
}

const savedListQuery = preparedQuery(
  (db, name) =>
    db
      .select()
      .from(savedAffirmations)
      .where(eq(savedAffirmations.ownerId, sql.placeholder('ownerId')))
      .orderBy(desc(savedAffirmations.createdAt), desc(savedAffirmations.id))
      .limit(sql.placeholder('limit'))
      .prepare(name),
  'saved_list',
);

/** The owner's saved affirmations, newest first: the library screen's list, read on every visit. */
export async function listSavedAffirmations(db: Db, ownerId: string, limit = 500): Promise<SavedAffirmationRecord[]> {
  const rows = await savedListQuery(db).execute({ ownerId, limit });
  return rows.map(withSource);
}

export async function findOwnSavedAffirmation(db: Db, ownerId: string, id: string): Promise<SavedAffirmationRecord | null> {
  const [row] = await db
    .select()
    .from(savedAffirmations)
    .where(and(eq(savedAffirmations.ownerId, ownerId), eq(savedAffirmations.id, id)));
  return row ? withSource(row) : null;
}

/**
 * Sets the playback speed and/or the title of one of the owner's saved affirmations; null
 * when it is not theirs or does not exist.
 */
export async function updateSavedAffirmation(
  db: Db,
  options: { ownerId: string; id: string; voiceSpeed?: number; title?: string },
): Promise<SavedAffirmationRecord | null> {
  const changes = {
    ...(options.voiceSpeed === undefined ? {} : { voiceSpeed: options.voiceSpeed }),
    ...(options.title === undefined ? {} : { title: options.title }),
  };
  const [row] = await db
    .update(savedAffirmations)
    .set(changes)
    .where(and(eq(savedAffirmations.ownerId, options.ownerId), eq(savedAffirmations.id, options.id)))
    .returning();
  return row ? withSource(row) : null;
}

/**
 * Removes one of the owner's saved affirmations and answers the object store key of its MP3;
 * null when it is not theirs or does not exist. The day's used seconds are not touched.
 */
export async function deleteOwnSavedAffirmation(tx: Tx, options: { ownerId: string; id: string }): Promise<string | null> {
  const [row] = await tx
    .delete(savedAffirmations)
    .where(and(eq(savedAffirmations.ownerId, options.ownerId), eq(savedAffirmations.id, options.id)))
    .returning({ fileKey: savedAffirmations.fileKey });
  return row?.fileKey ?? null;
}
