import { Router } from 'express';
import { requireRole, type ServiceContext } from '@innerecho/kit';
import type { CreatorReferralConfig } from '../../config';
import { createCreatorAccount, deleteCreatorAccount, updateCreatorProfile } from '../../domain/creator-accounts';

/** Admin writes to creator accounts: POST/PUT/DELETE /api/creators (reads are the library's). */
export function creatorAdminRoutes(context: ServiceContext<CreatorReferralConfig>): Router {
  const router = Router();
  router.post('/api/creators', async (req, res) => {
    requireRole(req, 'admin');
    res.status(201).json(await createCreatorAccount({ context, body: req.body, requestId: req.requestId }));
  });
  router.put('/api/creators/:id', async (req, res) => {
    requireRole(req, 'admin');
    res.json(await updateCreatorProfile({ context, id: req.params.id, body: req.body, requestId: req.requestId }));
  });
  router.delete('/api/creators/:id', async (req, res) => {
    requireRole(req, 'admin');
    await deleteCreatorAccount({ context, id: req.params.id, requestId: req.requestId });
    res.status(204).end();
  });
  return router;
}
