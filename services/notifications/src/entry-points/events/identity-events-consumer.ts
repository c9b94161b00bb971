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
import { mails } from '../../data-access/schema';
import { writeMail } from '../../domain/write-mail';
import { passwordChangedMail, passwordResetMail } from '../../templates/account-mails';
import { addressChangedMail, addressConfirmMail } from '../../templates/address-mails';

/** Mails about the account's security; a listener who deleted their account has every mail kept for them forgotten. */
export function identityEventsConsumer(config: NotificationsConfig) {
  return {
    name: 'identity-events',
    handlers: [
      on(PasswordResetRequestedV1, (payload, { tx, envelope }) =>
        writeMail(tx, {
          eventId: envelope.id,
          kind: 'password-reset',
          to: payload.email,
          userId: payload.userId,
          content: passwordResetMail(payload),
        }),
      ),
      on(PasswordChangedV1, (payload, { tx, envelope }) =>
        writeMail(tx, {
          eventId: envelope.id,
          kind: 'password-changed',
          to: payload.email,
          userId: payload.userId,
          content: passwordChangedMail(config.PUBLIC_URL, payload),
        }),
      ),
      on(EmailConfirmationRequestedV1, (payload, { tx, envelope }) =>
        writeMail(tx, {
          eventId: envelope.id,
          kind: 'address-confirm',
          to: payload.email,
          userId: payload.userId,
          content: addressConfirmMail(payload),
        }),
      ),
      // Told to the address the account had: whoever still reads it learns of the change.
      on(EmailChangedV1, (payload, { tx, envelope }) =>
        writeMail(tx, {
          eventId: envelope.id,
          kind: 'address-changed',
          to: payload.previousEmail,
          userId: payload.userId,
          content: addressChangedMail(config.PUBLIC_URL, payload),
        }),
      ),
      on(UserDeletedV1, async (payload, { tx }) => void (await tx.delete(mails).where(eq(mails.userId, payload.userId)))),
    ],
  };
}
