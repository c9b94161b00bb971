import {
  isUuid,
  PayoutDeclinedV1,
  PayoutPaidV1,
  PayoutRequestedV1,
  ZCreatePayout,
  ZDeclinePayout,
  type CommissionView,
  type PayoutBalanceView,
  type PayoutSummaryView,
  type PayoutView,
} from '@innerecho/contracts';
import { badRequest, conflict, notFound, type ServiceContext } from '@innerecho/kit';
import type { CreatorReferralConfig } from '../config';
import {
  assignCommissionsToPayout,
  findCreatorById,
  findLastDecidedPayoutRequest,
  findOpenPayoutRequest,
  findPayoutForUpdate,
  insertPayout,
  listCreators,
  listPayableCommissions,
  listPayouts,
  listVisibleCommissions,
  lockCommissions,
  lockCreator,
  lockPayableCommissions,
  markCommissionsPaid,
  releaseCommissions,
  updatePayout,
  type CommissionRecord,
  type PayoutRecord,
} from '../data-access/referral-repository';

const toCommissionView = (c: CommissionRecord): CommissionView => ({
  id: c.id,
  amount: c.amountCents,
  status: c.status === 'paid' ? 'paid' : 'pending',
  subscriptionPlan: c.subscriptionPlan,
  monthNumber: c.monthNumber,
  adjustment: c.amountCents < 0,
  inPayout: Boolean(c.payoutId),
  createdAt: c.createdAt.toISOString(),
});

export const toPayoutView = (p: PayoutRecord): PayoutView => ({
  id: p.id,
  creatorId: p.creatorId,
  amount: p.amountCents,
  status: p.status,
  commissionIds: p.commissionIds,
  payoutDate: p.payoutDate?.toISOString() ?? null,
  createdAt: p.createdAt.toISOString(),
  notes: p.notes,
  requestedAt: p.requestedAt?.toISOString() ?? null,
  declineReason: p.declineReason ?? null,
});

/** Admin: every creator with what is waiting to be paid out. */
export async function listPayoutBalances(context: ServiceContext): Promise<PayoutBalanceView[]> {
  const [creators, payable] = await Promise.all([listCreators(context.db), listPayableCommissions(context.db)]);
  return creators.map((c) => {
    const own = payable.filter((p) => p.creatorId === c.id);
    return {
      creatorId: c.id,
      name: c.name,
      email: c.email,
      referralCode: c.referralCode,
      pendingBalance: own.reduce((sum, p) => sum + p.amountCents, 0),
      commissions: own.map(toCommissionView),
    };
  });
}

/** Admin: a payout of chosen pending commissions, which stay pending until it completes. */
export async function createPayout(options: { context: ServiceContext; input: unknown }): Promise<PayoutView> {
  const { context } = options;
  const input = ZCreatePayout.parse(options.input ?? {});
  const ids = [...new Set(input.commissionIds)];
  return context.transaction(async (tx) => {
    if (!(await findCreatorById(tx, input.creatorId))) throw notFound('Creator not found', 'CREATOR_NOT_FOUND');
    const rows = await lockCommissions(tx, ids);
    if (rows.length !== ids.length || rows.some((r) => r.creatorId !== input.creatorId)) {
      throw badRequest("Some of these commissions are not this creator's", 'COMMISSION_NOT_FOUND');
    }
    if (rows.some((r) => r.status !== 'pending' || r.payoutId)) {
      throw conflict('Some of these commissions are already paid or in another payout', 'COMMISSION_NOT_PAYABLE');
    }
    const amountCents = rows.reduce((sum, r) => sum + r.amountCents, 0);
    if (amountCents <= 0) throw badRequest('A payout must be more than $0.00', 'PAYOUT_NOT_POSITIVE');
    const payout = await insertPayout(tx, {
      creatorId: input.creatorId,
      amountCents,
      commissionIds: ids,
      notes: input.notes,
      status: 'pending',
    });
    await assignCommissionsToPayout(tx, ids, payout.id);
    return toPayoutView(payout);
  });
}

/**
 * Admin: completed (its commissions become paid) or failed (they return to pending). A
 * creator's own request is declined with a reason, which the creator reads.
 */
export async function settlePayout(options: {
  context: ServiceContext;
  payoutId: string;
  outcome: 'completed' | 'failed';
  input?: unknown;
}): Promise<PayoutView> {
  const { context, payoutId, outcome } = options;
  if (!isUuid(payoutId)) throw notFound('Payout not found', 'PAYOUT_NOT_FOUND');
  const { reason } = outcome === 'failed' ? ZDeclinePayout.parse(options.input ?? {}) : { reason: '' };
  return context.transaction(async (tx) => {
    const payout = await findPayoutForUpdate(tx, payoutId);
    if (!payout) throw notFound('Payout not found', 'PAYOUT_NOT_FOUND');
    if (payout.status !== 'pending') throw conflict(`This payout is already ${payout.status}`, 'PAYOUT_SETTLED');
    if (outcome === 'failed' && payout.requestedAt && !reason) {
      throw badRequest('Tell the creator why their request is declined', 'DECLINE_REASON_REQUIRED');
    }
    if (outcome === 'completed') await markCommissionsPaid(tx, payout.id);
    else await releaseCommissions(tx, payout.id);
    const settled = await updatePayout(tx, payout.id, {
      status: outcome,
      payoutDate: new Date(),
      ...(reason ? { declineReason: reason } : {}),
    });
    // The creator is told (notifications mails them), in the same transaction as the decision.
    const creator = await findCreatorById(tx, payout.creatorId);
    if (creator) {
      const facts = {
        payoutId: payout.id,
        creatorId: creator.id,
        email: creator.email,
        name: creator.name,
        amountCents: payout.amountCents,
      };
      const at = (settled.payoutDate ?? new Date()).toISOString();
      if (outcome === 'completed') await context.outbox.add(tx, PayoutPaidV1, { ...facts, paidAt: at });
      else await context.outbox.add(tx, PayoutDeclinedV1, { ...facts, declinedAt: at, reason, requested: Boolean(payout.requestedAt) });
    }
    return toPayoutView(settled);
  });
}

/** The creator's payout terms, what they can ask for now, and their request's fate. */
export async function getPayoutSummary(context: ServiceContext<CreatorReferralConfig>, creatorId: string): Promise<PayoutSummaryView> {
  const [payable, open, decided] = await Promise.all([
    listPayableCommissions(context.db, creatorId),
    findOpenPayoutRequest(context.db, creatorId),
    findLastDecidedPayoutRequest(context.db, creatorId),
  ]);
  return {
    availableBalance: payable.reduce((sum, c) => sum + c.amountCents, 0),
    threshold: context.config.PAYOUT_THRESHOLD_CENTS,
    reviewDays: context.config.PAYOUT_REVIEW_DAYS,
    openRequest: open ? toPayoutView(open) : null,
    lastDecision: decided ? toPayoutView(decided) : null,
  };
}

/**
 * A creator asks to be paid everything payable, once it reaches the threshold. The payout
 * waits for an admin, who pays or declines it; one request at a time (the creator's row is
 * locked, so two requests at once cannot both pass).
 */
export async function requestPayout(context: ServiceContext<CreatorReferralConfig>, creatorId: string): Promise<PayoutView> {
  return context.transaction(async (tx) => {
    const creator = await lockCreator(tx, creatorId);
    if (!creator) throw notFound('Creator not found', 'CREATOR_NOT_FOUND');
    if (await findOpenPayoutRequest(tx, creatorId)) {
      throw conflict('You already asked for a payout. An admin will pay or answer it soon.', 'PAYOUT_ALREADY_REQUESTED');
    }
    const payable = await lockPayableCommissions(tx, creatorId);
    const amountCents = payable.reduce((sum, c) => sum + c.amountCents, 0);
    const threshold = context.config.PAYOUT_THRESHOLD_CENTS;
    if (amountCents < threshold) {
      throw badRequest(
        `You can ask for a payout once ${dollars(threshold)} is available (now ${dollars(amountCents)})`,
        'PAYOUT_BELOW_THRESHOLD',
      );
    }
    const ids = payable.map((c) => c.id);
    const requestedAt = new Date();
    const payout = await insertPayout(tx, { creatorId, amountCents, commissionIds: ids, status: 'pending', requestedAt });
    await assignCommissionsToPayout(tx, ids, payout.id);
    await context.outbox.add(tx, PayoutRequestedV1, {
      payoutId: payout.id,
      creatorId,
      email: creator.email,
      name: creator.name,
      amountCents,
      requestedAt: requestedAt.toISOString(),
      reviewDays: context.config.PAYOUT_REVIEW_DAYS,
    });
    return toPayoutView(payout);
  });
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

/** What a creator sees of their commissions: everything but reversed ones, newest first, `limit` at most. */
export async function listCreatorCommissions(context: ServiceContext, creatorId: string, limit?: number): Promise<CommissionView[]> {
  return (await listVisibleCommissions(context.db, creatorId, limit)).map(toCommissionView);
}

export async function listPayoutHistory(context: ServiceContext, creatorId?: string): Promise<PayoutView[]> {
  return (await listPayouts(context.db, creatorId)).map(toPayoutView);
}
