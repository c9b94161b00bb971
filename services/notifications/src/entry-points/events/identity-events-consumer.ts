import { UserDeletedV1 } from '@innerecho/contracts';
import { on } from '@innerecho/kit';
import { eq } from 'drizzle-orm';
import { mails } from '../../data-access/schema';

/** A listener who deleted their account: every mail kept for them is forgotten, sent or not. */
export const identityEventsConsumer = {
  name: 'identity-events',
  handlers: [on(UserDeletedV1, async (payload, { tx }) => void (await tx.delete(mails).where(eq(mails.userId, payload.userId))))],
};
