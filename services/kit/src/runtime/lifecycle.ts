import type { Server, ServerResponse } from 'node:http';
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import type { Logger } from '../logger';
import type { ServiceMetrics } from '../observability/metrics';

/** Seconds a client is asked to wait before trying again while an instance restarts. */
export const RESTART_RETRY_AFTER_SECONDS = 1;

/**
 * The life of one HTTP server through a deploy. On SIGTERM it drains: `/ready` turns 503
 * (load balancers stop sending), a request that still arrives is answered at once with
 * 503 and `Retry-After` instead of being half-served, and requests already in flight run
 * to the end before the server closes.
 */
export class Lifecycle {
  private drainingSince: number | null = null;
  private readonly inFlight = new Set<ServerResponse>();
  private idle: (() => void) | null = null;

  get draining() {
    return this.drainingSince !== null;
  }

  /** Counts requests in flight; refuses new ones while draining. Mount it first. */
  guard(): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      if (this.draining) {
        res.setHeader('retry-after', String(RESTART_RETRY_AFTER_SECONDS));
        res.setHeader('connection', 'close');
        res.status(503).json({ error: 'This part of InnerEcho is restarting. Please try again in a moment.', code: 'RESTARTING' });
        return;
      }
      this.admit(res);
      next();
    };
  }

  /** Counts a request in flight until its answer is sent or its connection closes (the drain waits for it). */
  admit(res: ServerResponse) {
    this.inFlight.add(res);
    const finished = () => {
      if (!this.inFlight.delete(res)) return;
      if (this.inFlight.size === 0) this.idle?.();
    };
    res.once('finish', finished);
    res.once('close', finished);
  }

  /**
   * Stops taking connections and waits for the requests in flight (at most `timeoutMs`),
   * closing keep-alive connections as they fall idle, then closes what is left.
   */
  async drain(server: Server, timeoutMs: number, logger?: Logger) {
    if (this.draining) return;
    this.drainingSince = Date.now();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Answers still to come end their connection, so no client sends another request down it.
    for (const res of this.inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.closeIdleConnections();
    const idle = this.inFlight.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (this.idle = resolve));
    const timedOut = await Promise.race([
      idle.then(() => false),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(true), timeoutMs).unref()),
    ]);
    if (timedOut) logger?.warn({ inFlight: this.inFlight.size, timeoutMs }, 'requests still running at the end of the grace period');
    clearInterval(sweep);
    server.closeAllConnections();
    await closed;
  }
}

export interface OperationsOptions {
  name: string;
  lifecycle: Lifecycle;
  metrics: ServiceMetrics;
  /** Named checks for `/ready`; each throws when its dependency cannot be reached. */
  readiness: Record<string, () => Promise<void>>;
  logger: Logger;
}

const READY_CHECK_TIMEOUT_MS = 2000;

/**
 * `/health`: liveness, the process answers (restart it when this fails).
 * `/ready`: readiness, its dependencies answer and it is not draining (send it traffic).
 * `/metrics`: Prometheus figures.
 * Mounted before request logging: probes would drown the logs.
 */
export function operationsRoutes(options: OperationsOptions): Router {
  const router = Router();
  router.get('/health', (_req, res) => {
    res.json({ status: 'ok', service: options.name });
  });
  router.get('/ready', async (_req, res) => {
    if (options.lifecycle.draining) {
      res.status(503).json({ status: 'draining', service: options.name });
      return;
    }
    const results = await Promise.all(
      Object.entries(options.readiness).map(async ([check, run]) => {
        try {
          await Promise.race([
            run(),
            new Promise((_, reject) => setTimeout(() => reject(new Error('no answer in time')), READY_CHECK_TIMEOUT_MS).unref()),
          ]);
          return [check, 'ok'] as const;
        } catch (error) {
          // Probes ask every few seconds: the answer names the check, the log keeps the detail quietly.
          options.logger.debug({ err: error, check }, 'readiness check failed');
          return [check, 'unavailable'] as const;
        }
      }),
    );
    const ready = results.every(([, status]) => status === 'ok');
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'unavailable', service: options.name, checks: Object.fromEntries(results) });
  });
  router.get('/metrics', (_req, res) => options.metrics.expose(res));
  return router;
}
