import type { Server, ServerResponse } from 'node:http';
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from 'express';
import { Gauge } from 'prom-client';
import type { Logger } from '../logger';
import type { ServiceMetrics } from '../observability/metrics';

/** Seconds a client is asked to wait before trying again while an instance restarts. */
export const RESTART_RETRY_AFTER_SECONDS = 1;

/**
 * After the grace period, how long answers already under way may take to reach the client
 * before their connections are cut: a saved render's MP3 (tens of MB) and the 503 of a
 * render cancelled at the deadline. A cut answer of a saved render leaves it in the
 * listener's library; a longer wait would only hold the restart.
 */
export const ANSWER_FINISH_MS = 10_000;

export interface StopOptions {
  /** How long it keeps serving (not ready) before the drain, while load balancers stop sending. */
  delayMs: number;
  /** How long requests in flight may run before `atGraceEnd`. */
  graceMs: number;
  logger?: Logger;
  /**
   * Called when requests are still running at the end of the grace period, before their
   * connections are cut: it cancels work that cannot finish (a render), so each such request
   * answers for itself and cleans up. Resolves once they have.
   */
  atGraceEnd?: () => Promise<unknown>;
}

/**
 * The answers in flight, each in a numbered slot that it frees when it settles, the next
 * answer taking the freed slot. A Set of them would do the same, but a Set that thousands of
 * answers a second pass through rebuilds its table again and again, and its discarded
 * tables (long-lived, so in the old generation) still point at the young answers they held:
 * every young collection then keeps those answers, and all a request held with them, alive
 * into the old generation, until a full collection. The slots are one array, rewritten in
 * place.
 */
class AnswersInFlight {
  /** Each answer's slot, kept on the answer under this set's own key. */
  private readonly slotKey = Symbol('slot in flight');
  private readonly slots: (ServerResponse | undefined)[] = [];
  private readonly free: number[] = [];
  size = 0;

  /** False when the answer was already in flight. */
  add(res: ServerResponse): boolean {
    const answer = res as ServerResponse & Record<symbol, number | undefined>;
    if (answer[this.slotKey] !== undefined) return false;
    const slot = this.free.pop() ?? this.slots.length;
    this.slots[slot] = res;
    answer[this.slotKey] = slot;
    this.size++;
    return true;
  }

  /** False when the answer was not in flight (it settled before). */
  delete(res: ServerResponse): boolean {
    const answer = res as ServerResponse & Record<symbol, number | undefined>;
    const slot = answer[this.slotKey];
    if (slot === undefined) return false;
    this.slots[slot] = undefined;
    this.free.push(slot);
    answer[this.slotKey] = undefined;
    this.size--;
    return true;
  }

  *[Symbol.iterator]() {
    for (const res of this.slots) if (res) yield res;
  }
}

/**
 * The life of one HTTP server through a deploy. On SIGTERM it drains: `/ready` turns 503
 * (load balancers stop sending), a request that still arrives is answered at once with
 * 503 and `Retry-After` instead of being half-served, and requests already in flight run
 * to the end before the server closes.
 */
export class Lifecycle {
  private drainingSince: number | null = null;
  private readonly inFlight = new AnswersInFlight();
  private idle: (() => void) | null = null;
  private readonly stopping = new AbortController();

  get draining() {
    return this.drainingSince !== null;
  }

  /**
   * Aborted once the process is told to stop, before the drain: `/ready` answers 503 from
   * then on, and requests that would otherwise wait (long polls) answer at once, so the
   * drain does not wait out their timeout.
   */
  get stopSignal(): AbortSignal {
    return this.stopping.signal;
  }

  /**
   * SIGTERM: turns not-ready at once but keeps serving for `delayMs`, the time load
   * balancers need to stop sending here; then drains (`drain`).
   */
  async stop(server: Server, options: StopOptions) {
    if (!this.stopping.signal.aborted) this.stopping.abort();
    if (options.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
    await this.drain(server, options);
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
    if (!this.inFlight.add(res)) return; // admitted on the short way, then passed to the long way
    res.on('finish', this.settled);
    res.on('close', this.settled);
  }

  /**
   * One listener for every answer, called with the answer as `this`: admitting a request
   * creates no closure, as it is on the path of every request.
   */
  private readonly settled = ((lifecycle: Lifecycle) =>
    function (this: ServerResponse) {
      if (!lifecycle.inFlight.delete(this)) return;
      if (lifecycle.inFlight.size === 0) lifecycle.idle?.();
    })(this);

  /**
   * Stops taking connections and waits for the requests in flight (at most `graceMs`),
   * closing keep-alive connections as they fall idle. At the deadline `atGraceEnd` cancels
   * what cannot finish, answers under way get `ANSWER_FINISH_MS` more, then what is left is
   * closed.
   */
  async drain(server: Server, { graceMs, logger, atGraceEnd }: Omit<StopOptions, 'delayMs'>) {
    if (this.draining) return;
    if (!this.stopping.signal.aborted) this.stopping.abort();
    this.drainingSince = Date.now();
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    // Answers still to come end their connection, so no client sends another request down it.
    // An answer already under way promised to keep its connection: that connection is ended
    // as soon as the answer is sent. Left open until the next sweep, it would carry the
    // caller's next request to the 503 above; ended, the caller sees the connection close
    // before anything was done, and the gateway retries a read elsewhere or once restarted.
    for (const res of this.inFlight) {
      if (!res.headersSent) res.shouldKeepAlive = false;
      else {
        const socket = res.socket;
        res.once('finish', () => socket?.end());
      }
    }
    const sweep = setInterval(() => server.closeIdleConnections(), 100);
    server.closeIdleConnections();
    const idle = this.inFlight.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (this.idle = resolve));
    const idleWithin = (ms: number) =>
      Promise.race([idle.then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), ms).unref())]);
    if (!(await idleWithin(graceMs))) {
      logger?.warn({ inFlight: this.inFlight.size, graceMs }, 'requests still running at the end of the grace period');
      await atGraceEnd?.().catch((error: unknown) => logger?.error({ err: error }, 'could not cancel the work still running'));
      if (!(await idleWithin(ANSWER_FINISH_MS))) logger?.warn({ inFlight: this.inFlight.size }, 'answers cut after the grace period');
    }
    clearInterval(sweep);
    server.closeAllConnections();
    await closed;
  }
}

export interface OperationsOptions {
  name: string;
  /** The part's version (the release record's), reported by `/health`. */
  version?: () => Promise<string>;
  lifecycle: Lifecycle;
  metrics: ServiceMetrics;
  /** Named checks for `/ready`: what this instance needs to answer its own requests. Each throws when it cannot be reached. */
  readiness: Record<string, () => Promise<void>>;
  /**
   * Dependencies it can be without for a while, reported by `/health` (and metrics) but not
   * making it unready: NATS, while the outbox keeps the events to publish later.
   */
  degradable?: Record<string, () => Promise<void>>;
  logger: Logger;
}

const READY_CHECK_TIMEOUT_MS = 2000;

/**
 * `/health`: liveness, the process answers (restart it when this fails).
 * `/ready`: readiness, its dependencies answer and it is not draining (send it traffic).
 * Mounted before request logging: probes would drown the logs.
 */
export function operationsRoutes(options: OperationsOptions): Router {
  const router = Router();
  const runChecks = (checks: Record<string, () => Promise<void>>) =>
    Promise.all(
      Object.entries(checks).map(async ([check, run]) => {
        try {
          await Promise.race([
            run(),
            new Promise((_, reject) => setTimeout(() => reject(new Error('no answer in time')), READY_CHECK_TIMEOUT_MS).unref()),
          ]);
          return [check, 'ok'] as const;
        } catch (error) {
          // Probes ask every few seconds: the answer names the check, the log keeps the detail quietly.
          options.logger.debug({ err: error, check }, 'dependency check failed');
          return [check, 'unavailable'] as const;
        }
      }),
    );
  const degradable = options.degradable ?? {};
  const dependencyUp = new Gauge({
    name: 'innerecho_dependency_up',
    help: 'Whether a dependency the instance can be without for a while (NATS) answered at the last scrape',
    labelNames: ['dependency'],
    registers: [options.metrics.registry],
    async collect() {
      for (const [check, status] of await runChecks(degradable)) this.set({ dependency: check }, status === 'ok' ? 1 : 0);
    },
  });
  void dependencyUp;
  // Alive while the process answers: a dependency being away is reported, never a reason to restart it.
  router.get('/health', async (_req, res) => {
    const [details, version] = await Promise.all([runChecks(degradable).then(Object.fromEntries), options.version?.()]);
    res.json({
      status: 'ok',
      service: options.name,
      ...(version ? { version } : {}),
      ...(Object.keys(details).length ? { details } : {}),
    });
  });
  router.get('/ready', async (_req, res) => {
    if (options.lifecycle.stopSignal.aborted) {
      res.status(503).json({ status: 'draining', service: options.name });
      return;
    }
    const results = await runChecks(options.readiness);
    const ready = results.every(([, status]) => status === 'ok');
    res
      .status(ready ? 200 : 503)
      .json({ status: ready ? 'ready' : 'unavailable', service: options.name, checks: Object.fromEntries(results) });
  });
  return router;
}
