import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@innerecho/kit';
import { creatorSetupTokens } from './schema';

type Conn = Db | Tx;

/** The new link replaces the creator's unused ones: only the latest link works. */
export async function replaceCreatorSetupToken(tx: Tx, values: { tokenHash: string; creatorId: string; expiresAt: Date }) {
  await tx.delete(creatorSetupTokens).where(and(eq(creatorSetupTokens.creatorId, values.creatorId), isNull(creatorSetupTokens.usedAt)));
  await tx.insert(creatorSetupTokens).values(values);
}

/** When each creator's unused setup link stops working (only the latest is kept), by creator. */
export async function unusedSetupLinkExpiries(db: Conn): Promise<Map<string, Date>> {
  const rows = await db
    .select({ creatorId: creatorSetupTokens.creatorId, expiresAt: sql<Date>`max(${creatorSetupTokens.expiresAt})` })
    .from(creatorSetupTokens)
    .where(isNull(creatorSetupTokens.usedAt))
    .groupBy(creatorSetupTokens.creatorId);
  return new Map(rows.map((row) => [row.creatorId, new Date(row.expiresAt)]));
}

/** The creator of an unused, unexpired link; null otherwise. */
export async function findUsableCreatorSetupToken(db: Conn, tokenHash: string): Promise<string | null> {
  const [row] = await db
    .select({ creatorId: creatorSetupTokens.creatorId })
    .from(creatorSetupTokens)
    .where(
      and(eq(creatorSetupTokens.tokenHash, tokenHash), isNull(creatorSetupTokens.usedAt), gt(creatorSetupTokens.expiresAt, sql`now()`)),
    );
  return row?.creatorId ?? null;
}

/** Marks the link used and answers its creator, or null when it was used, expired or unknown: a link works once. */
export async function useCreatorSetupToken(tx: Tx, tokenHash: string): Promise<string | null> {
  const [row] = await tx
    .update(creatorSetupTokens)
    .set({ usedAt: sql`now()` })
    .where(
      and(eq(creatorSetupTokens.tokenHash, tokenHash), isNull(creatorSetupTokens.usedAt), gt(creatorSetupTokens.expiresAt, sql`now()`)),
    )
    .returning({ creatorId: creatorSetupTokens.creatorId });
  return row?.creatorId ?? null;
}
