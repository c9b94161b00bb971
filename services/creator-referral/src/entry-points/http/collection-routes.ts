import { CREATOR_REFERRAL_ENDPOINTS } from '@innerecho/contracts';
import { declaredRoutes, forbidden, requireRole, unauthorized, type ServiceContext } from '@innerecho/kit';
import type { Request } from 'express';
import type { CreatorReferralConfig } from '../../config';
import {
  approveCollection,
  createOwnCollection,
  deleteOwnCollection,
  listCollectionsInReview,
  listOwnCollections,
  returnCollection,
  submitOwnCollection,
  updateOwnCollection,
} from '../../domain/creator-collections';
import type { CreatorSessions } from './creator-session';

/**
 * Creators' collections: the creator writes and submits their own (a creator's session; anyone
 * else's collection answers 404 like a missing one), and an admin approves or returns them.
 */
export function collectionRoutes(context: ServiceContext<CreatorReferralConfig>, sessions: CreatorSessions) {
  // Signed in, but as a listener or an admin: known, and not allowed (403), rather than signed out (401).
  const creatorOnly = async (req: Request) => {
    const claims = await sessions.creatorOf(req);
    if (claims) return claims;
    if (req.user) throw forbidden('Only creators can manage collections', 'CREATOR_ONLY');
    throw unauthorized('Please sign in to your creator account');
  };
  const router = declaredRoutes(CREATOR_REFERRAL_ENDPOINTS, {
    ...sessions.accessChecks(),
    creator: (req) => creatorOnly(req).then(() => undefined),
  });

  router.handle('GET /api/creator-collections', async (req, res) => {
    const creator = await creatorOnly(req);
    res.setHeader('cache-control', 'no-store');
    res.json(await listOwnCollections(context, creator.id));
  });
  router.handle('POST /api/creator-collections', async (req, res) => {
    const creator = await creatorOnly(req);
    res.status(201).json(await createOwnCollection(context, creator.id, req.body));
  });
  router.handle('PUT /api/creator-collections/:id', async (req, res) => {
    const creator = await creatorOnly(req);
    res.json(await updateOwnCollection(context, creator.id, req.params.id, req.body));
  });
  router.handle('POST /api/creator-collections/:id/submit', async (req, res) => {
    const creator = await creatorOnly(req);
    res.json(await submitOwnCollection(context, creator.id, req.params.id));
  });
  router.handle('DELETE /api/creator-collections/:id', async (req, res) => {
    const creator = await creatorOnly(req);
    await deleteOwnCollection(context, creator.id, req.params.id, req.requestId);
    res.status(204).end();
  });

  router.handle('GET /api/collection-reviews', async (req, res) => {
    requireRole(req, 'admin');
    res.setHeader('cache-control', 'no-store');
    res.json(await listCollectionsInReview(context));
  });
  router.handle('POST /api/collection-reviews/:id/approve', async (req, res) => {
    requireRole(req, 'admin');
    res.json(await approveCollection(context, req.params.id, req.requestId));
  });
  router.handle('POST /api/collection-reviews/:id/return', async (req, res) => {
    requireRole(req, 'admin');
    res.json(await returnCollection(context, req.params.id, req.body));
  });
  return router;
}
