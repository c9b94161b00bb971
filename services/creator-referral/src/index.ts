import { CREATOR_REFERRAL_ENDPOINTS } from '@innerecho/contracts';
import { defineService, CREATOR_SESSION_COOKIE, type ServiceModule } from '@innerecho/kit';
import type { CreatorReferralConfig } from './config';
import { deleteExpiredCreatorSessions } from './data-access/creator-session-repository';
import { inbox, outbox } from './data-access/schema';
import { billingEventsConsumer } from './entry-points/events/billing-events-consumer';
import { identityEventsConsumer } from './entry-points/events/identity-events-consumer';
import { creatorAdminRoutes } from './entry-points/http/creator-admin-routes';
import { collectionRoutes } from './entry-points/http/collection-routes';
import { creatorAreaRoutes } from './entry-points/http/creator-area-routes';
import { CreatorSessions } from './entry-points/http/creator-session';
import { creatorSetupRoutes } from './entry-points/http/creator-setup-routes';
import { creatorPasswordResetRoutes } from './entry-points/http/creator-password-reset-routes';
import { referralRoutes } from './entry-points/http/referral-routes';
import { seedStarterCreators } from './domain/seed-creators';

export { ZCreatorReferralEnv, type CreatorReferralConfig } from './config';
export * as creatorReferralTables from './data-access/schema';

/** Owns creator accounts, referral clicks and attribution, commissions and payouts. */
export function creatorReferralService(): ServiceModule<CreatorReferralConfig> {
  return defineService('creator-referral', __dirname, {
    endpoints: CREATOR_REFERRAL_ENDPOINTS,
    tables: { outbox, inbox },
    build(context) {
      const sessions = new CreatorSessions(context.config, context.db);
      // Creator sessions whose tokens have expired are forgotten once an hour.
      const sweep = setInterval(() => {
        deleteExpiredCreatorSessions(context.db).catch((error) => context.logger.error({ err: error }, 'expired session sweep failed'));
      }, 3_600_000);
      sweep.unref();
      // The starter library's featured creators, added by one instance (another starting meanwhile leaves it to that one).
      void context.exclusive('starter-creators', () => seedStarterCreators(context), { skipIfHeld: true });
      return {
        routes: [
          creatorAdminRoutes(context),
          referralRoutes(context),
          creatorAreaRoutes(context, sessions),
          creatorSetupRoutes(context, sessions),
          creatorPasswordResetRoutes(context),
          collectionRoutes(context, sessions),
        ],
        consumers: [billingEventsConsumer(context), identityEventsConsumer],
        extraAuthenticators: [{ verifier: sessions.verifier, cookieName: CREATOR_SESSION_COOKIE }],
        onStop: async () => clearInterval(sweep),
      };
    },
  });
}
