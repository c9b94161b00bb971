import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { IncomingMessage, RequestListener } from 'node:http';
import express, { type NextFunction, type Request, type Response } from 'express';
import { MemoryStore, rateLimit, type Store } from 'express-rate-limit';
import { PAGE_ASSETS_PATH, pageAssets, partVersion, REQUEST_ID_HEADER, type Logger, type TokenVerifier } from '@innerecho/kit';
import { randomUUID } from 'node:crypto';
import { serviceUrls, type GatewayConfig } from './config';
import { finalErrorHandler, sendError } from './errors';
import { DEFAULT_MAX_BODY_BYTES, findRoute, SERVICE_NAMES } from './route-table';
import { FRONTEND_APPS, serveFrontends } from './frontends';
import { frontendOrigins, serveRuntimeConfig } from './frontend-origins';
import { gatewayOperations, type GatewayOperations } from './operations';
import { EdgeCache } from './edge-cache';
import { createUpstreamProxies, sendBodyUpstream } from './upstream';
import { apiClientKey, edgeCacheLane } from './edge-cache-lane';
import { API_ANSWER_HEADERS, everyAnswerHeaders, securityHeaders } from './security-headers';
import { checkSessionCookie, keepGatewayCookies } from './session-cookie';
import { serveApiReference } from './api-reference';
import { originOf, refuseBodyType, refuseCrossSiteWrite } from './cross-site';
import { passwordGuessLimits, readSignInTarget, SIGN_IN_LIMITED } from './sign-in-limits';
import { personalReadLane } from './personal-read-lane';
import { stripUntrustedHeaders } from './untrusted-headers';

/** Public reads the gateway keeps (see EdgeCache): in all, and the largest one it keeps. */
const EDGE_CACHE_MAX_BYTES = 32 * 1024 * 1024;
const EDGE_CACHE_MAX_ANSWER_BYTES = 1024 * 1024;

export interface GatewayOptions {
  config: GatewayConfig;
  logger: Logger;
  /** User sessions: identity's keys and revocation feed (see `createUserSessionVerifier`). */
  verifier: TokenVerifier;
  /** Readiness, metrics, tracing and the drain; created here when not given. */
  operations?: GatewayOperations;
  /** Where sign-in attempts are counted (shared by every gateway instance); defaults to this instance's memory. */
  signInStore?: Store;
  /** The version `/health` reports (an image's `INNERECHO_VERSION`); else worked out from the release record. */
  version?: string;
  /** The time, in ms (tests move it instead of waiting); Date.now by default. */
  clock?: () => number;
  /** How long a personal read's service may stay silent before the gateway answers 504 (2 min by default). */
  personalReadTimeoutMs?: number;
}

/** The gateway is the edge: it creates the request id every service will echo and log (the caller sends it with the answer). */
function stampRequestId(req: IncomingMessage): string {
  const id = randomUUID();
  req.headers[REQUEST_ID_HEADER] = id;
  return id;
}

/**
 * The gateway as a node:http request listener: reads it keeps answered the short way
 * (`edgeCacheLane`), everything else through the Express app below.
 */
export function createGateway({
  config,
  logger,
  verifier: sessions,
  operations = gatewayOperations(),
  signInStore,
  version,
  clock,
  personalReadTimeoutMs,
}: GatewayOptions): RequestListener {
  const app = express();
  app.disable('x-powered-by');
  const urls = serviceUrls(config);
  const publicOrigin = originOf(config.PUBLIC_URL);

  app.use((req, res, next) => {
    res.setHeader(REQUEST_ID_HEADER, stampRequestId(req));
    next();
  });
  app.use(operations.routes);
  app.use(...operations.before);
  app.use(securityHeaders({ publicUrl: config.PUBLIC_URL }));
  // Fonts of the pages services render themselves (sign-in, demo checkout).
  app.use(PAGE_ASSETS_PATH, pageAssets());

  app.get('/health', systemHealth(urls, version));

  const tooMany = (message: string) => (req: Request, res: Response) => sendError(req, res, 429, 'RATE_LIMITED', message);
  const signInAttempts = passwordGuessLimits({
    limit: config.SIGN_IN_RATE_LIMIT,
    windowMs: config.SIGN_IN_RATE_WINDOW_SECONDS * 1000,
    store: signInStore,
    refuse: tooMany(SIGN_IN_LIMITED),
  });
  const apiRateLimit = { counts: new MemoryStore(), limit: config.API_RATE_LIMIT, windowMs: 60_000 };
  const apiLimiter = rateLimit({
    windowMs: apiRateLimit.windowMs,
    limit: apiRateLimit.limit,
    store: apiRateLimit.counts,
    keyGenerator: (req) => apiClientKey(req.ip),
    // Every API call passes here: draft-7's headers need no hash of the client's key per
    // call, and the library's configuration checks ran once when it was set up.
    standardHeaders: 'draft-7',
    validate: false,
    legacyHeaders: false,
    handler: tooMany('Too many requests. Please slow down.'),
  });

  const edgeCache = new EdgeCache({ maxBytes: EDGE_CACHE_MAX_BYTES, maxAnswerBytes: EDGE_CACHE_MAX_ANSWER_BYTES, now: clock });
  const proxies = createUpstreamProxies({
    urls,
    logger,
    metrics: operations.metrics,
    retryReadsForMs: config.READ_RETRY_SECONDS * 1000,
    onProxyRes: (proxyRes, req, res, service) => {
      edgeCache.observe(proxyRes, req, service);
      keepGatewayCookies(proxyRes, res);
    },
  });

  app.use('/api', apiLimiter);
  serveApiReference(app);
  app.use(
    forwardApi({
      sessions,
      edgeCache,
      proxies,
      signInAttempts,
      publicOrigin,
    }),
  );

  serveRuntimeConfig(app, config);
  serveFrontends(app, config.FRONTENDS_DIR, frontendOrigins(config));
  app.use(finalErrorHandler(logger));

  const apiAnswerHeaders: [string, string][] = [...everyAnswerHeaders({ publicUrl: config.PUBLIC_URL }), ...API_ANSWER_HEADERS];
  const lane = edgeCacheLane({
    edgeCache,
    rateLimit: apiRateLimit,
    lifecycle: operations.lifecycle,
    metrics: operations.metrics,
    sessions,
    headers: apiAnswerHeaders,
    stampRequestId,
  });
  const personalReads = personalReadLane({
    urls,
    timeoutMs: personalReadTimeoutMs,
    rateLimit: apiRateLimit,
    lifecycle: operations.lifecycle,
    metrics: operations.metrics,
    sessions,
    headers: apiAnswerHeaders,
    stampRequestId,
  });
  const afterEdgeCache: RequestListener = (req, res) => personalReads(req, res, app);
  return (req, res) => lane(req, res, afterEdgeCache);
}

/** `/health`: the whole system's status, from each service's readiness ("degraded" when one is not ready). */
function systemHealth(urls: Record<(typeof SERVICE_NAMES)[number], string>, version: string | undefined) {
  return async (_req: Request, res: Response) => {
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
    res.status(healthy ? 200 : 503).json({
      status: healthy ? 'ok' : 'degraded',
      version: version ?? (await partVersion('gateway')),
      services: Object.fromEntries(checks),
    });
  };
}

/**
 * Every `/api` request through the long way: untrusted headers stripped, cross-site writes,
 * undeclared routes, wrong body types, oversized and compressed bodies refused; the session
 * checked; a kept read answered; a password guess counted; then forwarded to its service.
 */
function forwardApi(parts: {
  sessions: TokenVerifier;
  edgeCache: EdgeCache;
  proxies: ReturnType<typeof createUpstreamProxies>;
  signInAttempts: ReturnType<typeof passwordGuessLimits>;
  publicOrigin: string | null;
}) {
  const { sessions, edgeCache, proxies, signInAttempts, publicOrigin } = parts;
  return async (req: Request, res: Response, next: NextFunction) => {
    if (!req.path.startsWith('/api/') && req.path !== '/api') return next();
    stripUntrustedHeaders(req);

    // A write from another site is refused before anything else, whether or not its path is a route.
    const route = findRoute(req.method, req.path);
    const crossSite = route?.anySite ? null : refuseCrossSiteWrite(req, route?.path ?? req.path, publicOrigin);
    if (crossSite) {
      res.status(crossSite.status).json({ error: crossSite.error, code: crossSite.code });
      return;
    }
    if (!route) {
      res.status(404).json({ error: `No API route for ${req.method} ${req.path}`, code: 'NOT_FOUND' });
      return;
    }
    const refusal = refuseBodyType(req, route);
    if (refusal) {
      res.status(refusal.status).json({ error: refusal.error, code: refusal.code });
      return;
    }
    const length = Number(req.headers['content-length'] ?? 0);
    if (length > (route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES)) {
      res.status(413).json({ error: 'The request is too large', code: 'PAYLOAD_TOO_LARGE' });
      return;
    }

    // Browsers never compress what they send; inflating is a way to make a small request
    // cost a lot, so compressed bodies stop here.
    const encoding = req.headers['content-encoding']?.trim().toLowerCase();
    if (encoding && encoding !== 'identity') {
      res.status(415).json({ error: 'Compressed request bodies are not accepted', code: 'UNSUPPORTED_ENCODING' });
      return;
    }

    const session = await checkSessionCookie(req, res, sessions);
    if (edgeCache.answer(req, res, route.service, session.status === 'valid')) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      // A write may change what the service's reads answer: before it (a read under way is
      // not kept) and once it is answered.
      edgeCache.forget(route.service);
      res.once('close', () => edgeCache.forget(route.service));
    }

    const forward = () => proxies[route.service](req, res, next);
    if (route.signIn && req.method !== 'GET' && req.method !== 'HEAD') {
      // A listener's guess made with their session counts against their account, known by its email as a sign-in names it.
      const account = session.status === 'valid' && route.signIn === 'listener-password' ? session.claims.email.trim().toLowerCase() : null;
      // A sign-in's body is read here (it is small, and bounded like any body) to learn the
      // account it tries; the service gets the same bytes.
      const target = route.signInNamesAccount
        ? async () => {
            const read = await readSignInTarget(req, route.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES);
            if (read === 'too-large') throw Object.assign(new Error('sign-in body too large'), { status: 413 });
            sendBodyUpstream(req, read.body);
            return read.email;
          }
        : undefined;
      signInAttempts(req, res, (error?: unknown) => (error ? next(error) : forward()), { budget: route.signIn, account, target });
    } else forward();
  };
}

export const frontendsBuilt = (dir: string) => FRONTEND_APPS.every((name) => existsSync(join(dir, name, 'dist')));
