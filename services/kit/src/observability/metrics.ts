import type { ServerResponse } from 'node:http';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';

/** Request durations from 5 ms to 2 min: API calls sit at the low end, renders and clones at the high end. */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120];

type AnswerLabels = Record<'method' | 'route' | 'status', string>;

/**
 * The Prometheus figures of one service (or the gateway), in its own registry so services
 * sharing a process (`npm start`) each answer `/metrics` with their own numbers. Every
 * series carries `service`. Services add their own figures with `counter`/`histogram`.
 */
export class ServiceMetrics {
  readonly registry = new Registry();
  readonly httpRequests: Counter<'method' | 'route' | 'status'>;
  readonly httpDuration: Histogram<'method' | 'route' | 'status'>;
  readonly eventsPublished: Counter<'subject'>;
  readonly eventPublishFailures: Counter<'subject'>;
  readonly eventsHandled: Counter<'consumer' | 'subject'>;
  readonly eventsAlreadyHandled: Counter<'consumer' | 'subject'>;
  readonly eventsRetried: Counter<'consumer' | 'subject'>;
  readonly eventsDeadLettered: Counter<'consumer' | 'subject'>;

  constructor(
    readonly service: string,
    options: { processMetrics?: boolean } = {},
  ) {
    this.registry.setDefaultLabels({ service });
    // Process figures (memory, event loop lag, GC) only where one process is one service.
    if (options.processMetrics) collectDefaultMetrics({ register: this.registry });
    this.httpRequests = this.counter('http_requests_total', 'HTTP requests answered, by route pattern and status', [
      'method',
      'route',
      'status',
    ]);
    this.httpDuration = this.histogram(
      'http_request_duration_seconds',
      'Time to answer an HTTP request, by route pattern and status',
      ['method', 'route', 'status'],
      HTTP_BUCKETS,
    );
    this.eventsPublished = this.counter('events_published_total', 'Outbox rows accepted by the event transport', ['subject']);
    this.eventPublishFailures = this.counter('event_publish_failures_total', 'Outbox rows the transport refused (retried later)', [
      'subject',
    ]);
    this.eventsHandled = this.counter('events_handled_total', 'Events a consumer handled and committed', ['consumer', 'subject']);
    this.eventsAlreadyHandled = this.counter(
      'events_already_handled_total',
      'Deliveries of events a consumer had handled before, which its inbox absorbed (redeliveries)',
      ['consumer', 'subject'],
    );
    this.eventsRetried = this.counter('events_retried_total', 'Event deliveries that failed and will be retried', ['consumer', 'subject']);
    this.eventsDeadLettered = this.counter('events_dead_lettered_total', 'Events given up on and moved to the dead-letter stream', [
      'consumer',
      'subject',
    ]);
  }

  counter<L extends string>(name: string, help: string, labelNames: readonly L[] = []): Counter<L> {
    return new Counter({ name: `innerecho_${name}`, help, labelNames, registers: [this.registry] });
  }

  histogram<L extends string>(name: string, help: string, labelNames: readonly L[] = [], buckets?: number[]): Histogram<L> {
    return new Histogram({ name: `innerecho_${name}`, help, labelNames, buckets, registers: [this.registry] });
  }

  /** A gauge read at scrape time (e.g. rows waiting in a table). */
  gauge<L extends string = never>(
    name: string,
    help: string,
    collect: (gauge: Gauge<L>) => Promise<void> | void,
    labelNames: readonly L[] = [],
  ): Gauge<L> {
    return new Gauge<L>({
      name: `innerecho_${name}`,
      help,
      labelNames,
      registers: [this.registry],
      async collect() {
        await collect(this);
      },
    });
  }

  /** Counts and times every answer. `routeOf` names the route pattern, never the raw path (ids would explode the series). */
  middleware(routeOf: (req: Request) => string = expressRoute): RequestHandler {
    return (req: Request, res: Response, next: NextFunction) => {
      this.timeAnswer(req.method, res, () => routeOf(req));
      next();
    };
  }

  /**
   * Counts and times one answer the caller has just ended, from `startedMs` (performance.now()
   * when its request came in). The short ways call it where they end the answer, with no
   * listener per request; `timeAnswer` calls it on 'finish'. Each route's labels are made once.
   */
  recordAnswer(method: string, route: string, status: number, startedMs: number) {
    const labels = this.answerLabels(method, route, status);
    this.httpDuration.observe(labels, (performance.now() - startedMs) / 1000);
    this.httpRequests.inc(labels);
  }

  /**
   * The labels of the answers of one method, route and status, by method, route, then status:
   * bounded, as routes are patterns (or `unmatched`) and node:http takes only known methods.
   */
  private readonly labelsMade = new Map<string, Map<string, Map<number, AnswerLabels>>>();

  private answerLabels(method: string, route: string, status: number): AnswerLabels {
    let byRoute = this.labelsMade.get(method);
    if (!byRoute) this.labelsMade.set(method, (byRoute = new Map()));
    let byStatus = byRoute.get(route);
    if (!byStatus) byRoute.set(route, (byStatus = new Map()));
    let labels = byStatus.get(status);
    if (!labels) byStatus.set(status, (labels = { method, route, status: String(status) }));
    return labels;
  }

  /** Counts and times one answer, labelled when it is sent (`route` names the route pattern). */
  timeAnswer(method: string | undefined, res: ServerResponse, route: () => string) {
    const started = performance.now();
    res.once('finish', () => this.recordAnswer(method ?? '', route(), res.statusCode, started));
  }
}

/** The Express route pattern that answered (`/api/saved-affirmations/:sessionId`), or `unmatched`. */
export function expressRoute(req: Request): string {
  const pattern = req.route?.path;
  if (typeof pattern !== 'string') return 'unmatched';
  return `${req.baseUrl ?? ''}${pattern}` || '/';
}
