import { CREATOR_REFERRAL_ENDPOINTS } from '@innerecho/contracts';
import { requireRole, type ServiceContext, declaredRoutes } from '@innerecho/kit';
import type { CreatorReferralConfig } from '../../config';
import {
  createCreatorAccount,
  deleteCreatorAccount,
  listCreatorAccountsForAdmin,
  updateCreatorProfile,
} from '../../domain/creator-accounts';
import { issueCreatorSetupLink } from '../../domain/creator-setup';

/**
 * Admin writes to creator accounts: POST/PUT/DELETE /api/creators (public reads are the
 * library's), the accounts with their sign-in email and referral code, and password setup links.
 */
export function creatorAdminRoutes(context: ServiceContext<CreatorReferralConfig>) {
  const router = declaredRoutes(CREATOR_REFERRAL_ENDPOINTS);
  router.handle('POST /api/creators', async (req, res) => {
    requireRole(req, 'admin');
    res.status(201).json(await createCreatorAccount({ context, body: req.body, requestId: req.requestId }));
  });
  router.handle('PUT /api/creators/:id', async (req, res) => {
    requireRole(req, 'admin');
    res.json(await updateCreatorProfile({ context, id: req.params.id, body: req.body, requestId: req.requestId }));
  });
  router.handle('GET /api/creator-accounts', async (req, res) => {
    requireRole(req, 'admin');
    res.json(await listCreatorAccountsForAdmin(context));
  });
  router.handle('POST /api/creators/:id/setup-link', async (req, res) => {
    requireRole(req, 'admin');
    res.status(201).json(await issueCreatorSetupLink(context, req.params.id));
  });
  router.handle('DELETE /api/creators/:id', async (req, res) => {
    requireRole(req, 'admin');
    await deleteCreatorAccount({ context, id: req.params.id, requestId: req.requestId });
    res.status(204).end();
  });
  return router;
}
