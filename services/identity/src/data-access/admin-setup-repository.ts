import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@innerecho/kit';
import { adminSetupTokens } from './schema';

/** Stores a new setup token (by its digest), after withdrawing the account's earlier unused ones. */
export async function replaceUnusedSetupTokens(db: Db, userId: string, tokenHash: string, expiresAt: Date) {
  await db.delete(adminSetupTokens).where(and(eq(adminSetupTokens.userId, userId), isNull(adminSetupTokens.usedAt)));
  await db.insert(adminSetupTokens).values({ tokenHash, userId, expiresAt });
}

const usable = (tokenHash: string) =>
  and(eq(adminSetupTokens.tokenHash, tokenHash), isNull(adminSetupTokens.usedAt), gt(adminSetupTokens.expiresAt, new Date()));

/** Whether an unused, unexpired token has this digest. */
export async function isSetupTokenUsable(db: Db, tokenHash: string): Promise<boolean> {
  const [row] = await db.select({ userId: adminSetupTokens.userId }).from(adminSetupTokens).where(usable(tokenHash));
  return Boolean(row);
}

/** Marks the unused, unexpired token with this digest used; its account's id, or null when there was none. */
export async function useSetupToken(db: Db, tokenHash: string): Promise<string | null> {
  const [used] = await db
    .update(adminSetupTokens)
    .set({ usedAt: new Date() })
    .where(usable(tokenHash))
    .returning({ userId: adminSetupTokens.userId });
  return used?.userId ?? null;
}
