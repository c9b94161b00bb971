import { InvoicePaidV1, InvoiceRefundedV1, PLANS, SubscriptionChangedV1, TrialEndingAnnouncedV1 } from '@innerecho/contracts';
import type { Logger, ServiceContext, Tx } from '@innerecho/kit';
import {
  completeCheckoutSession,
  findAccountByEmail,
  findInvoice,
  findSubscription,
  insertInvoice,
  insertSubscription,
  lockBuyer,
  markEventProcessed,
  setInvoiceRefunded,
  setStripeCustomer,
  updateSubscription,
  type SubscriptionRecord,
} from '../data-access/billing-repository';
import { contractStatus, isEntitledStatus, type BillingFact, type SubscriptionFacts } from './billing-facts';
import { findActiveSubscriptionOf } from './one-subscription-per-buyer';

export interface ApplyBillingFactOptions {
  context: ServiceContext;
  /** The provider's event id: each one has exactly one effect. */
  eventId: string;
  eventType: string;
  fact: BillingFact | null;
  requestId?: string;
  /**
   * Called, inside the transaction, when a completed checkout is refused because the buyer
   * already has an active subscription: the provider cancels the new one (if it fails, the
   * whole event is retried).
   */
  cancelRefused?: (subscriptionId: string) => Promise<void>;
}

/**
 * Applies one payment-provider event, once: the event id is recorded in the same
 * transaction as its effect, so a redelivery changes nothing. Subscription facts merge
 * (checkout completion brings the buyer, subscription events bring the status), so the
 * final state does not depend on the order in which they arrive.
 */
export async function applyBillingFact(options: ApplyBillingFactOptions): Promise<'applied' | 'duplicate' | 'refused'> {
  const { context, eventId, eventType, fact, requestId } = options;
  return context.transaction(async (tx) => {
    if (!(await markEventProcessed(tx, eventId, eventType))) return 'duplicate';
    if (!fact) return 'applied';
    const log = context.logger.child({ eventId, eventType, requestId });
    switch (fact.kind) {
      case 'checkout-completed': {
        // One subscription per buyer: checkouts of the same buyer are judged one at a
        // time, and one completed while another subscription is active is cancelled.
        await lockBuyer(tx, fact.subscription);
        const refused = Boolean(await findActiveSubscriptionOf(tx, fact.subscription, fact.subscription.subscriptionId));
        if (refused) {
          await options.cancelRefused?.(fact.subscription.subscriptionId);
          log.warn({ checkoutId: fact.checkoutId, subscriptionId: fact.subscription.subscriptionId }, 'second subscription refused');
        }
        await mergeSubscription(tx, context, refused ? { ...fact.subscription, status: 'canceled' } : fact.subscription, requestId);
        await completeCheckoutSession(tx, fact.checkoutId, {
          subscriptionId: fact.subscription.subscriptionId,
          email: fact.subscription.email,
          status: refused ? 'refused' : 'complete',
        });
        if (refused) return 'refused';
        break;
      }
      case 'subscription-changed':
        await mergeSubscription(tx, context, fact.subscription, requestId);
        break;
      case 'invoice-payment-failed':
        if (fact.subscription) await mergeSubscription(tx, context, fact.subscription, requestId);
        log.warn({ invoiceId: fact.invoiceId }, 'invoice payment failed');
        break;
      case 'invoice-paid':
        await recordPaidInvoice(tx, context, fact, requestId, log);
        break;
      case 'charge-refunded':
        await recordRefund(tx, context, fact, requestId, log);
        break;
      case 'trial-will-end':
        await announceTrialEnding(tx, context, fact, requestId, log);
        break;
    }
    return 'applied';
  });
}

async function recordPaidInvoice(
  tx: Tx,
  context: ServiceContext,
  fact: Extract<BillingFact, { kind: 'invoice-paid' }>,
  requestId: string | undefined,
  log: Logger,
) {
  const subscription = fact.subscription
    ? await mergeSubscription(tx, context, fact.subscription, requestId)
    : await findSubscription(tx, fact.subscriptionId);
  if (!subscription) {
    // Without the plan there is nothing to attribute; failing makes the provider retry later.
    throw new Error(`invoice ${fact.invoiceId} paid for unknown subscription ${fact.subscriptionId}`);
  }
  const fresh = await insertInvoice(tx, {
    id: fact.invoiceId,
    subscriptionId: fact.subscriptionId,
    amountPaidCents: fact.amountPaidCents,
    paymentIntentId: fact.paymentIntentId,
    chargeId: fact.chargeId,
    paidAt: fact.paidAt,
  });
  if (!fresh) {
    log.info({ invoiceId: fact.invoiceId }, 'invoice already recorded');
    return;
  }
  await context.outbox.add(
    tx,
    InvoicePaidV1,
    {
      invoiceId: fact.invoiceId,
      subscriptionId: subscription.id,
      userId: subscription.userId,
      email: subscription.email,
      plan: subscription.plan,
      amountPaidCents: fact.amountPaidCents,
      paidAt: fact.paidAt.toISOString(),
      referralCode: subscription.referralCode,
    },
    { requestId },
  );
}

/**
 * A trial about to turn into the first charge is announced, so the buyer hears of it three
 * days ahead. Nothing is announced when no charge will follow (the trial is no longer running,
 * or it was cancelled to end with the trial).
 */
async function announceTrialEnding(
  tx: Tx,
  context: ServiceContext,
  fact: Extract<BillingFact, { kind: 'trial-will-end' }>,
  requestId: string | undefined,
  log: Logger,
) {
  const row = await mergeSubscription(tx, context, fact.subscription, requestId);
  if (row.status !== 'trialing' || row.cancelAtPeriodEnd) {
    log.info({ subscriptionId: row.id, status: row.status }, 'trial ending without a charge: nothing announced');
    return;
  }
  await context.outbox.add(
    tx,
    TrialEndingAnnouncedV1,
    {
      subscriptionId: row.id,
      userId: row.userId,
      email: row.email,
      plan: row.plan,
      amountCents: fact.amountCents ?? PLANS[row.plan].priceCents,
      trialEndsAt: fact.trialEndsAt.toISOString(),
    },
    { requestId },
  );
}

async function recordRefund(
  tx: Tx,
  context: ServiceContext,
  fact: Extract<BillingFact, { kind: 'charge-refunded' }>,
  requestId: string | undefined,
  log: Logger,
) {
  const invoice = await findInvoice(tx, { invoiceId: fact.invoiceId, paymentIntentId: fact.paymentIntentId, chargeId: fact.chargeId });
  if (!invoice) {
    log.warn({ chargeId: fact.chargeId }, 'refund for a charge without a recorded invoice ignored');
    return;
  }
  const refunded = Math.min(fact.amountRefundedCents, invoice.amountPaidCents);
  if (refunded <= invoice.amountRefundedCents) return;
  await setInvoiceRefunded(tx, invoice.id, refunded);
  await context.outbox.add(
    tx,
    InvoiceRefundedV1,
    {
      invoiceId: invoice.id,
      amountRefundedCents: refunded,
      amountPaidCents: invoice.amountPaidCents,
      refundedAt: new Date().toISOString(),
    },
    { requestId },
  );
}

/**
 * Merges what is known about a subscription into its row: a fact never erases what an
 * earlier fact said (a missing buyer stays known), and each real change bumps the version
 * and is published, so identity and creator-referral can ignore stale news.
 */
export async function mergeSubscription(
  tx: Tx,
  context: ServiceContext,
  facts: SubscriptionFacts,
  requestId?: string,
): Promise<SubscriptionRecord> {
  const existing = await findSubscription(tx, facts.subscriptionId);
  const email = facts.email?.toLowerCase() ?? existing?.email ?? null;
  let userId = existing?.userId ?? facts.userId ?? null;
  if (!userId && email) userId = (await findAccountByEmail(tx, email))?.userId ?? null;
  if (userId && facts.customerId) await setStripeCustomer(tx, userId, facts.customerId);

  const next = {
    userId,
    email,
    customerId: existing?.customerId ?? facts.customerId ?? null,
    plan: facts.plan ?? existing?.plan ?? 'monthly',
    status: facts.status ?? existing?.status ?? 'incomplete',
    cancelAtPeriodEnd: facts.cancelAtPeriodEnd ?? existing?.cancelAtPeriodEnd ?? false,
    currentPeriodEnd: facts.currentPeriodEnd ?? existing?.currentPeriodEnd ?? null,
    // The code chosen at checkout is final: a later change never re-attributes the subscription.
    referralCode: existing?.referralCode ?? facts.referralCode ?? null,
  };
  let row: SubscriptionRecord;
  if (!existing) {
    row = await insertSubscription(tx, { id: facts.subscriptionId, ...next, version: 1 });
  } else {
    const changed =
      existing.userId !== next.userId ||
      existing.email !== next.email ||
      existing.customerId !== next.customerId ||
      existing.plan !== next.plan ||
      existing.status !== next.status ||
      existing.cancelAtPeriodEnd !== next.cancelAtPeriodEnd ||
      existing.currentPeriodEnd?.getTime() !== next.currentPeriodEnd?.getTime() ||
      existing.referralCode !== next.referralCode;
    if (!changed) return existing;
    row = await updateSubscription(tx, existing.id, { ...next, version: existing.version + 1 });
  }
  await publishSubscription(tx, context, row, requestId);
  return row;
}

export async function publishSubscription(tx: Tx, context: ServiceContext, row: SubscriptionRecord, requestId?: string) {
  await context.outbox.add(
    tx,
    SubscriptionChangedV1,
    {
      subscriptionId: row.id,
      userId: row.userId,
      email: row.email,
      plan: row.plan,
      status: contractStatus(row.status),
      entitled: isEntitledStatus(row.status),
      currentPeriodEnd: row.currentPeriodEnd?.toISOString() ?? null,
      referralCode: row.referralCode,
      version: row.version,
    },
    { requestId },
  );
}
