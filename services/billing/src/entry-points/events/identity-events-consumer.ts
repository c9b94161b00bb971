import { UserRegisteredV1 } from '@innerecho/contracts';
import { on, type ServiceContext } from '@innerecho/kit';
import { attachNewAccount } from '../../domain/attach-account';

/** Billing keeps the accounts it may attach a checkout to, and attaches visitors' checkouts at sign-up. */
export const identityEventsConsumer = (context: ServiceContext) => ({
  name: 'identity-events',
  handlers: [on(UserRegisteredV1, (payload, eventContext) => attachNewAccount(context, payload, eventContext))],
});
