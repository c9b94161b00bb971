import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '@innerecho/kit';
import { creatorSessions } from './schema';

type Conn = Db | Tx;

export async function insertCreatorSession(db: Conn, values: { id: string; creatorId: string; expiresAt: Date }) {
  await db.insert(creatorSessions).values(values);
}

/** The creator of a session that is neither revoked nor expired. */
export async function findActiveCreatorSession(db: Conn, sessionId: string): Promise<string | null> {
  const [row] = await db
    .select({ creatorId: creatorSessions.creatorId })
    .from(creatorSessions)
    .where(and(eq(creatorSessions.id, sessionId), isNull(creatorSessions.revokedAt), gt(creatorSessions.expiresAt, sql`now()`)));
  return row?.creatorId ?? null;
}

export async function revokeCreatorSessions(db: Conn, which: { sessionId: string } | { creatorId: string }): Promise<number> {
  const condition = 'sessionId' in which ? eq(creatorSessions.id, which.sessionId) : eq(creatorSessions.creatorId, which.creatorId);
  const rows = await db
    .update(creatorSessions)
    .set({ revokedAt: sql`now()` })
    .where(and(condition, isNull(creatorSessions.revokedAt)))
    .returning({ id: creatorSessions.id });
  return rows.length;
}

export async function deleteExpiredCreatorSessions(db: Conn) {
  await db.delete(creatorSessions).where(lt(creatorSessions.expiresAt, sql`now() - interval '1 day'`));
}
