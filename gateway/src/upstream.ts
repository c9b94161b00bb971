import { Agent, type IncomingMessage } from 'node:http';
import type { Request, RequestHandler, Response } from 'express';
import { createProxyMiddleware, debugProxyErrorsPlugin, proxyEventsPlugin, type Plugin } from 'http-proxy-middleware';
import { RESTART_RETRY_AFTER_SECONDS, type Logger, type ServiceMetrics } from '@innerecho/kit';
import { SERVICE_NAMES, type ServiceName } from './route-table';

/** Errors that mean the request never reached a service able to answer it (stopped, restarting, not yet listening). */
export const UNREACHABLE: ReadonlySet<string> = new Set(['ECONNREFUSED', 'ECONNRESET', 'EHOSTUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * An idempotent read that failed to connect is tried again, after 250 ms, 500 ms, then
 * every second, for as long as a restarting instance takes to listen again (`retryReadsForMs`).
 */
const retryDelayMs = (attempt: number) => Math.min(1000, 250 * 2 ** (attempt - 1));

const SAFE_TO_RETRY = new Set(['GET', 'HEAD']);

/**
 * How long a service may stay silent before the gateway gives up on its answer. A render
 * answers only once its file is stored, and may first wait its turn behind others (up to
 * RENDER_QUEUE_LIMIT of them), so generation gets ten minutes; everything else two.
 */
const UPSTREAM_TIMEOUT_MS: Record<ServiceName, number> = {
  identity: 120_000,
  voice: 120_000,
  library: 120_000,
  generation: 600_000,
  billing: 120_000,
  'creator-referral': 120_000,
  notifications: 120_000,
};

declare module 'express-serve-static-core' {
  interface Request {
    /** How many times the gateway has retried this request upstream. */
    upstreamRetries?: number;
  }
}

/**
 * One proxy per service. When a service cannot be reached (it is stopped, or restarting
 * during a deploy) the answer is a fast 503 with `Retry-After`: the service is
 * unavailable for a moment, which is what a client should be told. A GET or HEAD that
 * failed to connect is retried for a few seconds first: a second instance behind the
 * service's address, or the restarted one, answers it. Writes are never
 * replayed: the gateway does not keep their bodies, and they may have had an effect.
 * An answer that breaks off half-way is a 502 (the service misbehaved).
 */
/** Bodies the gateway has read itself (a sign-in's, to learn the account it tries), sent on in place of the spent stream. */
const readBodies = new WeakMap<IncomingMessage, Buffer>();

/** Sends `body` to the service as the request's body: the request's own stream has been read. */
export function sendBodyUpstream(req: IncomingMessage, body: Buffer) {
  readBodies.set(req, body);
}

export function createUpstreamProxies(options: {
  urls: Record<ServiceName, string>;
  logger: Logger;
  metrics: ServiceMetrics;
  /**
   * Reads are retried while they keep failing to connect within this long of their first
   * attempt: longer than one instance of a service takes to stop and start again, bounded so
   * a service that is down still answers 503. A read that failed later was cut off by the
   * proxy timeout, not refused, and is not retried.
   */
  retryReadsForMs: number;
  /** Runs on every service answer before it is passed on (the gateway keeps reads and adds its own cookies). */
  onProxyRes?: (proxyRes: IncomingMessage, req: Request, res: Response, service: ServiceName) => void;
}): Record<ServiceName, RequestHandler> {
  const upstreamFailures = options.metrics.counter('gateway_upstream_failures_total', 'Requests a service could not answer, by outcome', [
    'service',
    'outcome',
  ]);
  const proxies = {} as Record<ServiceName, RequestHandler>;
  const startedAt = new WeakMap<Request, number>();
  for (const name of SERVICE_NAMES) {
    const proxy = createProxyMiddleware<Request, Response>({
      target: options.urls[name],
      // Connections to each service are kept and reused. Without an agent the proxy asks the
      // service to close every connection, and passes `Connection: close` on to the browser:
      // a new TCP connection per API call. (No socket timeout here: it would also cut
      // renders and clones that run longer; the proxy timeout below bounds those.)
      agent: new Agent({ keepAlive: true }),
      changeOrigin: false,
      // Without the default logger plugin, which builds the target's URL for a log line on
      // every answer (a measurable share of a proxied read); failures are logged below.
      ejectPlugins: true,
      plugins: [debugProxyErrorsPlugin, proxyEventsPlugin] as unknown as Plugin<Request, Response>[],
      xfwd: true,
      proxyTimeout: UPSTREAM_TIMEOUT_MS[name],
      timeout: UPSTREAM_TIMEOUT_MS[name],
      on: {
        proxyRes: (proxyRes, req, res) => {
          // An answer streamed as it is made (a render's MP3) that the service cuts off after
          // its headers cuts the browser's too: its download fails, rather than hanging open
          // with fewer bytes than its length.
          proxyRes.once('close', () => {
            if (proxyRes.complete || res.writableFinished) return;
            upstreamFailures.inc({ service: name, outcome: 'broken-answer' });
            res.destroy();
          });
          options.onProxyRes?.(proxyRes, req as Request, res as Response, name);
        },
        // A browser that closes the connection ends the service's request too (a render stops
        // and keeps nothing). The proxy only does this for a request whose body was still
        // arriving; a posted form is whole at once.
        proxyReq: (proxyReq, req, res) => {
          const body = readBodies.get(req);
          if (body) {
            // The proxy then pipes the spent request, which just ends this one.
            proxyReq.removeHeader('transfer-encoding');
            proxyReq.setHeader('content-length', body.length);
            proxyReq.write(body);
          }
          res.on('close', () => {
            if (!res.writableFinished) proxyReq.destroy();
          });
        },
        error(error, req, res) {
          const request = req as Request;
          const response = res as Response;
          const code = (error as NodeJS.ErrnoException).code ?? '';
          const unreachable = UNREACHABLE.has(code);
          if (typeof response.status !== 'function' || response.headersSent) {
            upstreamFailures.inc({ service: name, outcome: 'broken-answer' });
            (res as { destroy?: () => void }).destroy?.();
            return;
          }
          const quick = Date.now() - (startedAt.get(request) ?? 0) < options.retryReadsForMs;
          if (unreachable && quick && SAFE_TO_RETRY.has(request.method) && !response.destroyed) {
            request.upstreamRetries = (request.upstreamRetries ?? 0) + 1;
            upstreamFailures.inc({ service: name, outcome: 'retried' });
            setTimeout(() => {
              // The browser may have given up meanwhile.
              if (!response.destroyed) proxy(request, response, () => undefined);
            }, retryDelayMs(request.upstreamRetries));
            return;
          }
          options.logger.error({ err: error, service: name, path: request.path }, 'service unreachable');
          upstreamFailures.inc({ service: name, outcome: unreachable ? 'unavailable' : 'bad-gateway' });
          if (unreachable) response.setHeader('retry-after', String(RESTART_RETRY_AFTER_SECONDS));
          response
            .status(unreachable ? 503 : 502)
            .json({ error: 'This part of InnerEcho is not responding. Please try again shortly.', code: 'SERVICE_UNAVAILABLE' });
        },
      },
    }) as unknown as RequestHandler;
    proxies[name] = (req, res, next) => {
      startedAt.set(req, Date.now());
      proxy(req, res, next);
    };
  }
  return proxies;
}
