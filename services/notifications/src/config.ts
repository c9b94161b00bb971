import { z } from 'zod';
import { ZBaseServiceEnv } from '@innerecho/kit';

export const ZNotificationsEnv = ZBaseServiceEnv.extend({
  /**
   * The mail server: smtp://user:pass@host:587 (STARTTLS when offered) or smtps://host:465
   * (TLS from the start); `?tls.rejectUnauthorized=false` and the other nodemailer URL
   * options apply. Unset: every mail is kept as an .eml file under DATA_DIR/mail/ and logged.
   */
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'an smtp:// or smtps:// URL')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** The sender every mail carries. */
  MAIL_FROM: z.string().min(3).max(200).default('InnerEcho <no-reply@innerecho.local>'),
  /** The first wait after a failed send; each further failure doubles it, up to MAIL_RETRY_MAX_SECONDS. */
  MAIL_RETRY_BASE_SECONDS: z.coerce.number().min(0.05).max(3600).default(10),
  MAIL_RETRY_MAX_SECONDS: z.coerce.number().min(1).max(86_400).default(1800),
  /** How often pending mails are looked for (a new mail is also sent at once). */
  MAIL_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(2),
  /** How often due daily reminders are looked for. */
  REMINDER_POLL_SECONDS: z.coerce.number().min(0.05).max(3600).default(30),
});
export type NotificationsConfig = z.infer<typeof ZNotificationsEnv>;
