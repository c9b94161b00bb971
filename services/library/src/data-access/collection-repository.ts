import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@innerecho/kit';
import { collections, creatorProfiles } from './schema';

type Conn = Db | Tx;

export type PublishedCollectionRecord = typeof collections.$inferSelect;

/** The whole library's collections are few (each is a creator's and an admin's work): a bound, not a page. */
const LIST_LIMIT = 500;

export const collectionRepository = {
  lock: async (tx: Tx, id: string): Promise<PublishedCollectionRecord | null> =>
    (await tx.select().from(collections).where(eq(collections.id, id)).for('update'))[0] ?? null,
  save: async (tx: Conn, values: typeof collections.$inferInsert) => {
    const { id: _id, ...changed } = values;
    await tx.insert(collections).values(values).onConflictDoUpdate({ target: collections.id, set: changed });
  },
  deleteOfCreator: async (tx: Conn, creatorId: string) => {
    await tx.delete(collections).where(eq(collections.creatorId, creatorId));
  },
  countSession: async (tx: Conn, id: string) => {
    await tx
      .update(collections)
      .set({ sessionCount: sql`${collections.sessionCount} + 1` })
      .where(and(eq(collections.id, id), isNull(collections.withdrawnAt)));
  },
  /** One play of an affirmation: a play of every shown collection it is in. */
  countPlayOf: async (tx: Conn, transcriptId: string) => {
    await tx
      .update(collections)
      .set({ playCount: sql`${collections.playCount} + 1` })
      .where(and(isNull(collections.withdrawnAt), sql`${collections.transcriptIds} @> ${JSON.stringify([transcriptId])}::jsonb`));
  },
  /** Shown collections (not withdrawn, their creator known) with the creator's name; newest first. */
  listShown: (db: Conn, filter: { creatorId?: string; id?: string } = {}) =>
    db
      .select({ collection: collections, creatorName: creatorProfiles.name })
      .from(collections)
      .innerJoin(creatorProfiles, eq(creatorProfiles.id, collections.creatorId))
      .where(
        and(
          isNull(collections.withdrawnAt),
          filter.creatorId ? eq(collections.creatorId, filter.creatorId) : undefined,
          filter.id ? eq(collections.id, filter.id) : undefined,
        ),
      )
      .orderBy(desc(collections.publishedAt))
      .limit(LIST_LIMIT),
};
