import { Router } from 'express';
import type { ServiceContext } from '@innerecho/kit';
import type { CreatorReferralConfig } from '../../config';

/** Admin writes to creator accounts: POST/PUT/DELETE /api/creators (library issue). */
export function creatorAdminRoutes(_context: ServiceContext<CreatorReferralConfig>): Router {
  return Router();
}
