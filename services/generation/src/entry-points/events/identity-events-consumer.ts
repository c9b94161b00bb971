import { UserDeletedV1 } from '@innerecho/contracts';
import { on, type ServiceContext } from '@innerecho/kit';
import { deleteListenerRows } from '../../data-access/listener-data-repository';
import { OWN_RECORDINGS_PREFIX } from '../../domain/own-recordings';

/**
 * A deleted account takes with it everything generation keeps of the listener: saved
 * affirmations and their MP3s, their own recordings and the WAVs, the allowance and the
 * listening days. The files go before the event's transaction commits; a failure leaves the
 * event to come again, and deleting what is already gone changes nothing.
 */
export const identityEventsConsumer = (context: ServiceContext) => ({
  name: 'identity-events',
  handlers: [
    on(UserDeletedV1, async ({ userId }, { tx }) => {
      for (const key of await deleteListenerRows(tx, userId)) await context.files.delete(key);
      await context.files.deletePrefix(`${OWN_RECORDINGS_PREFIX}${userId}/`);
    }),
  ],
});
