import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '@innerecho/kit';
import { dailyUsage } from './schema';

export interface DailyUsage {
  secondsUsed: number;
  secondsReserved: number;
}

/**
 * How long reserved seconds hold without a new reservation: far longer than any render (an
 * hour renders in seconds), short enough that a render whose process died gives the user's
 * allowance back soon.
 */
export const RESERVATION_LIFETIME_SECONDS = 15 * 60;

/** Reserved seconds still holding (those past `reserved_until` belong to renders that died). */
const liveReserved = sql`(case when ${dailyUsage.reservedUntil} is null or ${dailyUsage.reservedUntil} > now() then ${dailyUsage.secondsReserved} else 0 end)`;

/**
 * Reserves `seconds` of the user's allowance for `day` if used + live reserved + seconds stays
 * within `limit`. One statement: the row lock of the upsert serialises concurrent requests,
 * so two of them can never pass the limit together. Returns false when refused.
 */
export async function tryReserveSeconds(
  db: Db,
  options: { userId: string; day: string; seconds: number; limit: number },
): Promise<boolean> {
  const { userId, day, seconds, limit } = options;
  if (seconds > limit) return false;
  const until = sql`now() + make_interval(secs => ${RESERVATION_LIFETIME_SECONDS})`;
  const rows = await db
    .insert(dailyUsage)
    .values({ userId, day, secondsUsed: 0, secondsReserved: seconds, reservedUntil: until })
    .onConflictDoUpdate({
      target: [dailyUsage.userId, dailyUsage.day],
      set: { secondsReserved: sql`${liveReserved} + ${seconds}`, reservedUntil: until },
      setWhere: sql`${dailyUsage.secondsUsed} + ${liveReserved} + ${seconds} <= ${limit}`,
    })
    .returning({ userId: dailyUsage.userId });
  return rows.length === 1;
}

/** Turns a reservation into used seconds (inside the transaction that saves the affirmation). */
export async function commitReservedSeconds(tx: Tx, options: { userId: string; day: string; seconds: number }) {
  await tx
    .update(dailyUsage)
    .set({
      secondsUsed: sql`${dailyUsage.secondsUsed} + ${options.seconds}`,
      secondsReserved: sql`greatest(${dailyUsage.secondsReserved} - ${options.seconds}, 0)`,
    })
    .where(and(eq(dailyUsage.userId, options.userId), eq(dailyUsage.day, options.day)));
}

/** Gives a reservation back after a failed render. */
export async function releaseReservedSeconds(db: Db, options: { userId: string; day: string; seconds: number }) {
  await db
    .update(dailyUsage)
    .set({ secondsReserved: sql`greatest(${dailyUsage.secondsReserved} - ${options.seconds}, 0)` })
    .where(and(eq(dailyUsage.userId, options.userId), eq(dailyUsage.day, options.day)));
}

export async function findDailyUsage(db: Db, userId: string, day: string): Promise<DailyUsage> {
  const [row] = await db
    .select({ secondsUsed: dailyUsage.secondsUsed, secondsReserved: sql<number>`${liveReserved}`.mapWith(Number) })
    .from(dailyUsage)
    .where(and(eq(dailyUsage.userId, userId), eq(dailyUsage.day, day)));
  return { secondsUsed: row?.secondsUsed ?? 0, secondsReserved: row?.secondsReserved ?? 0 };
}
