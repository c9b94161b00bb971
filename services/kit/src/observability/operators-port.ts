import { timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answerMalformedRequests } from '../http/client-errors';
import type { Logger } from '../logger';
import type { ServiceMetrics } from './metrics';

/**
 * The operators' port: where a process's Prometheus figures are read (`/metrics`), apart
 * from the port browsers and other services reach, so nothing the gateway forwards or a
 * load balancer exposes can read them. It listens on loopback unless told otherwise
 * (`METRICS_HOST=0.0.0.0` where a scraper runs beside it, as in containers), and with a
 * token set (`METRICS_TOKEN`) it answers only a scraper that sends it as a bearer token.
 */
export interface OperatorsPortOptions {
  host: string;
  port: number;
  token?: string;
  /** Every registry this port shows: one service's, or every part of a single process. */
  figures: ServiceMetrics[];
  /** Sent with every answer (the security headers of the process's other answers). */
  headers?: [string, string][];
  logger: Logger;
}

export interface OperatorsPort {
  /** `${url}/metrics` is where the figures are. */
  url: string;
  close(): void;
}

export function operatorsListener(options: Pick<OperatorsPortOptions, 'token' | 'figures' | 'headers'>): RequestListener {
  const expected = options.token ? `Bearer ${options.token}` : null;
  return (req: IncomingMessage, res: ServerResponse) => {
    for (const [name, value] of options.headers ?? []) res.setHeader(name, value);
    const answer = (status: number, error: string, code: string) => {
      res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify({ error, code }));
    };
    const path = (req.url ?? '').split('?')[0];
    if (path !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) return answer(404, 'Not found', 'NOT_FOUND');
    if (expected && !sameSecret(req.headers.authorization ?? '', expected)) {
      return answer(401, 'Metrics need the scrape token', 'UNAUTHENTICATED');
    }
    mergedFigures(options.figures).then(
      (text) => res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' }).end(text),
      () => answer(500, 'The figures could not be read', 'INTERNAL'),
    );
  };
}

export async function startOperatorsPort(options: OperatorsPortOptions): Promise<OperatorsPort> {
  const server: Server = createServer(operatorsListener(options));
  answerMalformedRequests(server, options.headers);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject); // EADDRINUSE names the port in the error
    server.listen(options.port, options.host, () => (server.off('error', reject), resolve()));
  });
  const { port } = server.address() as AddressInfo;
  const shownHost = options.host === '0.0.0.0' || options.host === '::' ? '127.0.0.1' : options.host;
  const url = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`;
  options.logger.info({ metricsUrl: url, host: options.host, token: Boolean(options.token) }, "operators' port listening");
  return {
    url,
    close() {
      server.close();
      server.closeAllConnections();
    },
  };
}

/**
 * Several registries as one Prometheus text page: each metric family once (its HELP and TYPE
 * lines, then every part's series, which differ by their `service` label), as the format asks.
 */
export async function mergedFigures(figures: ServiceMetrics[]): Promise<string> {
  const families = new Map<string, { head: string[]; series: string[] }>();
  for (const text of await Promise.all(figures.map((f) => f.registry.metrics()))) {
    let current: { head: string[]; series: string[] } | undefined;
    for (const line of text.split('\n')) {
      if (!line) continue;
      const meta = /^# (HELP|TYPE) (\S+)/.exec(line);
      if (meta) {
        const name = meta[2];
        current = families.get(name);
        if (!current) families.set(name, (current = { head: [], series: [] }));
        if (current.head.length < 2 && !current.head.some((h) => h.startsWith(`# ${meta[1]} `))) current.head.push(line);
        continue;
      }
      current?.series.push(line);
    }
  }
  return [...families.values()].map((f) => [...f.head, ...f.series].join('\n')).join('\n') + '\n';
}

function sameSecret(given: string, expected: string) {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
