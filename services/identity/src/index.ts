import { IDENTITY_ENDPOINTS } from '@innerecho/contracts';
import {
  createTokenSigner,
  createTokenVerifier,
  defineService,
  KeyStore,
  localKeyResolver,
  USER_TOKEN_ISSUER,
  type ServiceModule,
} from '@innerecho/kit';
import { deleteExpiredSessions, findActiveSessionUser } from './data-access/session-repository';
import type { IdentityConfig } from './config';
import { inbox, outbox } from './data-access/schema';
import { ensureSeedAdmin } from './domain/seed-admin';
import { billingEventsConsumer } from './entry-points/events/billing-events-consumer';
import { adminSetupRoutes } from './entry-points/http/admin-setup-routes';
import { accountRoutes } from './entry-points/http/account-routes';
import { authRoutes, identityPersonalReads } from './entry-points/http/auth-routes';
import { internalRoutes } from './entry-points/http/internal-routes';
import { OidcSignIn } from './entry-points/http/oidc';
import { passwordResetRoutes } from './entry-points/http/password-reset-routes';
import { emailConfirmationRoutes } from './entry-points/http/email-confirmation-routes';

export { ZIdentityEnv, type IdentityConfig } from './config';

/** Seeded admin credentials, handed to the launcher to print once. */
export interface IdentityHooks {
  onAdminSeeded?: (credentials: { email: string; password: string }) => void;
}

export function identityService(hooks: IdentityHooks = {}): ServiceModule<IdentityConfig> & { keys?: KeyStore } {
  const module: ServiceModule<IdentityConfig> & { keys?: KeyStore } = defineService('identity', __dirname, {
    endpoints: IDENTITY_ENDPOINTS,
    tables: { outbox, inbox },
    async build(context) {
      const { config } = context;
      const keys = KeyStore.forService(config, 'identity', {
        pem: config.SESSION_SIGNING_KEYS,
        variable: 'SESSION_SIGNING_KEYS',
        dir: config.SESSION_KEYS_DIR,
      });
      module.keys = keys;
      const signer = createTokenSigner(keys, USER_TOKEN_ISSUER, config.SESSION_TTL_SECONDS);
      const oidc = config.OIDC_ISSUER ? new OidcSignIn(config) : null;

      await ensureSeedAdmin(context, hooks.onAdminSeeded);

      // Sessions whose tokens have expired are forgotten once an hour.
      const sweep = setInterval(() => {
        deleteExpiredSessions(context.db).catch((error) => context.logger.error({ err: error }, 'expired session sweep failed'));
      }, 3_600_000);
      sweep.unref();

      const routes = [
        internalRoutes({ context, keys }),
        adminSetupRoutes({ context, signer }),
        authRoutes({ context, signer, keys, oidc }),
        accountRoutes({ context, signer }),
        passwordResetRoutes({ context }),
        emailConfirmationRoutes({ context }),
      ];
      return {
        routes,
        // Identity holds the sessions, so it checks each token's session directly: a
        // sign-out here takes effect on the very next request.
        userVerifier: createTokenVerifier(localKeyResolver(keys), USER_TOKEN_ISSUER, {
          revocation: async (claims) => ((await findActiveSessionUser(context.db, claims.sid)) === claims.id ? 'active' : 'revoked'),
        }),
        personalReads: identityPersonalReads(context),
        consumers: [billingEventsConsumer],
        onStop: async () => clearInterval(sweep),
      };
    },
  });
  return module;
}
