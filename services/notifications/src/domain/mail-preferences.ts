import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { MAIL_KINDS, NOTIFICATIONS_MESSAGES, type MailKind, type MailPreferences } from '@innerecho/contracts';
import { AppError, type Db, type Tx } from '@innerecho/kit';
import { dailyReminders, mailPreferences, unsubscribeLinks } from '../data-access/schema';

type Conn = Db | Tx;

/** Whom a mail is for: a listener by account (their choices follow them), anyone else by address. */
export function recipientKeyOf(mail: { userId?: string | null; to: string }): string {
  return mail.userId ? `user:${mail.userId}` : `email:${mail.to.toLowerCase()}`;
}

/** Kinds that start off until the person turns them on (the reminder needs a time first). */
const OFF_BY_DEFAULT: ReadonlySet<MailKind> = new Set(['daily-reminder']);

export async function isMailWanted(conn: Conn, recipientKey: string, kind: MailKind): Promise<boolean> {
  if (!MAIL_KINDS[kind].canTurnOff) return true;
  const [row] = await conn
    .select({ enabled: mailPreferences.enabled })
    .from(mailPreferences)
    .where(and(eq(mailPreferences.recipientKey, recipientKey), eq(mailPreferences.kind, kind)));
  return row ? row.enabled : !OFF_BY_DEFAULT.has(kind);
}

/** Turns a kind on or off; a mail about security or money cannot be turned off (409). */
export async function setMailWanted(conn: Conn, recipientKey: string, kind: MailKind, enabled: boolean): Promise<void> {
  if (!MAIL_KINDS[kind].canTurnOff && !enabled) throw new AppError(409, 'MAIL_REQUIRED', NOTIFICATIONS_MESSAGES.cannotTurnOff);
  if (!MAIL_KINDS[kind].canTurnOff) return;
  await conn
    .insert(mailPreferences)
    .values({ recipientKey, kind, enabled })
    .onConflictDoUpdate({ target: [mailPreferences.recipientKey, mailPreferences.kind], set: { enabled, updatedAt: new Date() } });
}

/** What a listener's account page shows: every kind a listener can get, and the reminder's time. */
export async function listenerPreferences(db: Conn, userId: string): Promise<MailPreferences> {
  const key = recipientKeyOf({ userId, to: '' });
  const chosen = new Map(
    (await db.select().from(mailPreferences).where(eq(mailPreferences.recipientKey, key))).map((row) => [row.kind, row.enabled]),
  );
  const kinds = (Object.entries(MAIL_KINDS) as [MailKind, (typeof MAIL_KINDS)[MailKind]][])
    .filter(([, about]) => about.audience === 'listener')
    .map(([kind, about]) => ({
      kind,
      label: about.label,
      canTurnOff: about.canTurnOff,
      enabled: !about.canTurnOff || (chosen.get(kind) ?? !OFF_BY_DEFAULT.has(kind)),
    }));
  const [reminder] = await db.select().from(dailyReminders).where(eq(dailyReminders.userId, userId));
  return { kinds, reminder: { time: reminder?.time ?? null, timeZone: reminder?.timeZone ?? null } };
}

/** A fresh unsubscribe token: 256 random bits, so a link cannot be guessed from another. */
export const newUnsubscribeToken = () => randomBytes(32).toString('base64url');

/** The mail an unsubscribe link came in (its kind and whom it was for); null for an unknown token. */
export async function mailOfUnsubscribeToken(db: Conn, token: string | undefined) {
  if (!token || !/^[A-Za-z0-9_-]{43}$/.test(token)) return null;
  const [link] = await db.select().from(unsubscribeLinks).where(eq(unsubscribeLinks.token, token));
  if (!link || !Object.hasOwn(MAIL_KINDS, link.kind)) return null;
  return { kind: link.kind as MailKind, recipientKey: link.recipientKey };
}
