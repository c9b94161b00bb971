import {
  CommissionEarnedV1,
  type EventPayload,
  type InvoicePaidV1,
  type InvoiceRefundedV1,
  type SubscriptionChangedV1,
} from '@innerecho/contracts';
import type { EventContext, ServiceContext, Tx } from '@innerecho/kit';
import type { CreatorReferralConfig } from '../config';
import {
  countInvoiceCommissions,
  deleteAttribution,
  findAttribution,
  findCommissionByInvoice,
  findCreatorByCode,
  findCreatorById,
  insertAttribution,
  insertCommission,
  REFUND_MARK,
  sumRefundAdjustments,
  updateAttribution,
  updateCommission,
  type AttributionRecord,
} from '../data-access/referral-repository';

/** A monthly subscription earns on its first six paid invoices ('Month n/6'); a yearly one once. */
export const MONTHLY_COMMISSION_MONTHS = 6;

const sameEmail = (a: string | null | undefined, b: string | null | undefined) => Boolean(a && b && a.toLowerCase() === b.toLowerCase());

interface SubscriptionSnapshot {
  subscriptionId: string;
  referralCode: string | null;
  userId: string | null;
  email: string | null;
  plan: 'monthly' | 'yearly';
}

/**
 * Finds (or makes) the attribution of a subscription. A subscription belongs to the
 * creator whose valid code it was started with, unless the buyer is that creator.
 */
async function ensureAttribution(
  tx: Tx,
  s: SubscriptionSnapshot,
  entitled: boolean,
  version: number,
  ctx: EventContext,
): Promise<AttributionRecord | null> {
  const existing = await findAttribution(tx, s.subscriptionId);
  if (existing) {
    const creator = await findCreatorById(tx, existing.creatorId);
    if (creator && sameEmail(creator.email, s.email ?? existing.email)) {
      ctx.logger.info({ subscriptionId: s.subscriptionId }, 'self-referral: attribution removed');
      await deleteAttribution(tx, s.subscriptionId);
      return null;
    }
    return existing;
  }
  if (!s.referralCode) return null;
  const creator = await findCreatorByCode(tx, s.referralCode);
  if (!creator?.active) {
    ctx.logger.info({ referralCode: s.referralCode }, 'subscription with an unknown or inactive referral code: not attributed');
    return null;
  }
  if (sameEmail(creator.email, s.email)) {
    ctx.logger.info({ creatorId: creator.id }, 'self-referral: not attributed');
    return null;
  }
  const inserted = await insertAttribution(tx, {
    subscriptionId: s.subscriptionId,
    creatorId: creator.id,
    userId: s.userId,
    email: s.email,
    plan: s.plan,
    entitled,
    version,
  });
  // The subscription's other event, handled at the same moment (by another instance), may have
  // made the attribution first: the insert then does nothing, and theirs (made from the same
  // facts) is the one. Taking it for "not attributed" would drop the creator's commission.
  return inserted ?? findAttribution(tx, s.subscriptionId);
}

/** Keeps the attribution's subscriber facts (active or not) current; stale versions are ignored. */
export async function applySubscriptionChange(payload: EventPayload<typeof SubscriptionChangedV1>, ctx: EventContext) {
  const attribution = await ensureAttribution(ctx.tx, payload, payload.entitled, payload.version, ctx);
  if (!attribution || attribution.version > payload.version) return;
  await updateAttribution(ctx.tx, payload.subscriptionId, {
    entitled: payload.entitled,
    userId: payload.userId ?? attribution.userId,
    email: payload.email ?? attribution.email,
    plan: payload.plan,
    version: payload.version,
  });
}

/** A paid invoice of an attributed subscription earns the creator a pending commission, once. */
export async function earnCommission(
  context: ServiceContext<CreatorReferralConfig>,
  payload: EventPayload<typeof InvoicePaidV1>,
  ctx: EventContext,
) {
  const { tx } = ctx;
  // An invoice may arrive before the subscription's news: it carries the same facts.
  const attribution = await ensureAttribution(tx, payload, true, 0, ctx);
  if (!attribution) return;
  if (payload.amountPaidCents <= 0) return; // the free trial's $0 invoice earns nothing
  if (await findCommissionByInvoice(tx, payload.invoiceId)) return;

  const earned = await countInvoiceCommissions(tx, payload.subscriptionId);
  const plan = attribution.plan;
  if (plan === 'yearly' ? earned >= 1 : earned >= MONTHLY_COMMISSION_MONTHS) return;

  const amountCents = Math.round((payload.amountPaidCents * context.config.COMMISSION_RATE_BPS) / 10_000);
  const commission = await insertCommission(tx, {
    creatorId: attribution.creatorId,
    invoiceId: payload.invoiceId,
    subscriptionId: payload.subscriptionId,
    amountCents,
    subscriptionPlan: plan,
    monthNumber: earned + 1,
    createdAt: new Date(payload.paidAt),
  });
  if (!commission) return;
  await context.outbox.add(
    tx,
    CommissionEarnedV1,
    {
      commissionId: commission.id,
      creatorId: commission.creatorId,
      invoiceId: commission.invoiceId,
      amountCents: commission.amountCents,
      monthNumber: commission.monthNumber,
      plan: commission.subscriptionPlan,
    },
    { requestId: ctx.envelope.requestId },
  );
}

/**
 * A refunded invoice takes its commission back, in proportion to what was refunded: a
 * commission not yet in a payout shrinks (or is reversed entirely); one already paid or
 * being paid out gets a negative adjustment, settled with the creator's next payout.
 */
export async function reverseCommission(payload: EventPayload<typeof InvoiceRefundedV1>, ctx: EventContext) {
  const { tx } = ctx;
  const commission = await findCommissionByInvoice(tx, payload.invoiceId);
  if (!commission || commission.status === 'reversed') return;
  const share = payload.amountPaidCents > 0 ? Math.min(1, payload.amountRefundedCents / payload.amountPaidCents) : 1;
  const alreadyTakenBack = await sumRefundAdjustments(tx, payload.invoiceId);
  const original = commission.amountCents + alreadyTakenBack;
  const target = Math.round(original * share);
  const delta = target - alreadyTakenBack;
  if (delta <= 0) return;

  if (commission.status === 'pending' && !commission.payoutId) {
    const remaining = commission.amountCents - delta;
    await updateCommission(tx, commission.id, remaining > 0 ? { amountCents: remaining } : { status: 'reversed' });
    return;
  }
  await insertCommission(tx, {
    creatorId: commission.creatorId,
    invoiceId: `${payload.invoiceId}${REFUND_MARK}${payload.amountRefundedCents}`,
    subscriptionId: commission.subscriptionId,
    amountCents: -delta,
    subscriptionPlan: commission.subscriptionPlan,
    monthNumber: commission.monthNumber,
    createdAt: new Date(payload.refundedAt),
  });
}
