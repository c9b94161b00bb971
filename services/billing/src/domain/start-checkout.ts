import { randomBytes } from 'node:crypto';
import type { CheckoutRequest, RedirectAnswer } from '@innerecho/contracts';
import { conflict, type ServiceContext, type SessionClaims } from '@innerecho/kit';
import type { BillingConfig } from '../config';
import { findAccountByUserId, findSubscriptionsOfUser, insertCheckoutSession } from '../data-access/billing-repository';
import { isEntitledStatus, normaliseReferralCode } from './billing-facts';
import { starterTokenHash } from './checkout-starter';
import type { StripeProvider } from './stripe-provider';

export const demoCheckoutPath = (id: string) => `/api/billing/demo-checkout/${id}`;

/**
 * Starts a subscription checkout for a plan: Stripe Checkout with a 3-day trial, or the
 * labelled demo checkout when no Stripe key is configured. A signed-in buyer is named
 * (client_reference_id); a visitor is matched by the checkout's email later.
 */
export async function startCheckout(options: {
  context: ServiceContext<BillingConfig>;
  stripe: StripeProvider | null;
  input: CheckoutRequest;
  user: SessionClaims | undefined;
  /** The starting browser's token (`checkout-starter.ts`): that browser may read the checkout's status. */
  starterToken: string;
}): Promise<RedirectAnswer> {
  const { context, stripe } = options;
  const starterHash = starterTokenHash(options.starterToken);
  const { input } = options;
  // Creator-referral validates the code again against its creators when it attributes.
  const referralCode = normaliseReferralCode(input.referralCode);
  const user = options.user && options.user.role !== 'creator' ? options.user : undefined;
  // A second subscription would be charged twice: plan changes go through the portal.
  if (user && (await findSubscriptionsOfUser(context.db, user.id)).some((s) => isEntitledStatus(s.status))) {
    throw conflict('You already have an active subscription. Use Manage subscription to change your plan.', 'ALREADY_SUBSCRIBED');
  }

  if (stripe) {
    const account = user ? await findAccountByUserId(context.db, user.id) : null;
    const session = await stripe.createCheckout({
      plan: input.plan,
      referralCode,
      user: user ? { id: user.id, email: user.email } : null,
      customerId: account?.stripeCustomerId ?? null,
      publicUrl: context.config.PUBLIC_URL,
    });
    await insertCheckoutSession(context.db, {
      id: session.id,
      mode: 'stripe',
      plan: input.plan,
      referralCode,
      userId: user?.id ?? null,
      email: user?.email ?? null,
      starterTokenHash: starterHash,
    });
    return { url: session.url };
  }

  const id = `demo_cs_${randomBytes(18).toString('base64url')}`;
  await insertCheckoutSession(context.db, {
    id,
    mode: 'demo',
    plan: input.plan,
    referralCode,
    userId: user?.id ?? null,
    email: user?.email ?? null,
    starterTokenHash: starterHash,
  });
  return { url: demoCheckoutPath(id) };
}
