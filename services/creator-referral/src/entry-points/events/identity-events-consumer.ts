import { UserDeletedV1 } from '@innerecho/contracts';
import { on } from '@innerecho/kit';
import { forgetListenerEmail } from '../../data-access/referral-repository';

/** A listener who deleted their account is no longer named to the creator who referred them. */
export const identityEventsConsumer = {
  name: 'identity-events',
  handlers: [on(UserDeletedV1, (payload, { tx }) => forgetListenerEmail(tx, payload.userId))],
};
