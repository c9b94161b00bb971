import { and, count, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@innerecho/kit';
import { creatorPasswordResetTokens } from './schema';

type Conn = Db | Tx;

/** How many reset links the creator was given since `since`. */
export async function countCreatorResetTokensSince(db: Conn, creatorId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(creatorPasswordResetTokens)
    .where(and(eq(creatorPasswordResetTokens.creatorId, creatorId), gt(creatorPasswordResetTokens.createdAt, since)));
  return row.n;
}

export async function insertCreatorResetToken(db: Conn, values: { tokenHash: string; creatorId: string; expiresAt: Date }) {
  await db.insert(creatorPasswordResetTokens).values(values);
}

const usable = (tokenHash: string) =>
  and(
    eq(creatorPasswordResetTokens.tokenHash, tokenHash),
    isNull(creatorPasswordResetTokens.usedAt),
    gt(creatorPasswordResetTokens.expiresAt, sql`now()`),
  );

/** Whether an unused, unexpired reset link has this digest. */
export async function isCreatorResetTokenUsable(db: Conn, tokenHash: string): Promise<boolean> {
  const [row] = await db
    .select({ creatorId: creatorPasswordResetTokens.creatorId })
    .from(creatorPasswordResetTokens)
    .where(usable(tokenHash));
  return Boolean(row);
}

/** Marks the usable link with this digest used; its creator, or null when there was none. */
export async function useCreatorResetToken(tx: Tx, tokenHash: string): Promise<string | null> {
  const [used] = await tx
    .update(creatorPasswordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(usable(tokenHash))
    .returning({ creatorId: creatorPasswordResetTokens.creatorId });
  return used?.creatorId ?? null;
}

/** Every unused reset link of the creator stops working. */
export async function withdrawCreatorResetTokens(tx: Tx, creatorId: string) {
  await tx
    .update(creatorPasswordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(creatorPasswordResetTokens.creatorId, creatorId), isNull(creatorPasswordResetTokens.usedAt)));
}
