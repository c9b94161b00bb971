import { UserRegisteredV1 } from '@innerecho/contracts';
import { on } from '@innerecho/kit';
import { accounts } from '../../data-access/schema';

/** Billing keeps the accounts it may attach a checkout to. */
export const identityEventsConsumer = {
  name: 'identity-events',
  handlers: [
    on(UserRegisteredV1, async (p, { tx }) => {
      await tx.insert(accounts).values({ userId: p.userId, email: p.email }).onConflictDoNothing();
    }),
  ],
};
