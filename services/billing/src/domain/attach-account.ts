import type { EventContext } from '@innerecho/kit';
import type { EventPayload, UserRegisteredV1 } from '@innerecho/contracts';
import type { ServiceContext } from '@innerecho/kit';
import { findUnattachedByEmail, insertAccount, updateSubscription } from '../data-access/billing-repository';
import { publishSubscription } from './apply-billing-fact';

/**
 * A new account: remembered so later checkouts can find it by email, and any checkout a
 * visitor completed with this email becomes theirs (identity then reports it active).
 */
export async function attachNewAccount(
  context: ServiceContext,
  payload: EventPayload<typeof UserRegisteredV1>,
  { tx, envelope }: EventContext,
) {
  await insertAccount(tx, { userId: payload.userId, email: payload.email });
  for (const sub of await findUnattachedByEmail(tx, payload.email)) {
    const row = await updateSubscription(tx, sub.id, { userId: payload.userId, version: sub.version + 1 });
    await publishSubscription(tx, context, row, envelope.requestId);
  }
}
