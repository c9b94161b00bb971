import { z } from 'zod';

/**
 * Every kind of mail, who gets it, and whether it can be turned off. Mails about the
 * account's security or money always go out; the others can be turned off (and carry
 * one-click unsubscribe).
 */
export const MAIL_KINDS = {
  'password-reset': { label: 'Password reset links', audience: 'listener', canTurnOff: false },
  'password-changed': { label: 'Your password was changed', audience: 'listener', canTurnOff: false },
  'address-confirm': { label: 'Confirm your email address', audience: 'listener', canTurnOff: false },
  'address-changed': { label: 'Your email address was changed', audience: 'listener', canTurnOff: false },
  receipt: { label: 'Receipts for each payment', audience: 'listener', canTurnOff: false },
  'trial-ending': { label: 'Your trial ends in 3 days', audience: 'listener', canTurnOff: false },
  'payment-failed': { label: 'A payment failed', audience: 'listener', canTurnOff: false },
  'subscription-ended': { label: 'Your subscription ended', audience: 'listener', canTurnOff: false },
  'daily-reminder': { label: 'Daily reminder to listen', audience: 'listener', canTurnOff: true },
  'creator-setup': { label: 'Creator account setup link', audience: 'creator', canTurnOff: false },
  'payout-requested': { label: 'Payout request received', audience: 'creator', canTurnOff: true },
  'payout-paid': { label: 'Payout paid', audience: 'creator', canTurnOff: false },
  'payout-declined': { label: 'Payout declined', audience: 'creator', canTurnOff: false },
} as const satisfies Record<string, { label: string; audience: 'listener' | 'creator'; canTurnOff: boolean }>;
export type MailKind = keyof typeof MAIL_KINDS;
export const MAIL_KIND_IDS = Object.keys(MAIL_KINDS) as [MailKind, ...MailKind[]];

export const NOTIFICATIONS_MESSAGES = {
  cannotTurnOff: "This mail is about your account's security or money, so it cannot be turned off",
  badTime: 'Choose a time of day as HH:MM',
  badTimeZone: 'Choose a time zone from the list',
  unknownLink: 'This unsubscribe link is not known. Open the newest mail and use its link, or choose your mails on your account page.',
} as const;

/** An IANA time zone this server knows (`Europe/Berlin`). */
export const ZTimeZone = z
  .string()
  .max(64, NOTIFICATIONS_MESSAGES.badTimeZone)
  .refine((zone) => {
    try {
      return (
        /^[A-Za-z_]+(\/[A-Za-z0-9_+-]+)*$/.test(zone) &&
        new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone !== undefined
      );
    } catch {
      return false;
    }
  }, NOTIFICATIONS_MESSAGES.badTimeZone);

/** A time of day, `07:30` (24-hour). */
export const ZTimeOfDay = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, NOTIFICATIONS_MESSAGES.badTime);

/** The daily reminder: when, in the listener's own time zone; null until chosen. */
export const ZReminderSettings = z.object({ time: ZTimeOfDay.nullable(), timeZone: z.string().nullable() });

/** GET /api/notifications/preferences: the listener's kinds of mail and the reminder's time. */
export const ZMailPreferences = z.object({
  kinds: z.array(z.object({ kind: z.enum(MAIL_KIND_IDS), label: z.string(), canTurnOff: z.boolean(), enabled: z.boolean() })),
  reminder: ZReminderSettings,
});
export type MailPreferences = z.infer<typeof ZMailPreferences>;

/** PUT /api/notifications/preferences: one kind on or off. */
export const ZMailPreferenceChange = z.object({
  kind: z.enum(MAIL_KIND_IDS, { message: 'Choose a kind of mail' }),
  enabled: z.boolean({ message: 'Say whether this mail is on or off' }),
});

/** PUT /api/notifications/reminder: the daily reminder's time, in an IANA time zone (turns it on). */
export const ZReminderChange = z.object({ time: ZTimeOfDay, timeZone: ZTimeZone });

/** The account page's form: a checkbox per kind that can be turned off, and the reminder's time. */
export const ZMailSettingsForm = z.object({
  'daily-reminder': z.literal('on').optional(),
  reminderTime: z.union([ZTimeOfDay, z.literal('')]).optional(),
  timeZone: z.union([ZTimeZone, z.literal('')]).optional(),
});

/** The token of an unsubscribe link (in its query). */
export const ZUnsubscribeQuery = z.object({
  token: z.string().max(100).optional().describe('The token of the unsubscribe link, from the mail'),
});

/** The one-click unsubscribe body mail programs send (RFC 8058), or the confirm page's button. */
export const ZUnsubscribeForm = z.object({ 'List-Unsubscribe': z.literal('One-Click').optional() });
