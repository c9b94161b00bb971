import { and, count, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@innerecho/kit';
import { passwordResetTokens } from './schema';

/** How many reset links the account was given since `since`. */
export async function countResetTokensSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)));
  return row.n;
}

export async function insertResetToken(db: Db, values: { tokenHash: string; userId: string; expiresAt: Date }) {
  await db.insert(passwordResetTokens).values(values);
}

const usable = (tokenHash: string) =>
  and(eq(passwordResetTokens.tokenHash, tokenHash), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, new Date()));

/** Whether an unused, unexpired reset token has this digest. */
export async function isResetTokenHashUsable(db: Db, tokenHash: string): Promise<boolean> {
  const [row] = await db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens).where(usable(tokenHash));
  return Boolean(row);
}

/** Marks the usable token with this digest used; its account's id, or null when there was none. */
export async function useResetToken(db: Db, tokenHash: string): Promise<string | null> {
  const [used] = await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(usable(tokenHash))
    .returning({ userId: passwordResetTokens.userId });
  return used?.userId ?? null;
}

/** Every unused reset link of the account stops working. */
export async function withdrawResetTokens(db: Db, userId: string) {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));
}
