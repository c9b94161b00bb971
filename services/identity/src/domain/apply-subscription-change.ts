import type { EventPayload, SubscriptionChangedV1 } from '@innerecho/contracts';
import type { EventContext } from '@innerecho/kit';
import { findUserById, upsertSubscriptionIfNewer } from '../data-access/user-repository';

/**
 * Keeps the entitlement behind `subscriptionStatus`. Billing decides which account a
 * subscription belongs to; a change without a user (a visitor's checkout not yet
 * attached) is re-sent by billing once it is attached.
 */
export async function applySubscriptionChange(payload: EventPayload<typeof SubscriptionChangedV1>, { tx, logger }: EventContext) {
  if (!payload.userId) return;
  if (!(await findUserById(tx, payload.userId))) {
    logger.warn({ userId: payload.userId }, 'subscription change for an unknown user ignored');
    return;
  }
  await upsertSubscriptionIfNewer(tx, {
    subscriptionId: payload.subscriptionId,
    userId: payload.userId,
    status: payload.status,
    entitled: payload.entitled,
    version: payload.version,
  });
}
