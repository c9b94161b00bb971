import {
  CreatorPasswordChangedV1,
  CreatorPasswordResetRequestedV1,
  CreatorSetupLinkIssuedV1,
  PayoutDeclinedV1,
  PayoutPaidV1,
  PayoutRequestedV1,
} from '@innerecho/contracts';
import { on } from '@innerecho/kit';
import type { NotificationsConfig } from '../../config';
import { writeMail } from '../../domain/write-mail';
import { creatorPasswordChangedMail, creatorPasswordResetMail } from '../../templates/creator-account-mails';
import { creatorSetupMail, payoutDeclinedMail, payoutPaidMail, payoutRequestedMail } from '../../templates/creator-mails';

/** Mails to creators: the setup link an admin issued, a reset link and "your password was changed", and their payouts asked for, paid or declined. */
export function creatorEventsConsumer(config: NotificationsConfig) {
  const mailConfig = { publicUrl: config.PUBLIC_URL, mailFrom: config.MAIL_FROM };
  const publicUrl = config.PUBLIC_URL;
  return {
    name: 'creator-events',
    handlers: [
      on(CreatorSetupLinkIssuedV1, (payload, { tx, envelope }) =>
        writeMail(tx, { eventId: envelope.id, kind: 'creator-setup', to: payload.email, content: creatorSetupMail(payload) }, mailConfig),
      ),
      on(CreatorPasswordResetRequestedV1, (payload, { tx, envelope }) =>
        writeMail(
          tx,
          { eventId: envelope.id, kind: 'password-reset', to: payload.email, content: creatorPasswordResetMail(payload) },
          mailConfig,
        ),
      ),
      on(CreatorPasswordChangedV1, (payload, { tx, envelope }) =>
        writeMail(
          tx,
          {
            eventId: envelope.id,
            kind: 'password-changed',
            to: payload.email,
            content: creatorPasswordChangedMail(publicUrl, payload),
          },
          mailConfig,
        ),
      ),
      on(PayoutRequestedV1, (payload, { tx, envelope }) =>
        writeMail(
          tx,
          {
            eventId: envelope.id,
            kind: 'payout-requested',
            to: payload.email,
            content: payoutRequestedMail(publicUrl, payload),
          },
          mailConfig,
        ),
      ),
      on(PayoutPaidV1, (payload, { tx, envelope }) =>
        writeMail(
          tx,
          { eventId: envelope.id, kind: 'payout-paid', to: payload.email, content: payoutPaidMail(publicUrl, payload) },
          mailConfig,
        ),
      ),
      on(PayoutDeclinedV1, (payload, { tx, envelope }) =>
        writeMail(
          tx,
          {
            eventId: envelope.id,
            kind: 'payout-declined',
            to: payload.email,
            content: payoutDeclinedMail(publicUrl, payload),
          },
          mailConfig,
        ),
      ),
    ],
  };
}
