import type { RedirectAnswer } from '@innerecho/contracts';
import { notFound, type ServiceContext, type SessionClaims } from '@innerecho/kit';
import type { BillingConfig } from '../config';
import { findAccountByUserId, findSubscriptionsOfUser } from '../data-access/billing-repository';
import type { StripeProvider } from './stripe-provider';

export const DEMO_PORTAL_PATH = '/api/billing/demo-portal';

/**
 * 'Manage subscription': Stripe's customer portal (cancel, change plan, payment method),
 * or the demo portal when billing runs without Stripe.
 */
export async function openCustomerPortal(options: {
  context: ServiceContext<BillingConfig>;
  stripe: StripeProvider | null;
  user: SessionClaims;
}): Promise<RedirectAnswer> {
  const { context, stripe, user } = options;
  const subscriptions = (await findSubscriptionsOfUser(context.db, user.id)).sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime());
  if (!stripe) {
    if (!subscriptions.some((s) => s.id.startsWith('demo_sub_')))
      throw notFound('You have no subscription to manage yet', 'NO_SUBSCRIPTION');
    return { url: DEMO_PORTAL_PATH };
  }
  const customerId =
    subscriptions.find((s) => s.customerId && !s.id.startsWith('demo_sub_'))?.customerId ??
    (await findAccountByUserId(context.db, user.id))?.stripeCustomerId;
  if (!customerId) throw notFound('You have no subscription to manage yet', 'NO_SUBSCRIPTION');
  return { url: await stripe.createPortal(customerId, `${context.config.PUBLIC_URL}/`) };
}
