import {
  EmailChangedV1,
  EmailConfirmationRequestedV1,
  PasswordChangedV1,
  PasswordResetRequestedV1,
  UserDeletedV1,
} from '@innerecho/contracts';
import { on } from '@innerecho/kit';
import { eq } from 'drizzle-orm';
import type { NotificationsConfig } from '../../config';
import { dailyReminders, mailPreferences, mails, unsubscribeLinks } from '../../data-access/schema';
import { writeMail } from '../../domain/write-mail';
import { passwordChangedMail, passwordResetMail } from '../../templates/account-mails';
import { addressChangedMail, addressConfirmMail } from '../../templates/address-mails';

/** Mails about the account's security; a listener who deleted their account has every mail kept for them forgotten. */
export function identityEventsConsumer(config: NotificationsConfig) {
  const mailConfig = { publicUrl: config.PUBLIC_URL, mailFrom: config.MAIL_FROM };
  return {
    name: 'identity-events',
    handlers: [
      on(PasswordResetRequestedV1, (payload, { tx, envelope }) =>
        writeMail(
          tx,
          {
            eventId: envelope.id,
            kind: 'password-reset',
            to: payload.email,
            userId: payload.userId,
            content: passwordResetMail(payload),
          },
          mailConfig,
        ),
      ),
      on(PasswordChangedV1, (payload, { tx, envelope }) =>
        writeMail(
          tx,
          {
            eventId: envelope.id,
            kind: 'password-changed',
            to: payload.email,
            userId: payload.userId,
            content: passwordChangedMail(config.PUBLIC_URL, payload),
          },
          mailConfig,
        ),
      ),
      on(EmailConfirmationRequestedV1, (payload, { tx, envelope }) =>
        writeMail(
          tx,
          {
            eventId: envelope.id,
            kind: 'address-confirm',
            to: payload.email,
            userId: payload.userId,
            content: addressConfirmMail(payload),
          },
          mailConfig,
        ),
      ),
      // Told to the address the account had: whoever still reads it learns of the change. The
      // daily reminder goes to the new address from now on.
      on(EmailChangedV1, async (payload, { tx, envelope }) => {
        await tx.update(dailyReminders).set({ email: payload.email }).where(eq(dailyReminders.userId, payload.userId));
        await writeMail(
          tx,
          {
            eventId: envelope.id,
            kind: 'address-changed',
            to: payload.previousEmail,
            userId: payload.userId,
            content: addressChangedMail(config.PUBLIC_URL, payload),
          },
          mailConfig,
        );
      }),
      on(UserDeletedV1, async (payload, { tx }) => {
        await tx.delete(mails).where(eq(mails.userId, payload.userId));
        await tx.delete(mailPreferences).where(eq(mailPreferences.recipientKey, `user:${payload.userId}`));
        await tx.delete(unsubscribeLinks).where(eq(unsubscribeLinks.recipientKey, `user:${payload.userId}`));
        await tx.delete(dailyReminders).where(eq(dailyReminders.userId, payload.userId));
      }),
    ],
  };
}
