import { Router } from 'express';
import { requireUser, type KeyStore, type ServiceContext } from '@innerecho/kit';
import type { IdentityConfig } from '../../config';
import { bindSessionToUser } from '../../domain/bind-session';

/**
 * Called by other services, never routed by the gateway: the public keys that verify
 * sessions, and the sessionId binding rule.
 */
export function internalRoutes({ context, keys }: { context: ServiceContext<IdentityConfig>; keys: KeyStore }): Router {
  const router = Router();

  router.get('/.well-known/jwks.json', (_req, res) => {
    res.setHeader('cache-control', 'public, max-age=300');
    res.json(keys.jwks());
  });

  router.post('/internal/session-bindings', async (req, res) => {
    const user = requireUser(req);
    await bindSessionToUser(context.db, req.body?.sessionId, user.id);
    res.json({ sessionId: req.body.sessionId, userId: user.id });
  });

  return router;
}
