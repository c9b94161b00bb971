import { AppError, type Db } from '@innerecho/kit';
import { DAILY_AUDIO_SECONDS, type DailyAllowanceView } from '@innerecho/contracts';
import { findDailyUsage, tryReserveSeconds, type RenderReservation } from '../data-access/daily-usage-repository';

/** The allowance counts per UTC day. */
export const utcDay = (now = new Date()) => now.toISOString().slice(0, 10);

/** The next midnight UTC, when a new day's allowance starts. */
export const nextUtcMidnight = (now = new Date()) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));

const minutes = (seconds: number) => {
  const m = Math.floor(seconds / 60);
  return `${m} minute${m === 1 ? '' : 's'}`;
};

/**
 * Reserves the seconds of one render (`id`, writing `fileKey`) against today's allowance, held
 * by `holder` for its lease, or refuses (429) saying how much is left today. Concurrent
 * requests are serialised by the database.
 */
export async function reserveDailySeconds(
  db: Db,
  render: { id: string; userId: string; seconds: number; fileKey: string },
  holder: { instanceId: string; leaseSeconds: number },
  now = new Date(),
): Promise<RenderReservation> {
  const { userId } = render;
  const day = utcDay(now);
  const reservation = { ...render, day };
  if (await tryReserveSeconds(db, { reservation, limit: DAILY_AUDIO_SECONDS, ...holder })) return reservation;
  const usage = await findDailyUsage(db, userId, day);
  const left = Math.max(0, DAILY_AUDIO_SECONDS - usage.secondsUsed - usage.secondsReserved);
  const message =
    left < 60
      ? `You have used today's ${minutes(DAILY_AUDIO_SECONDS)} of audio. Your allowance renews at midnight UTC.`
      : `Daily limit: you can generate ${minutes(DAILY_AUDIO_SECONDS)} of audio a day, and you have ${minutes(left)} left today. Choose a shorter duration.`;
  throw new AppError(429, 'DAILY_LIMIT_REACHED', message, { secondsLeft: left });
}

/**
 * Today's allowance as the generate screens show it. Seconds held by a render still running
 * count as used, so the slider never offers what a running render is about to take.
 */
export async function readDailyAllowance(db: Db, userId: string, now = new Date()): Promise<DailyAllowanceView> {
  const usage = await findDailyUsage(db, userId, utcDay(now));
  const secondsUsed = Math.min(DAILY_AUDIO_SECONDS, usage.secondsUsed + usage.secondsReserved);
  return {
    dailySeconds: DAILY_AUDIO_SECONDS,
    secondsUsed,
    secondsLeft: DAILY_AUDIO_SECONDS - secondsUsed,
    renewsAt: nextUtcMidnight(now).toISOString(),
  };
}
