import { and, eq, gt, isNull, lt, or, isNotNull } from 'drizzle-orm';
import type { Db } from '@innerecho/kit';
import { uploadGrants } from './schema';

export interface UploadGrantRecord {
  key: string;
  maxBytes: number;
  expiresAt: Date;
}

/** The account's links still open: granted, not yet settled, not expired. */
export async function openUploadGrants(db: Db, userId: string, now: Date): Promise<UploadGrantRecord[]> {
  return db
    .select({ key: uploadGrants.key, maxBytes: uploadGrants.maxBytes, expiresAt: uploadGrants.expiresAt })
    .from(uploadGrants)
    .where(and(eq(uploadGrants.userId, userId), isNull(uploadGrants.settledAt), gt(uploadGrants.expiresAt, now)));
}

export async function insertUploadGrant(db: Db, grant: UploadGrantRecord & { userId: string }): Promise<void> {
  await db.insert(uploadGrants).values(grant);
}

/** The upload was used or refused: its link holds nothing any more (the stored file, while it lasts, counts by its size). */
export async function settleUploadGrant(db: Db, key: string, now: Date): Promise<void> {
  await db.update(uploadGrants).set({ settledAt: now }).where(eq(uploadGrants.key, key));
}

/** An account's grants that hold nothing any more (settled, or expired before `now`). */
export async function removeSpentUploadGrants(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .delete(uploadGrants)
    .where(and(eq(uploadGrants.userId, userId), or(lt(uploadGrants.expiresAt, now), isNotNull(uploadGrants.settledAt))));
}

/** Every grant of an account (its deletion). */
export async function deleteUploadGrantsOf(db: Db, userId: string): Promise<void> {
  await db.delete(uploadGrants).where(eq(uploadGrants.userId, userId));
}
