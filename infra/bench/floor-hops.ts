import { Agent, createServer, request, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { once } from 'node:events';
import { Pool as HttpPool } from 'undici';

/**
 * The two HTTP exchanges every floor of `npm run bench:reads` is made of: a node:http
 * "service" that does its database work and answers fixed bytes, behind a node:http
 * "gateway" that forwards each request to it over keep-alive connections. Nothing else on
 * them (no session check, rate limit, metrics, headers or routing).
 */

/** The service: runs `databaseWork` for every request, then answers `body` as JSON. */
export function floorService(body: Buffer, databaseWork: () => Promise<unknown>): Server {
  return createServer((req, res) => {
    databaseWork().then(
      () => {
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
        res.end(body);
      },
      (error: Error) => {
        res.statusCode = 500;
        res.end(error.message);
      },
    );
  });
}

/** The gateway, forwarding with node:http's keep-alive Agent. */
export function httpForwarder(servicePort: number): Server {
  const agent = new Agent({ keepAlive: true });
  return createServer((req, res) => {
    const upstream = request({ hostname: '127.0.0.1', port: servicePort, agent, method: 'GET', path: req.url, headers: req.headers });
    upstream.on('response', (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', () => res.destroy());
    upstream.end();
  });
}

/** The gateway, forwarding with an undici Pool (as the product's gateway forwards personal reads). */
export function undiciForwarder(servicePort: number): Server & { closePool(): Promise<void> } {
  const pool = new HttpPool(`http://127.0.0.1:${servicePort}`, { connections: 64 });
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const { connection: _connection, 'keep-alive': _keepAlive, ...headers } = req.headers;
    pool.request({ method: 'GET', path: req.url ?? '/', headers }).then(
      (answer) => {
        res.writeHead(answer.statusCode, answer.headers);
        answer.body.pipe(res);
      },
      () => res.destroy(),
    );
  });
  return Object.assign(server, { closePool: () => pool.close() });
}

/** Listens on a free port of 127.0.0.1 (keep-alive as long as a load generator's) and resolves with it. */
export async function listen(server: Server): Promise<number> {
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as { port: number }).port;
}
