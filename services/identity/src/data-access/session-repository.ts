import { and, asc, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import { preparedQuery, type Db, type Tx } from '@innerecho/kit';
import { sessionRevocations, sessions } from './schema';

type Conn = Db | Tx;

export async function insertSession(db: Conn, values: { id: string; userId: string; expiresAt: Date }) {
  await db.insert(sessions).values(values);
}

/** A session stands while it is neither revoked nor expired: the rule every session check and every sign-out applies. */
export const sessionStands = () => and(isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`));

/** Asked for every request identity answers with a session (its revocation check). */
const activeSessionUserQuery = preparedQuery(
  (db, name) =>
    db
      .select({ userId: sessions.userId })
      .from(sessions)
      .where(and(eq(sessions.id, sql.placeholder('sessionId')), sessionStands()))
      .prepare(name),
  'active_session_user',
);

/** The user of a session that is neither revoked nor expired. */
export async function findActiveSessionUser(db: Db, sessionId: string): Promise<string | null> {
  const [row] = await activeSessionUserQuery(db).execute({ sessionId });
  return row?.userId ?? null;
}

/**
 * Revokes sessions and appends them to the revocation feed, in the caller's transaction.
 * Writers lock the feed table first, so feed rows commit in `seq` order and a follower
 * that has read up to some `seq` never misses an earlier one committing late.
 */
export async function revokeSessions(tx: Tx, which: { sessionId: string } | { userId: string; exceptSessionId?: string }): Promise<number> {
  await tx.execute(sql`lock table ${sessionRevocations} in exclusive mode`);
  const condition =
    'sessionId' in which
      ? eq(sessions.id, which.sessionId)
      : which.exceptSessionId
        ? and(eq(sessions.userId, which.userId), ne(sessions.id, which.exceptSessionId))
        : eq(sessions.userId, which.userId);
  const revoked = await tx
    .update(sessions)
    .set({ revokedAt: sql`now()` })
    .where(and(condition, sessionStands()))
    .returning({ id: sessions.id, expiresAt: sessions.expiresAt });
  if (revoked.length > 0) {
    await tx.insert(sessionRevocations).values(revoked.map((s) => ({ sessionId: s.id, expiresAt: s.expiresAt })));
  }
  return revoked.length;
}

/** Feed rows after `after`, oldest first, leaving out sessions that have expired since. */
export async function readRevocations(db: Conn, after: number, limit: number) {
  return db
    .select({ seq: sessionRevocations.seq, sessionId: sessionRevocations.sessionId, expiresAt: sessionRevocations.expiresAt })
    .from(sessionRevocations)
    .where(and(gt(sessionRevocations.seq, after), gt(sessionRevocations.expiresAt, sql`now()`)))
    .orderBy(asc(sessionRevocations.seq))
    .limit(limit);
}

/** The seq of the newest revocation whose token has not expired; 0 when there is none. */
export async function newestRevocationSeq(db: Conn): Promise<number> {
  const [row] = await db
    .select({ seq: sessionRevocations.seq })
    .from(sessionRevocations)
    .where(gt(sessionRevocations.expiresAt, sql`now()`))
    .orderBy(desc(sessionRevocations.seq))
    .limit(1);
  return row?.seq ?? 0;
}

/** Sessions and feed rows whose tokens have expired carry no information any more. */
export async function deleteExpiredSessions(db: Conn) {
  await db.delete(sessionRevocations).where(lt(sessionRevocations.expiresAt, sql`now()`));
  await db.delete(sessions).where(lt(sessions.expiresAt, sql`now() - interval '1 day'`));
}
