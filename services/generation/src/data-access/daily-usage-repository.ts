import { and, eq, gt, inArray, lt, sql, type SQLWrapper } from 'drizzle-orm';
import { preparedQuery, type Db, type Tx } from '@innerecho/kit';
import { dailyUsage, renderReservations } from './schema';

export interface DailyUsage {
  secondsUsed: number;
  /** Seconds held by renders still running (their lease has not passed). */
  secondsReserved: number;
}

export interface RenderReservation {
  id: string;
  userId: string;
  day: string;
  seconds: number;
  fileKey: string;
}

/**
 * A user's live reservations of a day (a passed lease belongs to a render whose process died),
 * by values or by the placeholders of a prepared query.
 */
const liveReservationsOf = (userId: string | SQLWrapper, day: string | SQLWrapper) =>
  and(eq(renderReservations.userId, userId), eq(renderReservations.day, day), gt(renderReservations.leaseUntil, sql`now()`));

/** The seconds the reservations selected hold. */
const heldSeconds = () => sql<number>`coalesce(sum(${renderReservations.seconds}), 0)`.mapWith(Number);

/** Seconds held by live reservations. */
const liveReservedSeconds = (db: Db | Tx, userId: string, day: string) =>
  db.select({ seconds: heldSeconds() }).from(renderReservations).where(liveReservationsOf(userId, day));

/**
 * Reserves `reservation.seconds` of the user's allowance for its day if used + live reserved +
 * seconds stays within `limit`, held by `instanceId` for `leaseSeconds`. The day's usage row is
 * locked first (an upsert that changes nothing), so a user's concurrent reservations take turns
 * and each counts the ones committed before it: two can never pass the limit together.
 * Returns false when refused.
 */
export async function tryReserveSeconds(
  db: Db,
  options: { reservation: RenderReservation; limit: number; instanceId: string; leaseSeconds: number },
): Promise<boolean> {
  const { reservation, limit, instanceId, leaseSeconds } = options;
  const { userId, day, seconds } = reservation;
  if (seconds > limit) return false;
  return db.transaction(async (tx) => {
    const [usage] = await tx
      .insert(dailyUsage)
      .values({ userId, day, secondsUsed: 0 })
      .onConflictDoUpdate({ target: [dailyUsage.userId, dailyUsage.day], set: { secondsUsed: sql`${dailyUsage.secondsUsed}` } })
      .returning({ secondsUsed: dailyUsage.secondsUsed });
    const [held] = await liveReservedSeconds(tx, userId, day);
    if (usage.secondsUsed + held.seconds + seconds > limit) return false;
    await tx.insert(renderReservations).values({
      ...reservation,
      instanceId,
      leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})`,
    });
    return true;
  });
}

/**
 * Turns a reservation into used seconds, inside the transaction that saves the affirmation.
 * False when the reservation is gone: its lease passed (this instance was thought dead) and
 * the sweeper removed it and its file, so nothing may be saved.
 */
export async function commitReservedSeconds(tx: Tx, reservation: RenderReservation): Promise<boolean> {
  const removed = await tx
    .delete(renderReservations)
    .where(eq(renderReservations.id, reservation.id))
    .returning({ id: renderReservations.id });
  if (removed.length === 0) return false;
  await tx
    .update(dailyUsage)
    .set({ secondsUsed: sql`${dailyUsage.secondsUsed} + ${reservation.seconds}` })
    .where(and(eq(dailyUsage.userId, reservation.userId), eq(dailyUsage.day, reservation.day)));
  return true;
}

/** Gives a reservation back after a failed or cancelled render. */
export async function releaseReservedSeconds(db: Db, reservationId: string) {
  await db.delete(renderReservations).where(eq(renderReservations.id, reservationId));
}

/** Renews the lease of every reservation `instanceId` holds (the renders it is running). */
export async function renewReservationLeases(db: Db, instanceId: string, leaseSeconds: number) {
  await db
    .update(renderReservations)
    .set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds})` })
    .where(eq(renderReservations.instanceId, instanceId));
}

/**
 * Removes up to `limit` reservations whose lease has passed (their renders' processes died)
 * and, before that removal commits, what their renders wrote of their files: a crash between
 * the two leaves the rows for the next sweep, never a file without its row. The rows stay
 * locked meanwhile, so an instance that was only slow cannot renew or commit one of them.
 * Returns how many were removed.
 */
export async function removeLapsedReservations(db: Db, limit: number, removeFile: (key: string) => Promise<void>): Promise<number> {
  return db.transaction(async (tx) => {
    const lapsed = tx
      .select({ id: renderReservations.id })
      .from(renderReservations)
      .where(lt(renderReservations.leaseUntil, sql`now()`))
      .limit(limit);
    const removed = await tx
      .delete(renderReservations)
      .where(and(inArray(renderReservations.id, lapsed), lt(renderReservations.leaseUntil, sql`now()`)))
      .returning({ fileKey: renderReservations.fileKey });
    for (const { fileKey } of removed) await removeFile(fileKey);
    return removed.length;
  });
}

/**
 * The day's used and reserved seconds in one statement (the live reservations' sum, with the
 * usage row as a subquery): the allowance is read on every visit to the generate screen.
 */
const dailyUsageQuery = preparedQuery((db, name) => {
  const userId = sql.placeholder('userId');
  const day = sql.placeholder('day');
  return db
    .select({
      secondsUsed:
        sql<number>`coalesce((select ${dailyUsage.secondsUsed} from ${dailyUsage} where ${dailyUsage.userId} = ${userId} and ${dailyUsage.day} = ${day}), 0)`.mapWith(
          Number,
        ),
      secondsReserved: heldSeconds(),
    })
    .from(renderReservations)
    .where(liveReservationsOf(userId, day))
    .prepare(name);
}, 'daily_usage');

export async function findDailyUsage(db: Db, userId: string, day: string): Promise<DailyUsage> {
  const [row] = await dailyUsageQuery(db).execute({ userId, day });
  return row;
}
