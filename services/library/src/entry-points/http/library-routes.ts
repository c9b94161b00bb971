import { LIBRARY_ENDPOINTS } from '@innerecho/contracts';
import { requireRole, requireUser, type ReadCache, type ServiceContext, declaredRoutes } from '@innerecho/kit';
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
  const router = declaredRoutes(LIBRARY_ENDPOINTS);

  router.handle('GET /api/transcripts', async (req, res) => {
    await reads.send(req, res, () =>
      listTranscripts({ db, category: typeof req.query.category === 'string' ? req.query.category : undefined }),
    );
  });
  router.handle('GET /api/transcripts/:id', async (req, res) => {
    await reads.send(req, res, () => getTranscript({ db, id: req.params.id }));
  });
  router.handle('POST /api/transcripts', async (req, res) => {
    requireRole(req, 'admin');
    res.status(201).json(await createTranscript({ db, body: req.body }));
  });
  router.handle('PUT /api/transcripts/:id', async (req, res) => {
    requireRole(req, 'admin');
    res.json(await updateTranscript({ db, id: req.params.id, body: req.body }));
  });
  router.handle('DELETE /api/transcripts/:id', async (req, res) => {
    requireRole(req, 'admin');
    await deleteTranscript({ db, id: req.params.id });
    res.status(204).end();
  });

  router.handle('GET /api/creators', async (req, res) => {
    await reads.send(req, res, () => listCreators({ db }));
  });
  router.handle('GET /api/creators/:id', async (req, res) => {
    await reads.send(req, res, () => getCreator({ db, id: req.params.id }));
  });
  router.handle('GET /api/creators/:id/analytics', async (req, res) => {
    await reads.send(req, res, () => creatorAnalytics({ db, id: req.params.id, limit: topLimit(req.query.limit) }));
  });
  router.handle('GET /api/featured-creators', async (req, res) => {
    await reads.send(req, res, () => featuredCreators({ db, limit: topLimit(req.query.limit) }));
  });
  router.handle('GET /api/creators/:id/transcripts', async (req, res) => {
    await reads.send(req, res, () => creatorTranscripts({ db, id: req.params.id }));
  });

  router.handle('GET /api/creators/:id/collections', async (req, res) => {
    await reads.send(req, res, () => listCreatorCollections({ db, id: req.params.id }));
  });
  router.handle('GET /api/collections', async (req, res) => {
    await reads.send(req, res, () => listCollections({ db }));
  });
  router.handle('GET /api/collections/:id', async (req, res) => {
    await reads.send(req, res, () => getCollection({ db, id: req.params.id }));
  });

  // Custom affirmations are personal: only their owner reads, changes or deletes them; anyone
  // else's id answers 404 like a missing one.
  router.handle('GET /api/custom-affirmations', async (req, res) => {
    const user = requireUser(req);
    res.setHeader('cache-control', 'no-store');
    res.json(await listOwnCustomAffirmations({ db, ownerId: user.id }));
  });
  router.handle('POST /api/custom-affirmations', async (req, res) => {
    const sessionId = typeof req.body?.sessionId === 'string' ? req.body.sessionId : '';
    const user = await context.sessionOwnership.assertOwner(req, sessionId);
    res.status(201).json(await createCustomAffirmation({ db, ownerId: user.id, body: req.body }));
  });
  router.handle('GET /api/custom-affirmations/:id', async (req, res) => {
    const user = requireUser(req);
    res.json(await getOwnCustomAffirmation({ db, ownerId: user.id, id: req.params.id }));
  });
  router.handle('PUT /api/custom-affirmations/:id', async (req, res) => {
    const user = requireUser(req);
    res.json(await updateOwnCustomAffirmation({ db, ownerId: user.id, id: req.params.id, body: req.body }));
  });
  router.handle('DELETE /api/custom-affirmations/:id', async (req, res) => {
    const user = requireUser(req);
    await deleteOwnCustomAffirmation({ context, ownerId: user.id, id: req.params.id, requestId: req.requestId });
    res.status(204).end();
  });

  return router;
}

/** How many top affirmations a creator's figures list: 1 to 50, 6 when not given or not a number. */
const topLimit = (limit: unknown) => Math.min(50, Math.max(1, Number(limit) || 6));
