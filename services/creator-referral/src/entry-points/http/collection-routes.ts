import { CREATOR_REFERRAL_ENDPOINTS } from '@innerecho/contracts';
import { declaredRoutes, forbidden, type ServiceContext } from '@innerecho/kit';
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
  const router = declaredRoutes(CREATOR_REFERRAL_ENDPOINTS, {
    context,
    checks: sessions.accessChecks({ notCreator: () => forbidden('Only creators can manage collections', 'CREATOR_ONLY') }),
  });
  const creatorId = (req: Request) => sessions.admittedCreator(req).id;

  router.answer('GET /api/creator-collections', async ({ req }) => ({
    status: 200,
    body: await listOwnCollections(context, creatorId(req)),
    headers: { 'cache-control': 'no-store' },
  }));
  router.answer('POST /api/creator-collections', async ({ body, req }) => ({
    status: 201,
    body: await createOwnCollection(context, creatorId(req), body),
  }));
  router.answer('PUT /api/creator-collections/:id', async ({ params, body, req }) => ({
    status: 200,
    body: await updateOwnCollection(context, creatorId(req), params.id, body),
  }));
  router.answer('POST /api/creator-collections/:id/submit', async ({ params, req }) => ({
    status: 200,
    body: await submitOwnCollection(context, creatorId(req), params.id),
  }));
  router.answer('DELETE /api/creator-collections/:id', async ({ params, req }) => {
    await deleteOwnCollection(context, creatorId(req), params.id, req.requestId);
    return { status: 204 };
  });

  router.answer('GET /api/collection-reviews', async () => ({
    status: 200,
    body: await listCollectionsInReview(context),
    headers: { 'cache-control': 'no-store' },
  }));
  router.answer('POST /api/collection-reviews/:id/approve', async ({ params, req }) => ({
    status: 200,
    body: await approveCollection(context, params.id, req.requestId),
  }));
  router.answer('POST /api/collection-reviews/:id/return', async ({ params, body }) => ({
    status: 200,
    body: await returnCollection(context, params.id, body),
  }));
  return router;
}
