import { randomBytes, randomUUID } from 'node:crypto';
import { ENTER_EMAIL, PLANS, type DemoCheckoutForm, type PlanId } from '@innerecho/contracts';
import { badRequest, conflict, formValue, notFound, type FormBody, type ServiceContext } from '@innerecho/kit';
import type { BillingConfig } from '../config';
import {
  findCheckoutSession,
  findDemoSubscriptionsDue,
  findDemoTrialsEnding,
  findSubscriptionsOfUser,
  type CheckoutSessionRecord,
  type SubscriptionRecord,
} from '../data-access/billing-repository';
import { applyBillingFact } from './apply-billing-fact';
import { emptyFacts, type BillingFact } from './billing-facts';
import { ALREADY_SUBSCRIBED_VISITOR_MESSAGE, findActiveSubscriptionOf } from './one-subscription-per-buyer';

/**
 * The demo checkout: what Stripe would do, played locally. Every step becomes the same
 * billing facts a Stripe webhook would bring, applied through the same use case, so
 * identity and creator-referral see exactly the events they would see in production.
 */

const TRIAL_DAYS = 3;
const DAY_MS = 86_400_000;

const rid = (prefix: string) => `${prefix}_${randomBytes(12).toString('base64url')}`;

export async function findOpenDemoCheckout(context: ServiceContext<BillingConfig>, id: string): Promise<CheckoutSessionRecord> {
  const session = await findCheckoutSession(context.db, id);
  if (!session || session.mode !== 'demo') throw notFound('This checkout does not exist', 'CHECKOUT_NOT_FOUND');
  return session;
}

function nextPeriodEnd(plan: PlanId, from: Date): Date {
  const end = new Date(from);
  if (PLANS[plan].interval === 'year') end.setUTCFullYear(end.getUTCFullYear() + 1);
  else end.setUTCMonth(end.getUTCMonth() + 1);
  return end;
}

async function apply(context: ServiceContext<BillingConfig>, fact: BillingFact, requestId?: string) {
  await applyBillingFact({ context, eventId: `demo_evt_${randomUUID()}`, eventType: `demo.${fact.kind}`, fact, requestId });
}

/** Completes an open demo checkout: a trialing subscription, its $0 trial invoice, and optionally the first payment. */
export async function completeDemoCheckout(options: {
  context: ServiceContext<BillingConfig>;
  checkoutId: string;
  /** The checkout form as its declaration judged it; a refused one is refused only while the checkout is open. */
  form: FormBody<DemoCheckoutForm>;
  requestId?: string;
}): Promise<CheckoutSessionRecord> {
  const { context, checkoutId, requestId } = options;
  const session = await findOpenDemoCheckout(context, checkoutId);
  if (session.status !== 'open') return session;
  const input = formValue(options.form);
  // A signed-in buyer's checkout already knows the email; a visitor types it.
  const email = session.email ?? input.email;
  if (!email) throw badRequest(ENTER_EMAIL, 'VALIDATION_FAILED');
  if (await findActiveSubscriptionOf(context.db, { userId: session.userId, email })) {
    throw conflict(ALREADY_SUBSCRIBED_VISITOR_MESSAGE, 'ALREADY_SUBSCRIBED');
  }

  const now = new Date();
  const subscriptionId = rid('demo_sub');
  const customerId = rid('demo_cus');
  const trialEnd = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
  const base = {
    ...emptyFacts(subscriptionId),
    customerId,
    userId: session.userId,
    email,
    plan: session.plan,
    referralCode: session.referralCode,
    cancelAtPeriodEnd: false,
  };
  await apply(
    context,
    { kind: 'checkout-completed', checkoutId, subscription: { ...base, status: 'trialing', currentPeriodEnd: trialEnd } },
    requestId,
  );
  await apply(
    context,
    {
      kind: 'invoice-paid',
      invoiceId: rid('demo_in'),
      subscriptionId,
      amountPaidCents: 0,
      paidAt: now,
      paymentIntentId: null,
      chargeId: null,
      subscription: null,
    },
    requestId,
  );
  if (input.simulateFirstPayment) await renew(context, { subscriptionId, plan: session.plan }, now, requestId);
  return (await findCheckoutSession(context.db, checkoutId))!;
}

/** A new period begins and is paid for at the plan's price. */
async function renew(
  context: ServiceContext<BillingConfig>,
  sub: Pick<SubscriptionRecord, 'plan'> & { subscriptionId: string },
  from: Date,
  requestId?: string,
) {
  const chargeId = rid('demo_ch');
  await apply(
    context,
    {
      kind: 'invoice-paid',
      invoiceId: rid('demo_in'),
      subscriptionId: sub.subscriptionId,
      amountPaidCents: PLANS[sub.plan].priceCents,
      paidAt: from,
      paymentIntentId: null,
      chargeId,
      subscription: { ...emptyFacts(sub.subscriptionId), status: 'active', currentPeriodEnd: nextPeriodEnd(sub.plan, from) },
    },
    requestId,
  );
}

export async function listDemoSubscriptions(context: ServiceContext<BillingConfig>, userId: string) {
  return (await findSubscriptionsOfUser(context.db, userId)).filter((s) => s.id.startsWith('demo_sub_'));
}

/** The demo portal's cancel: access continues until the end of the period, as with Stripe. */
export async function setDemoCancellation(options: {
  context: ServiceContext<BillingConfig>;
  userId: string;
  subscriptionId: string;
  cancel: boolean;
  requestId?: string;
}) {
  const { context, userId, subscriptionId, cancel, requestId } = options;
  const sub = (await listDemoSubscriptions(context, userId)).find((s) => s.id === subscriptionId);
  if (!sub) throw notFound('Subscription not found', 'SUBSCRIPTION_NOT_FOUND');
  if (sub.status === 'canceled') throw conflict('This subscription has already ended', 'SUBSCRIPTION_ENDED');
  await apply(context, { kind: 'subscription-changed', subscription: { ...emptyFacts(sub.id), cancelAtPeriodEnd: cancel } }, requestId);
}

/**
 * The demo's clock: when a trial or period ends, a subscription set to cancel ends, and
 * any other renews and is paid for, as Stripe would do.
 */
export async function runDemoBillingClock(context: ServiceContext<BillingConfig>, now = new Date()) {
  // As Stripe does three days before a trial's end: one notice per trial (its id is the event's).
  for (const sub of await findDemoTrialsEnding(context.db, now, TRIAL_DAYS * DAY_MS)) {
    const fact: BillingFact = {
      kind: 'trial-will-end',
      subscription: emptyFacts(sub.id),
      trialEndsAt: sub.currentPeriodEnd!,
      amountCents: null,
    };
    await applyBillingFact({ context, eventId: `demo_trial_will_end_${sub.id}`, eventType: 'demo.trial-will-end', fact });
  }
  for (const sub of await findDemoSubscriptionsDue(context.db, now)) {
    if (sub.cancelAtPeriodEnd) {
      await apply(context, { kind: 'subscription-changed', subscription: { ...emptyFacts(sub.id), status: 'canceled' } });
    } else {
      await renew(context, { subscriptionId: sub.id, plan: sub.plan }, sub.currentPeriodEnd ?? now);
    }
  }
}
