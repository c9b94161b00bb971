import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '@innerecho/kit';
import { collections, creators, type StoredCollectionItem } from './schema';

export type { StoredCollectionItem };

type Conn = Db | Tx;

export type CollectionRecord = typeof collections.$inferSelect;
export type CollectionValues = Pick<CollectionRecord, 'title' | 'description' | 'category' | 'coverColour' | 'items'>;

/** Most recently changed first: what the creator worked on last is on top. */
export async function listCreatorCollections(db: Conn, creatorId: string): Promise<CollectionRecord[]> {
  return db
    .select()
    .from(collections)
    .where(eq(collections.creatorId, creatorId))
    .orderBy(desc(collections.updatedAt), asc(collections.id));
}

export async function countCreatorCollections(db: Conn, creatorId: string): Promise<number> {
  return (await db.select({ n: count() }).from(collections).where(eq(collections.creatorId, creatorId)))[0].n;
}

export async function insertCollection(db: Conn, creatorId: string, values: CollectionValues): Promise<CollectionRecord> {
  return (
    await db
      .insert(collections)
      .values({ creatorId, ...values })
      .returning()
  )[0];
}

/** The creator's collection, held until the transaction ends; null when it is not theirs or does not exist. */
export async function lockOwnCollection(tx: Tx, id: string, creatorId: string): Promise<CollectionRecord | null> {
  const [row] = await tx
    .select()
    .from(collections)
    .where(and(eq(collections.id, id), eq(collections.creatorId, creatorId)))
    .for('update');
  return row ?? null;
}

/** Any creator's collection (for an admin's review), held until the transaction ends. */
export async function lockCollection(tx: Tx, id: string): Promise<CollectionRecord | null> {
  const [row] = await tx.select().from(collections).where(eq(collections.id, id)).for('update');
  return row ?? null;
}

export async function updateCollection(
  tx: Conn,
  id: string,
  values: Partial<Omit<CollectionRecord, 'id' | 'creatorId' | 'createdAt'>>,
): Promise<CollectionRecord> {
  return (
    await tx
      .update(collections)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(collections.id, id))
      .returning()
  )[0];
}

export async function deleteCollection(tx: Conn, id: string) {
  await tx.delete(collections).where(eq(collections.id, id));
}

/** Submitted collections with their creator's name and code, the longest waiting first. */
export async function listSubmittedCollections(db: Conn) {
  return db
    .select({ collection: collections, creatorName: creators.name, referralCode: creators.referralCode })
    .from(collections)
    .innerJoin(creators, eq(creators.id, collections.creatorId))
    .where(eq(collections.status, 'submitted'))
    .orderBy(asc(collections.submittedAt), asc(collections.id))
    .limit(200);
}
