import type { EventPayload, UserDeletedV1 } from '@innerecho/contracts';
import type { EventContext, ServiceContext } from '@innerecho/kit';
import { findSubscriptionsOfUser, forgetAccountEmail } from '../data-access/billing-repository';
import { mergeSubscription } from './apply-billing-fact';
import { emptyFacts } from './billing-facts';
import type { StripeProvider } from './stripe-provider';

/**
 * A deleted account: its subscriptions end at once (at Stripe too, when it is configured;
 * Stripe's own webhook then finds them ended already), and billing forgets its email. The
 * email goes first, so the announcement of the ending names no one. Ending what has ended
 * changes nothing, so a second delivery of the event is harmless.
 */
export async function forgetAccount(
  context: ServiceContext,
  stripe: StripeProvider | null,
  { userId }: EventPayload<typeof UserDeletedV1>,
  { tx, envelope }: EventContext,
) {
  await forgetAccountEmail(tx, userId);
  for (const subscription of await findSubscriptionsOfUser(tx, userId)) {
    if (subscription.status === 'canceled') continue;
    await stripe?.cancelSubscription(subscription.id);
    await mergeSubscription(tx, context, { ...emptyFacts(subscription.id), status: 'canceled' }, envelope.requestId);
  }
}
