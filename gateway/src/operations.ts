import { Router, type Request, type RequestHandler } from 'express';
import { Lifecycle, ServiceMetrics, traceRequests } from '@innerecho/kit';
import { findRoute } from './route-table';

/**
 * What the gateway offers operators: its own readiness, Prometheus figures and a trace
 * per request, and the drain on SIGTERM that the services have too.
 */
export interface GatewayOperations {
  lifecycle: Lifecycle;
  metrics: ServiceMetrics;
  /** Mounted first: drain guard, request figures, the request's trace. */
  before: RequestHandler[];
  /** `/ready`, on the public port. */
  routes: Router;
}

/**
 * The route label of a request: the route table's prefix for `/api` (never the raw path,
 * whose ids would make a series per user), the remote for its files, else `app`.
 */
export function gatewayRoute(req: Request): string {
  // originalUrl: mounted middleware (the remotes' static files) shortens req.path while it runs.
  const path = req.originalUrl.split('?')[0];
  if (path === '/api' || path.startsWith('/api/')) return findRoute(req.method, path)?.path ?? 'unrouted';
  const remote = /^\/remotes\/([a-z]+)\//.exec(path);
  if (remote) return `/remotes/${remote[1]}`;
  return 'app';
}

export function gatewayOperations(options: { processMetrics?: boolean } = {}): GatewayOperations {
  const lifecycle = new Lifecycle();
  const metrics = new ServiceMetrics('gateway', { processMetrics: options.processMetrics });
  const routes = Router();
  routes.get('/ready', (_req, res) => {
    if (lifecycle.stopSignal.aborted) res.status(503).json({ status: 'draining', service: 'gateway' });
    else res.json({ status: 'ready', service: 'gateway' });
  });
  // The figures are for operators: the public port has none (not even the app's page).
  routes.all('/metrics', (_req, res) => {
    res.status(404).json({ error: 'Not found', code: 'NOT_FOUND' });
  });
  return {
    lifecycle,
    metrics,
    before: [
      lifecycle.guard(),
      metrics.middleware(gatewayRoute),
      traceRequests({ service: 'gateway', continueIncoming: false, routeOf: gatewayRoute }),
    ],
    routes,
  };
}
