import { and, desc, eq, lte, sql } from 'drizzle-orm';
import { preparedQuery, type Db } from '@innerecho/kit';
import { listeningDays } from './schema';

/** Counts a play on `day` (YYYY-MM-DD), making it one of the listener's listening days. */
export async function recordListeningDay(db: Db, userId: string, day: string) {
  await db
    .insert(listeningDays)
    .values({ userId, day })
    .onConflictDoUpdate({ target: [listeningDays.userId, listeningDays.day], set: { plays: sql`${listeningDays.plays} + 1` } });
}

const listeningDaysQuery = preparedQuery(
  (db, name) =>
    db
      .select({ day: listeningDays.day })
      .from(listeningDays)
      .where(and(eq(listeningDays.userId, sql.placeholder('userId')), lte(listeningDays.day, sql.placeholder('lastDay'))))
      .orderBy(desc(listeningDays.day))
      .limit(4000)
      .prepare(name),
  'listening_days',
);

/** The listener's listening days up to `lastDay`, newest first (at most about eleven years of them). */
export async function listeningDaysUpTo(db: Db, userId: string, lastDay: string): Promise<string[]> {
  const rows = await listeningDaysQuery(db).execute({ userId, lastDay });
  return rows.map((r) => String(r.day));
}
