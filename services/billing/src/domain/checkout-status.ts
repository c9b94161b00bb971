import type { CheckoutStatusView } from '@innerecho/contracts';
import type { ServiceContext } from '@innerecho/kit';
import type { BillingConfig } from '../config';
import { findCheckoutSession } from '../data-access/billing-repository';
import { isStarterOf } from './checkout-starter';

const UNKNOWN: CheckoutStatusView = { status: 'unknown', plan: null };

/**
 * What /success may say about a checkout, told only to the browser that started it (its
 * starter token) or to the signed-in account it was for (by id, or by the email a visitor's
 * checkout was paid with); anyone else holding the id learns nothing, as for an unknown id.
 * A demo checkout is complete only once its form was submitted; a Stripe one
 * that is still open may be paid with the webhook on its way (Stripe sends the buyer back
 * only after paying).
 */
export async function checkoutStatus(options: {
  context: ServiceContext<BillingConfig>;
  checkoutId: string;
  user?: { id: string; email?: string | null } | null;
  starterToken: string | null;
}): Promise<CheckoutStatusView> {
  const { context, checkoutId, user, starterToken } = options;
  if (!/^(demo_)?cs_[A-Za-z0-9_-]{1,200}$/.test(checkoutId)) return UNKNOWN;
  const session = await findCheckoutSession(context.db, checkoutId);
  if (!session) return UNKNOWN;
  if (!isStarterOf(session.starterTokenHash, starterToken) && !isBuyer(session, user)) return UNKNOWN;
  if (session.status === 'complete') return { status: 'complete', plan: session.plan };
  if (session.status === 'open' && session.mode === 'stripe') return { status: 'processing', plan: session.plan };
  return UNKNOWN;
}

/** The signed-in account the checkout was for: named when it started, or by the email it was paid with. */
function isBuyer(session: { userId: string | null; email: string | null }, user: { id: string; email?: string | null } | null | undefined) {
  if (!user) return false;
  if (session.userId !== null) return session.userId === user.id;
  return Boolean(session.email && user.email && session.email.toLowerCase() === user.email.toLowerCase());
}
