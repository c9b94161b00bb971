import type { CheckoutStatusView } from '@innerecho/contracts';
import type { ServiceContext } from '@innerecho/kit';
import type { BillingConfig } from '../config';
import { findCheckoutSession } from '../data-access/billing-repository';

const UNKNOWN: CheckoutStatusView = { status: 'unknown', plan: null };

/**
 * What /success may say about a checkout. Its id is unguessable, so holding it is what
 * makes it the visitor's; a signed-in visitor is also told nothing about another account's
 * checkout. A demo checkout is complete only once its form was submitted; a Stripe one
 * that is still open may be paid with the webhook on its way (Stripe sends the buyer back
 * only after paying).
 */
export async function checkoutStatus(options: {
  context: ServiceContext<BillingConfig>;
  checkoutId: string;
  user?: { id: string; email?: string | null } | null;
}): Promise<CheckoutStatusView> {
  const { context, checkoutId, user } = options;
  if (!/^(demo_)?cs_[A-Za-z0-9_-]{1,200}$/.test(checkoutId)) return UNKNOWN;
  const session = await findCheckoutSession(context.db, checkoutId);
  if (!session) return UNKNOWN;
  if (user) {
    const otherUser = session.userId !== null && session.userId !== user.id;
    const otherEmail = session.userId === null && session.email && user.email && session.email.toLowerCase() !== user.email.toLowerCase();
    if (otherUser || otherEmail) return UNKNOWN;
  }
  if (session.status === 'complete') return { status: 'complete', plan: session.plan };
  if (session.status === 'open' && session.mode === 'stripe') return { status: 'processing', plan: session.plan };
  return UNKNOWN;
}
