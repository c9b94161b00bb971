import { existsSync } from 'node:fs';
import { join } from 'node:path';
import express, { type Express, type NextFunction, type Request, type Response } from 'express';
import { ipKeyGenerator, rateLimit, type Store } from 'express-rate-limit';
import {
  createTokenVerifier,
  jwksKeyResolver,
  REQUEST_ID_HEADER,
  USER_SESSION_COOKIE,
  USER_TOKEN_ISSUER,
  type Logger,
  type TokenVerifier,
} from '@innerecho/kit';
import { randomUUID } from 'node:crypto';
import { serviceUrls, type GatewayConfig } from './config';
import { DEFAULT_MAX_BODY_BYTES, findRoute, SERVICE_NAMES, type ServiceName } from './route-table';
import { FRONTEND_APPS, serveFrontends } from './frontends';
import { frontendOrigins, serveRuntimeConfig } from './frontend-origins';
import { gatewayOperations, type GatewayOperations } from './operations';
import { createUpstreamProxies } from './upstream';

/**
 * Headers only the platform may set. A browser that sends them is lying, so they are
 * removed before anything is forwarded; forwarding headers are set afresh by the proxy.
 */
const FORBIDDEN_HEADER = /^(x-user|x-auth|x-internal|x-session|x-role|x-creator|x-forwarded-|x-real-ip|forwarded$)/i;

export function stripUntrustedHeaders(req: Request) {
  for (const name of Object.keys(req.headers)) {
    if (FORBIDDEN_HEADER.test(name)) delete req.headers[name];
  }
}

function removeCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return header;
  const kept = header
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part && !part.startsWith(`${name}=`));
  return kept.length ? kept.join('; ') : undefined;
}

const readCookie = (header: string | undefined, name: string) =>
  header
    ?.split(';')
    .map((p) => p.trim())
    .find((p) => p.startsWith(`${name}=`))
    ?.slice(name.length + 1);

export interface GatewayOptions {
  config: GatewayConfig;
  logger: Logger;
  /** Defaults to the identity service's JWKS. */
  verifier?: TokenVerifier;
  /** Readiness, metrics, tracing and the drain; created here when not given. */
  operations?: GatewayOperations;
  /** Where sign-in attempts are counted (shared by every gateway instance); defaults to this instance's memory. */
  signInStore?: Store;
}

export function createGatewayApp({
  config,
  logger,
  verifier,
  operations = gatewayOperations(config),
  signInStore,
}: GatewayOptions): Express {
  const app = express();
  app.disable('x-powered-by');
  const sessions = verifier ?? createTokenVerifier(jwksKeyResolver(`${config.IDENTITY_URL}/.well-known/jwks.json`), USER_TOKEN_ISSUER);
  const urls = serviceUrls(config);

  // The gateway is the edge: it creates the request id every service will echo and log.
  app.use((req, res, next) => {
    const id = randomUUID();
    req.headers[REQUEST_ID_HEADER] = id;
    res.setHeader(REQUEST_ID_HEADER, id);
    res.setHeader('x-content-type-options', 'nosniff');
    res.setHeader('referrer-policy', 'strict-origin-when-cross-origin');
    res.setHeader('x-frame-options', 'DENY');
    next();
  });
  app.use(operations.routes);
  app.use(...operations.before);

  app.get('/health', async (_req, res) => {
    const checks = await Promise.all(
      SERVICE_NAMES.map(async (name) => {
        try {
          const r = await fetch(`${urls[name]}/ready`, { signal: AbortSignal.timeout(2000) });
          return [name, r.ok ? 'ok' : 'unavailable'] as const;
        } catch {
          return [name, 'unavailable'] as const;
        }
      }),
    );
    const healthy = checks.every(([, status]) => status === 'ok');
    res.status(healthy ? 200 : 503).json({ status: healthy ? 'ok' : 'degraded', services: Object.fromEntries(checks) });
  });

  const tooMany = (message: string) => (req: Request, res: Response) => {
    if (req.is('application/x-www-form-urlencoded')) {
      res
        .status(429)
        .type('html')
        .send(
          `<!doctype html><meta charset="utf-8"><title>Please wait</title><p style="font:16px system-ui;padding:2rem">${message} <a href="/api/login">Back to sign in</a></p>`,
        );
    } else {
      res.status(429).json({ error: message, code: 'RATE_LIMITED' });
    }
  };
  const signInLimiter = rateLimit({
    windowMs: config.SIGN_IN_RATE_WINDOW_SECONDS * 1000,
    limit: config.SIGN_IN_RATE_LIMIT,
    // A budget per client address and per sign-in form (subscriber, creator).
    keyGenerator: (req) => `${ipKeyGenerator(req.ip ?? '')}:${findRoute(req.method, req.path)?.prefix}`,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    store: signInStore,
    handler: tooMany('Too many sign-in attempts. Please wait a few minutes and try again.'),
  });
  const apiLimiter = rateLimit({
    windowMs: 60_000,
    limit: config.API_RATE_LIMIT,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler: tooMany('Too many requests. Please slow down.'),
  });

  const proxies = createUpstreamProxies({ urls, logger, metrics: operations.metrics });

  app.use('/api', apiLimiter);
  app.use(async (req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith('/api/') && req.path !== '/api') return next();
    stripUntrustedHeaders(req);

    const route = findRoute(req.method, req.path);
    if (!route) {
      res.status(404).json({ error: `No API route for ${req.method} ${req.path}`, code: 'NOT_FOUND' });
      return;
    }
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > (route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES)) {
      res.status(413).json({ error: 'The request is too large', code: 'PAYLOAD_TOO_LARGE' });
      return;
    }

    // A session that does not verify is dropped here and cleared in the browser, so
    // no service ever sees a tampered or expired token. One that cannot be checked now
    // (identity's keys unreachable: it is restarting) is passed on; the service answers 503.
    const token = readCookie(req.headers.cookie, USER_SESSION_COOKIE);
    if (token && (await sessions.verify(decodeURIComponent(token)).catch(() => 'unchecked' as const)) === null) {
      const rest = removeCookie(req.headers.cookie, USER_SESSION_COOKIE);
      if (rest) req.headers.cookie = rest;
      else delete req.headers.cookie;
      res.append('set-cookie', `${USER_SESSION_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970 00:00:00 GMT; HttpOnly; SameSite=Lax`);
    }

    const forward = () => proxies[route.service](req, res, next);
    if (route.signIn && req.method === 'POST') signInLimiter(req, res, forward);
    else forward();
  });

  serveRuntimeConfig(app, config);
  serveFrontends(app, config.FRONTENDS_DIR, frontendOrigins(config));
  return app;
}

export const frontendsBuilt = (dir: string) => FRONTEND_APPS.every((name) => existsSync(join(dir, name, 'dist')));
