import { join } from 'node:path';
import { Router } from 'express';
import type { ServiceModule } from '@innerecho/kit';
import type { CreatorReferralConfig } from './config';
import { inbox, outbox } from './data-access/schema';
import { creatorAdminRoutes } from './entry-points/http/creator-admin-routes';

export { ZCreatorReferralEnv, type CreatorReferralConfig } from './config';

/** Owns creator accounts, referral clicks and attribution, commissions and payouts. */
export function creatorReferralService(): ServiceModule<CreatorReferralConfig> {
  return {
    name: 'creator-referral',
    migrationsFolder: join(__dirname, 'data-access', 'migrations'),
    tables: { outbox, inbox },
    build(context) {
      const routes = Router();
      routes.use(creatorAdminRoutes(context));
      return { routes };
    },
  };
}
