import { createHash } from 'node:crypto';
import { and, eq, lte } from 'drizzle-orm';
import { ZReminderChange, type ZMailSettingsForm } from '@innerecho/contracts';
import { AppError, type ServiceContext, type Tx } from '@innerecho/kit';
import type { z } from 'zod';
import type { NotificationsConfig } from '../config';
import { dailyReminders } from '../data-access/schema';
import { dailyReminderMail } from '../templates/reminder-mails';
import { instantOf, localParts, nextDay } from './local-time';
import { isMailWanted, recipientKeyOf, setMailWanted } from './mail-preferences';
import { writeMail } from './write-mail';

/** A reminder found this late (the service was down) is skipped to the next day rather than sent at an odd hour. */
const LATEST_MS = 3 * 3600_000;

/** When a reminder at `time` in `timeZone` is next due after `now`, skipping a day it was already sent for. */
export function nextDueAt(time: string, timeZone: string, now: Date, lastSentDay: string | null): Date {
  let day = localParts(now, timeZone).day;
  for (let i = 0; i < 3; i++) {
    const due = instantOf(day, time, timeZone);
    if (due.getTime() > now.getTime() && day !== lastSentDay) return due;
    day = nextDay(day);
  }
  return instantOf(day, time, timeZone);
}

/** Sets the listener's reminder time and zone and turns the reminder on. */
export async function setReminder(
  context: ServiceContext<NotificationsConfig>,
  input: { userId: string; email: string; time: string; timeZone: string },
  now: Date,
): Promise<void> {
  await context.transaction(async (tx) => {
    const [existing] = await tx.select().from(dailyReminders).where(eq(dailyReminders.userId, input.userId)).for('update');
    const lastSentDay = existing?.lastSentDay ?? null;
    const values = {
      email: input.email,
      time: input.time,
      timeZone: input.timeZone,
      nextDueAt: nextDueAt(input.time, input.timeZone, now, lastSentDay),
    };
    await tx
      .insert(dailyReminders)
      .values({ userId: input.userId, ...values })
      .onConflictDoUpdate({ target: dailyReminders.userId, set: values });
    await setMailWanted(tx, recipientKeyOf({ userId: input.userId, to: input.email }), 'daily-reminder', true);
  });
}

/** The account page's form: the reminder's checkbox and, when it is on, its time and zone. */
export async function saveMailSettings(
  context: ServiceContext<NotificationsConfig>,
  input: { userId: string; email: string; form: z.infer<typeof ZMailSettingsForm> },
  now: Date,
): Promise<void> {
  const { form } = input;
  const on = form['daily-reminder'] === 'on';
  if (on) {
    const change = ZReminderChange.safeParse({ time: form.reminderTime, timeZone: form.timeZone });
    if (!change.success) throw new AppError(400, 'VALIDATION_FAILED', change.error.issues[0].message);
    await setReminder(context, { userId: input.userId, email: input.email, ...change.data }, now);
    return;
  }
  await setMailWanted(context.db, recipientKeyOf({ userId: input.userId, to: input.email }), 'daily-reminder', false);
}

/** One id per listener and local day: the mails table's uniqueness keeps a day to one reminder. */
function reminderEventId(userId: string, day: string): string {
  const hex = createHash('sha256').update(`daily-reminder:${userId}:${day}`).digest('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-8${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

async function sendOne(tx: Tx, config: NotificationsConfig, row: typeof dailyReminders.$inferSelect, now: Date): Promise<boolean> {
  const day = localParts(new Date(row.nextDueAt), row.timeZone).day;
  const late = now.getTime() - row.nextDueAt.getTime() > LATEST_MS;
  let sent = false;
  if (
    !late &&
    day !== row.lastSentDay &&
    (await isMailWanted(tx, recipientKeyOf({ userId: row.userId, to: row.email }), 'daily-reminder'))
  ) {
    await writeMail(
      tx,
      {
        eventId: reminderEventId(row.userId, day),
        kind: 'daily-reminder',
        to: row.email,
        userId: row.userId,
        content: dailyReminderMail(config.PUBLIC_URL),
      },
      { publicUrl: config.PUBLIC_URL, mailFrom: config.MAIL_FROM },
    );
    sent = true;
  }
  const lastSentDay = sent ? day : row.lastSentDay;
  await tx
    .update(dailyReminders)
    .set({ lastSentDay, nextDueAt: nextDueAt(row.time, row.timeZone, now, lastSentDay) })
    .where(eq(dailyReminders.userId, row.userId));
  return sent;
}

/**
 * Writes the reminders due at `now` (the clock is given, so tests choose the time), each in its
 * own transaction, and moves each to its next local day. Returns how many were written.
 */
export async function sendDueReminders(context: ServiceContext<NotificationsConfig>, now: Date): Promise<number> {
  const due = await context.db
    .select({ userId: dailyReminders.userId })
    .from(dailyReminders)
    .where(lte(dailyReminders.nextDueAt, now))
    .limit(500);
  let written = 0;
  for (const { userId } of due) {
    const sent = await context.transaction(async (tx) => {
      const [row] = await tx
        .select()
        .from(dailyReminders)
        .where(and(eq(dailyReminders.userId, userId), lte(dailyReminders.nextDueAt, now)))
        .for('update');
      return row ? sendOne(tx, context.config, row, now) : false;
    });
    if (sent) written++;
  }
  return written;
}

/** Checks for due reminders every `REMINDER_POLL_SECONDS`, one instance at a time; the due times are kept, so a restart loses none. */
export function startReminderScheduler(
  context: ServiceContext<NotificationsConfig>,
  afterSend: () => void,
  clock: () => Date = () => new Date(),
) {
  const tick = (): void => {
    context
      .exclusive('daily-reminders', () => sendDueReminders(context, clock()), { skipIfHeld: true })
      .then((written) => written && afterSend())
      .catch((error) => context.logger.error({ err: error }, 'daily reminders failed'));
  };
  const timer = setInterval(tick, context.config.REMINDER_POLL_SECONDS * 1000);
  timer.unref();
  return () => clearInterval(timer);
}
