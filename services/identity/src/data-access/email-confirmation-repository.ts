import { and, count, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '@innerecho/kit';
import { emailConfirmationTokens, users } from './schema';

export type ConfirmationPurpose = (typeof emailConfirmationTokens.$inferSelect)['purpose'];

/** How many confirmation links the account was given since `since`. */
export async function countConfirmationTokensSince(db: Db, userId: string, since: Date): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(emailConfirmationTokens)
    .where(and(eq(emailConfirmationTokens.userId, userId), gt(emailConfirmationTokens.createdAt, since)));
  return row.n;
}

export async function insertConfirmationToken(
  db: Db,
  values: { tokenHash: string; userId: string; email: string; purpose: ConfirmationPurpose; expiresAt: Date },
) {
  await db.insert(emailConfirmationTokens).values(values);
}

const usable = (tokenHash: string) =>
  and(
    eq(emailConfirmationTokens.tokenHash, tokenHash),
    isNull(emailConfirmationTokens.usedAt),
    gt(emailConfirmationTokens.expiresAt, new Date()),
  );

export interface ConfirmationLink {
  userId: string;
  email: string;
  purpose: ConfirmationPurpose;
}

/** The unused, unexpired link with this digest, or null. */
export async function findUsableConfirmation(db: Db, tokenHash: string): Promise<ConfirmationLink | null> {
  const [row] = await db
    .select({ userId: emailConfirmationTokens.userId, email: emailConfirmationTokens.email, purpose: emailConfirmationTokens.purpose })
    .from(emailConfirmationTokens)
    .where(usable(tokenHash));
  return row ?? null;
}

/** Marks the usable link with this digest used and answers what it confirms; null when there was none. */
export async function useConfirmationToken(db: Db, tokenHash: string): Promise<ConfirmationLink | null> {
  const [used] = await db
    .update(emailConfirmationTokens)
    .set({ usedAt: new Date() })
    .where(usable(tokenHash))
    .returning({ userId: emailConfirmationTokens.userId, email: emailConfirmationTokens.email, purpose: emailConfirmationTokens.purpose });
  return used ?? null;
}

/** Every unused link of the account for this purpose stops working. */
export async function withdrawConfirmationTokens(db: Db, userId: string, purpose: ConfirmationPurpose) {
  await db
    .update(emailConfirmationTokens)
    .set({ usedAt: new Date() })
    .where(
      and(eq(emailConfirmationTokens.userId, userId), eq(emailConfirmationTokens.purpose, purpose), isNull(emailConfirmationTokens.usedAt)),
    );
}

/** The new address the account is waiting to confirm (its newest usable change link), or null. */
export async function findPendingAddress(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ email: emailConfirmationTokens.email })
    .from(emailConfirmationTokens)
    .where(
      and(
        eq(emailConfirmationTokens.userId, userId),
        eq(emailConfirmationTokens.purpose, 'change'),
        isNull(emailConfirmationTokens.usedAt),
        gt(emailConfirmationTokens.expiresAt, new Date()),
      ),
    )
    .orderBy(desc(emailConfirmationTokens.createdAt))
    .limit(1);
  return row?.email ?? null;
}

/** Records that the account's owner confirmed this address, which becomes (or stays) the account's. */
export async function setConfirmedEmail(db: Db, userId: string, email: string) {
  await db.update(users).set({ email, emailConfirmedAt: new Date() }).where(eq(users.id, userId));
}
