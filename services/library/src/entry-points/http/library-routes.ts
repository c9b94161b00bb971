import { LIBRARY_ENDPOINTS } from '@innerecho/contracts';
import { type ReadCache, type ServiceContext, declaredRoutes } from '@innerecho/kit';
import type { LibraryConfig } from '../../config';
import {
  creatorAnalytics,
  creatorTranscripts,
  featuredCreators,
  getCreator,
  getTranscript,
  listCreators,
  listTranscripts,
} from '../../domain/library-queries';
import { createTranscript, deleteTranscript, updateTranscript } from '../../domain/manage-transcripts';
import { getCollection, listCollections, listCreatorCollections } from '../../domain/collections';
import {
  createCustomAffirmation,
  deleteOwnCustomAffirmation,
  getOwnCustomAffirmation,
  listOwnCustomAffirmations,
  updateOwnCustomAffirmation,
} from '../../domain/custom-affirmations';

/** The library's public reads (open to visitors), the admin's transcript writes and custom affirmations. */
export function libraryRoutes(context: ServiceContext<LibraryConfig>, reads: ReadCache) {
  const { db } = context;
  const router = declaredRoutes(LIBRARY_ENDPOINTS, { context });

  router.raw('GET /api/transcripts', ({ query, req, res }) =>
    reads.send(req, res, () => listTranscripts({ db, category: query.category })),
  );
  router.raw('GET /api/transcripts/:id', ({ params, req, res }) => reads.send(req, res, () => getTranscript({ db, id: params.id })));
  router.answer('POST /api/transcripts', async ({ body }) => ({ status: 201, body: await createTranscript({ db, body }) }));
  router.answer('PUT /api/transcripts/:id', async ({ params, body }) => ({
    status: 200,
    body: await updateTranscript({ db, id: params.id, body }),
  }));
  router.answer('DELETE /api/transcripts/:id', async ({ params }) => {
    await deleteTranscript({ db, id: params.id });
    return { status: 204 };
  });

  router.raw('GET /api/creators', ({ req, res }) => reads.send(req, res, () => listCreators({ db })));
  router.raw('GET /api/creators/:id', ({ params, req, res }) => reads.send(req, res, () => getCreator({ db, id: params.id })));
  router.raw('GET /api/creators/:id/analytics', ({ params, query, req, res }) =>
    reads.send(req, res, () => creatorAnalytics({ db, id: params.id, limit: query.limit })),
  );
  router.raw('GET /api/featured-creators', ({ query, req, res }) =>
    reads.send(req, res, () => featuredCreators({ db, limit: query.limit })),
  );
  router.raw('GET /api/creators/:id/transcripts', ({ params, req, res }) =>
    reads.send(req, res, () => creatorTranscripts({ db, id: params.id })),
  );

  router.raw('GET /api/creators/:id/collections', ({ params, req, res }) =>
    reads.send(req, res, () => listCreatorCollections({ db, id: params.id })),
  );
  router.raw('GET /api/collections', ({ req, res }) => reads.send(req, res, () => listCollections({ db })));
  router.raw('GET /api/collections/:id', ({ params, req, res }) => reads.send(req, res, () => getCollection({ db, id: params.id })));

  // Custom affirmations are personal: only their owner reads, changes or deletes them; anyone
  // else's id answers 404 like a missing one.
  router.answer('GET /api/custom-affirmations', async ({ user }) => ({
    status: 200,
    body: await listOwnCustomAffirmations({ db, ownerId: user.id }),
    headers: { 'cache-control': 'no-store' },
  }));
  router.answer('POST /api/custom-affirmations', async ({ body, req }) => {
    const { sessionId, ...input } = body;
    const owner = await context.sessionOwnership.assertOwner(req, sessionId);
    return { status: 201, body: await createCustomAffirmation({ db, ownerId: owner.id, body: input }) };
  });
  router.answer('GET /api/custom-affirmations/:id', async ({ params, user }) => ({
    status: 200,
    body: await getOwnCustomAffirmation({ db, ownerId: user.id, id: params.id }),
  }));
  router.answer('PUT /api/custom-affirmations/:id', async ({ params, body, user }) => ({
    status: 200,
    body: await updateOwnCustomAffirmation({ db, ownerId: user.id, id: params.id, body }),
  }));
  router.answer('DELETE /api/custom-affirmations/:id', async ({ params, user, req }) => {
    await deleteOwnCustomAffirmation({ context, ownerId: user.id, id: params.id, requestId: req.requestId });
    return { status: 204 };
  });

  return router;
}
