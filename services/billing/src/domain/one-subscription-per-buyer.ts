import type { Db } from '@innerecho/kit';
import {
  findAccountByEmail,
  findSubscriptionsOfUser,
  findUnattachedByEmail,
  type SubscriptionRecord,
} from '../data-access/billing-repository';
import { isEntitledStatus } from './billing-facts';

/** Said to a buyer whose email already has access, on the demo checkout and after Stripe Checkout. */
export const ALREADY_SUBSCRIBED_VISITOR_MESSAGE =
  'This email already has an active subscription, so this checkout was not started. Sign in to listen, or to manage your subscription.';
export const ALREADY_SUBSCRIBED_AFTER_PAYMENT_MESSAGE =
  'This email already has an active subscription, so the new one was cancelled at once and nothing will be charged. Sign in to listen, or to manage your subscription.';

/**
 * The subscription that already gives a buyer access, if any: one of the account the buyer
 * is signed in as or whose email they gave, or one a visitor bought with that email and
 * has not yet attached to an account. `exceptSubscriptionId` leaves out the checkout being
 * judged. A second subscription would charge the same person twice for the same thing:
 * plan changes go through the customer portal.
 */
export async function findActiveSubscriptionOf(
  db: Db,
  buyer: { userId: string | null; email: string | null },
  exceptSubscriptionId?: string,
): Promise<SubscriptionRecord | null> {
  const email = buyer.email?.trim().toLowerCase() || null;
  const userId = buyer.userId ?? (email ? ((await findAccountByEmail(db, email))?.userId ?? null) : null);
  const candidates = [
    ...(userId ? await findSubscriptionsOfUser(db, userId) : []),
    ...(email ? await findUnattachedByEmail(db, email) : []),
  ];
  return candidates.find((s) => s.id !== exceptSubscriptionId && isEntitledStatus(s.status)) ?? null;
}
