import { join } from 'node:path';
import { Router } from 'express';
import { createTokenSigner, createTokenVerifier, KeyStore, localKeyResolver, USER_TOKEN_ISSUER, type ServiceModule } from '@innerecho/kit';
import type { IdentityConfig } from './config';
import { inbox, outbox } from './data-access/schema';
import { ensureSeedAdmin } from './domain/seed-admin';
import { billingEventsConsumer } from './entry-points/events/billing-events-consumer';
import { adminSetupRoutes } from './entry-points/http/admin-setup-routes';
import { authRoutes } from './entry-points/http/auth-routes';
import { internalRoutes } from './entry-points/http/internal-routes';
import { OidcSignIn } from './entry-points/http/oidc';

export { ZIdentityEnv, type IdentityConfig } from './config';

/** Seeded admin credentials, handed to the launcher to print once. */
export interface IdentityHooks {
  onAdminSeeded?: (credentials: { email: string; password: string }) => void;
}

export function identityService(hooks: IdentityHooks = {}): ServiceModule<IdentityConfig> & { keys?: KeyStore } {
  const module: ServiceModule<IdentityConfig> & { keys?: KeyStore } = {
    name: 'identity',
    migrationsFolder: join(__dirname, 'data-access', 'migrations'),
    tables: { outbox, inbox },
    async build(context) {
      const { config } = context;
      const keys =
        config.DATA_DIR === 'memory://' && !config.SESSION_KEYS_DIR
          ? KeyStore.inMemory()
          : KeyStore.openDirectory(config.SESSION_KEYS_DIR ?? join(config.DATA_DIR, 'identity', 'keys'));
      module.keys = keys;
      const signer = createTokenSigner(keys, USER_TOKEN_ISSUER, config.SESSION_TTL_SECONDS);
      const oidc = config.OIDC_ISSUER ? new OidcSignIn(config) : null;

      await ensureSeedAdmin(context, hooks.onAdminSeeded);

      const routes = Router();
      routes.use(internalRoutes({ context, keys }));
      routes.use(adminSetupRoutes({ context, signer }));
      routes.use(authRoutes({ context, signer, keys, oidc }));
      return {
        routes,
        userVerifier: createTokenVerifier(localKeyResolver(keys), USER_TOKEN_ISSUER),
        consumers: [billingEventsConsumer],
      };
    },
  };
  return module;
}
