import { z } from 'zod';
import { isUuid } from '@innerecho/contracts';
import { badRequest, notFound, type ServiceContext } from '@innerecho/kit';
import type { GenerationConfig } from '../config';
import { findOwnSavedAffirmation } from '../data-access/saved-affirmation-repository';
import { listeningDaysUpTo, recordListeningDay } from '../data-access/listening-day-repository';

type Context = ServiceContext<GenerationConfig>;

/**
 * A formatter of calendar days per time zone, made once: making one costs more than the rest
 * of a streak read. Only zones the runtime knows are kept (an unknown one throws first), and
 * the map is emptied when it grows past any real set of zones and their spellings.
 */
const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    if (dayFormats.size >= 2000) dayFormats.clear();
    dayFormats.set(timeZone, format);
  }
  return format;
}

/** An IANA time zone the runtime knows ('Europe/London'); the listener's days are counted in it. */
const ZTimeZone = z
  .string({ error: 'Time zone is required' })
  .max(64)
  .refine((zone) => {
    try {
      dayFormat(zone);
      return true;
    } catch {
      return false;
    }
  }, 'Unknown time zone');

/**
 * Each zone's day in the minute it was last asked for: today's zones all change their offset
 * on a whole minute, so a day read in one minute holds for the rest of it, and a streak read
 * need not format the date again (most of what it costs besides its query).
 */
const daysThisMinute = new Map<string, { minute: number; day: string }>();

/** The calendar day (YYYY-MM-DD) it is now in `timeZone`. */
function today(timeZone: string): string {
  const now = Date.now();
  const minute = Math.floor(now / 60_000);
  const known = daysThisMinute.get(timeZone);
  if (known?.minute === minute) return known.day;
  const day = dayFormat(timeZone).format(now);
  // Bounded as the formatters are: only zones the runtime knows reach here.
  if (!known && daysThisMinute.size >= 2000) daysThisMinute.clear();
  daysThisMinute.set(timeZone, { minute, day });
  return day;
}

const twoDigits = (n: number) => (n < 10 ? `0${n}` : `${n}`);

/**
 * The calendar day before `day` (both YYYY-MM-DD), from the date's fields: parsing the text as
 * a date and formatting it back as ISO costs three times as much, once per day of a streak.
 */
const previousDay = (day: string) => {
  const d = new Date(0);
  // setUTCFullYear, not Date.UTC: it takes years below 100 as they are, not as 19xx.
  d.setUTCFullYear(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10)) - 1);
  return `${String(d.getUTCFullYear()).padStart(4, '0')}-${twoDigits(d.getUTCMonth() + 1)}-${twoDigits(d.getUTCDate())}`;
};

/**
 * Days in a row with at least one play, ending today, or yesterday while today has no play
 * yet (a streak is not lost until the day is over). `days` are the listener's days, newest first.
 */
export function streakFrom(days: string[], today: string): number {
  let expected = days[0] === today ? today : previousDay(today);
  let streak = 0;
  for (const day of days) {
    if (day !== expected) break;
    streak++;
    expected = previousDay(expected);
  }
  return streak;
}

export interface StreakView {
  days: number;
  listenedToday: boolean;
  today: string;
}

async function readStreak(context: Context, userId: string, today: string): Promise<StreakView> {
  const days = await listeningDaysUpTo(context.db, userId, today);
  return { days: streakFrom(days, today), listenedToday: days[0] === today, today };
}

/**
 * A play of one of the listener's saved affirmations: marks the day (in their time zone) as a
 * listening day. Only their own saved affirmations count; anything else is 404.
 */
export async function recordPlay(
  context: Context,
  options: { userId: string; savedId: string; timeZone: string | undefined },
): Promise<StreakView> {
  // An id that cannot exist is a 404 whatever the body says.
  const gone = () => notFound('Saved affirmation not found', 'SAVED_AFFIRMATION_NOT_FOUND');
  if (!isUuid(options.savedId)) throw gone();
  const parsed = ZTimeZone.safeParse(options.timeZone);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Unknown time zone', 'BAD_TIME_ZONE');
  if (!(await findOwnSavedAffirmation(context.db, options.userId, options.savedId))) throw gone();
  const day = today(parsed.data);
  await recordListeningDay(context.db, options.userId, day);
  return readStreak(context, options.userId, day);
}

/** The listener's streak as of now in their time zone (`?timeZone=`). */
export async function describeStreak(context: Context, userId: string, timeZone: unknown): Promise<StreakView> {
  const parsed = ZTimeZone.safeParse(timeZone);
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? 'Unknown time zone', 'BAD_TIME_ZONE');
  return readStreak(context, userId, today(parsed.data));
}
