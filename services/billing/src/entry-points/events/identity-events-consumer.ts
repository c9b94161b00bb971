import { UserDeletedV1, UserRegisteredV1 } from '@innerecho/contracts';
import { on, type ServiceContext } from '@innerecho/kit';
import { attachNewAccount } from '../../domain/attach-account';
import { forgetAccount } from '../../domain/forget-account';
import type { StripeProvider } from '../../domain/stripe-provider';

/**
 * Billing keeps the accounts it may attach a checkout to, and attaches visitors' checkouts at
 * sign-up; a deleted account's subscriptions end and its email is forgotten.
 */
export const identityEventsConsumer = (context: ServiceContext, stripe: StripeProvider | null) => ({
  name: 'identity-events',
  handlers: [
    on(UserRegisteredV1, (payload, eventContext) => attachNewAccount(context, payload, eventContext)),
    on(UserDeletedV1, (payload, eventContext) => forgetAccount(context, stripe, payload, eventContext)),
  ],
});
