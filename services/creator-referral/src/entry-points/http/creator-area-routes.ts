import { CREATOR_REFERRAL_ENDPOINTS } from '@innerecho/contracts';
import { assertSameOrigin, forbidden, unauthorized, type ServiceContext, declaredRoutes } from '@innerecho/kit';
import type { CreatorReferralConfig } from '../../config';
import { getCreatorAnalytics } from '../../domain/creator-analytics';
import { currentCreator, signInCreator } from '../../domain/creator-sign-in';
import {
  createPayout,
  getPayoutSummary,
  listCreatorCommissions,
  listPayoutBalances,
  listPayoutHistory,
  requestPayout,
  settlePayout,
} from '../../domain/payouts';
import type { CreatorSessions } from './creator-session';

/**
 * The creator area (sign-in, own commissions, analytics and payouts) and the admin's
 * payout management. Creators read only their own data; payouts are written by admins.
 */
export function creatorAreaRoutes(context: ServiceContext<CreatorReferralConfig>, sessions: CreatorSessions) {
  const router = declaredRoutes(CREATOR_REFERRAL_ENDPOINTS, { context, checks: sessions.accessChecks() });

  router.answer('POST /api/creator-auth/login', async ({ body, req, res }) => {
    assertSameOrigin(req, 'Cross-site sign-in is not allowed'); // login CSRF, as for listeners
    const creator = await signInCreator({ context, input: body });
    await sessions.start(res, creator);
    return { status: 200, body: { creator } };
  });

  router.answer('GET /api/creator-auth/current', async ({ req }) => {
    const creator = await currentCreator(context, sessions.admittedCreator(req).id);
    if (!creator) throw unauthorized('Please sign in to your creator account');
    return { status: 200, body: creator };
  });

  // For the creator pages' first question: being signed out is an answer (200 with null),
  // not a failed request, so a visitor's browser logs no error for it.
  router.answer('GET /api/creator-auth/session', async ({ req }) => {
    const claims = await sessions.creatorOf(req);
    return {
      status: 200,
      body: { creator: claims ? await currentCreator(context, claims.id) : null },
      headers: { 'cache-control': 'no-store' },
    };
  });

  router.answer('POST /api/creator-auth/logout', async ({ req, res }) => {
    assertSameOrigin(req);
    await sessions.end(req, res);
    return { status: 200, body: { ok: true } };
  });

  router.answer('POST /api/creator-auth/logout-everywhere', async ({ req, res }) => {
    assertSameOrigin(req);
    await sessions.endAll(sessions.admittedCreator(req).id, res);
    return { status: 200, body: { ok: true } };
  });

  // The creator's own data, or any creator's for an admin: the declared `creator-or-admin` check admits only them.
  router.answer('GET /api/commissions/creator/:creatorId', async ({ params, query }) => ({
    status: 200,
    body: await listCreatorCommissions(context, params.creatorId, query.limit),
  }));

  router.answer('GET /api/creator-analytics/:creatorId', async ({ params, query }) => ({
    status: 200,
    body: await getCreatorAnalytics({ context, creatorId: params.creatorId, period: query.period }),
  }));

  router.answer('GET /api/payouts/creator/:creatorId', async ({ params }) => ({
    status: 200,
    body: await listPayoutHistory(context, params.creatorId),
  }));

  router.answer('GET /api/payouts/creator/:creatorId/summary', async ({ params }) => ({
    status: 200,
    body: await getPayoutSummary(context, params.creatorId),
  }));

  // Only the creator asks for their own payout: an admin makes payouts from the balances instead.
  router.answer('POST /api/payouts/creator/:creatorId/request', async ({ params, req }) => {
    if (!(await sessions.creatorOf(req))) throw forbidden('Only the creator can ask for their payout', 'CREATOR_ONLY');
    return { status: 201, body: await requestPayout(context, params.creatorId) };
  });

  // Admin: balances, payouts and their settlement.
  router.answer('GET /api/payouts/balances', async () => ({ status: 200, body: await listPayoutBalances(context) }));

  router.answer('GET /api/payouts', async () => ({ status: 200, body: await listPayoutHistory(context) }));

  router.answer('POST /api/payouts', async ({ body }) => ({ status: 201, body: await createPayout({ context, input: body }) }));

  router.answer('POST /api/payouts/:payoutId/complete', async ({ params }) => ({
    status: 200,
    body: await settlePayout({ context, payoutId: params.payoutId, outcome: 'completed' }),
  }));

  router.answer('POST /api/payouts/:payoutId/fail', async ({ params, body }) => ({
    status: 200,
    body: await settlePayout({ context, payoutId: params.payoutId, outcome: 'failed', input: body }),
  }));

  return router;
}
