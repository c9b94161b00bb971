import { CREATOR_REFERRAL_ENDPOINTS } from '@innerecho/contracts';
import { type ServiceContext, declaredRoutes } from '@innerecho/kit';
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
  const router = declaredRoutes(CREATOR_REFERRAL_ENDPOINTS, { context });
  router.answer('POST /api/creators', async ({ body, req }) => ({
    status: 201,
    body: await createCreatorAccount({ context, body, requestId: req.requestId }),
  }));
  router.answer('PUT /api/creators/:id', async ({ params, body, req }) => ({
    status: 200,
    body: await updateCreatorProfile({ context, id: params.id, body, requestId: req.requestId }),
  }));
  router.answer('GET /api/creator-accounts', async () => ({ status: 200, body: await listCreatorAccountsForAdmin(context) }));
  router.answer('POST /api/creators/:id/setup-link', async ({ params }) => ({
    status: 201,
    body: await issueCreatorSetupLink(context, params.id),
  }));
  router.answer('DELETE /api/creators/:id', async ({ params, req }) => {
    await deleteCreatorAccount({ context, id: params.id, requestId: req.requestId });
    return { status: 204 };
  });
  return router;
}
