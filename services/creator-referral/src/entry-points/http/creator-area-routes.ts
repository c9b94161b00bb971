import { CREATOR_REFERRAL_ENDPOINTS } from '@innerecho/contracts';
import type { CreatorSignInAnswer } from '@innerecho/contracts';
import { assertSameOrigin, forbidden, requireRole, unauthorized, type ServiceContext, declaredRoutes } from '@innerecho/kit';
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
  const router = declaredRoutes(CREATOR_REFERRAL_ENDPOINTS, sessions.accessChecks());

  router.handle('POST /api/creator-auth/login', async (req, res) => {
    assertSameOrigin(req, 'Cross-site sign-in is not allowed'); // login CSRF, as for listeners
    const creator = await signInCreator({ context, input: req.body });
    await sessions.start(res, creator);
    res.json({ creator } satisfies CreatorSignInAnswer);
  });

  router.handle('GET /api/creator-auth/current', async (req, res) => {
    const claims = await sessions.creatorOf(req);
    const creator = claims ? await currentCreator(context, claims.id) : null;
    if (!creator) throw unauthorized('Please sign in to your creator account');
    res.json(creator);
  });

  // For the creator pages' first question: being signed out is an answer (200 with null),
  // not a failed request, so a visitor's browser logs no error for it.
  router.handle('GET /api/creator-auth/session', async (req, res) => {
    const claims = await sessions.creatorOf(req);
    res.setHeader('cache-control', 'no-store');
    res.json({ creator: claims ? await currentCreator(context, claims.id) : null });
  });

  router.handle('POST /api/creator-auth/logout', async (req, res) => {
    assertSameOrigin(req);
    await sessions.end(req, res);
    res.json({ ok: true });
  });

  router.handle('POST /api/creator-auth/logout-everywhere', async (req, res) => {
    assertSameOrigin(req);
    const claims = await sessions.creatorOf(req);
    if (!claims) throw unauthorized('Please sign in to your creator account');
    await sessions.endAll(claims.id, res);
    res.json({ ok: true });
  });

  router.handle('GET /api/commissions/creator/:creatorId', async (req, res) => {
    await sessions.assertCanRead(req, req.params.creatorId);
    const limit = Number(req.query.limit);
    res.json(
      await listCreatorCommissions(context, req.params.creatorId, Number.isInteger(limit) && limit > 0 ? Math.min(limit, 500) : undefined),
    );
  });

  router.handle('GET /api/creator-analytics/:creatorId', async (req, res) => {
    await sessions.assertCanRead(req, req.params.creatorId);
    res.json(await getCreatorAnalytics({ context, creatorId: req.params.creatorId, query: req.query }));
  });

  router.handle('GET /api/payouts/creator/:creatorId', async (req, res) => {
    await sessions.assertCanRead(req, req.params.creatorId);
    res.json(await listPayoutHistory(context, req.params.creatorId));
  });

  router.handle('GET /api/payouts/creator/:creatorId/summary', async (req, res) => {
    await sessions.assertCanRead(req, req.params.creatorId);
    res.json(await getPayoutSummary(context, req.params.creatorId));
  });

  // Only the creator asks for their own payout: an admin makes payouts from the balances instead.
  router.handle('POST /api/payouts/creator/:creatorId/request', async (req, res) => {
    await sessions.assertCanRead(req, req.params.creatorId);
    if (!(await sessions.creatorOf(req))) throw forbidden('Only the creator can ask for their payout', 'CREATOR_ONLY');
    res.status(201).json(await requestPayout(context, req.params.creatorId));
  });

  // Admin: balances, payouts and their settlement.
  router.handle('GET /api/payouts/balances', async (req, res) => {
    requireRole(req, 'admin');
    res.json(await listPayoutBalances(context));
  });

  router.handle('GET /api/payouts', async (req, res) => {
    requireRole(req, 'admin');
    res.json(await listPayoutHistory(context));
  });

  router.handle('POST /api/payouts', async (req, res) => {
    requireRole(req, 'admin');
    res.status(201).json(await createPayout({ context, input: req.body }));
  });

  router.handle('POST /api/payouts/:payoutId/complete', async (req, res) => {
    requireRole(req, 'admin');
    res.json(await settlePayout({ context, payoutId: req.params.payoutId, outcome: 'completed' }));
  });

  router.handle('POST /api/payouts/:payoutId/fail', async (req, res) => {
    requireRole(req, 'admin');
    res.json(await settlePayout({ context, payoutId: req.params.payoutId, outcome: 'failed', input: req.body }));
  });

  return router;
}
