import { CreatorSetupLinkIssuedV1 } from '@innerecho/contracts';
import { on } from '@innerecho/kit';
import { writeMail } from '../../domain/write-mail';
import { creatorSetupMail } from '../../templates/creator-mails';

/** Mails to creators: the setup link an admin issued. */
export const creatorEventsConsumer = {
  name: 'creator-events',
  handlers: [
    on(CreatorSetupLinkIssuedV1, (payload, { tx, envelope }) =>
      writeMail(tx, { eventId: envelope.id, kind: 'creator-setup', to: payload.email, content: creatorSetupMail(payload) }),
    ),
  ],
};
