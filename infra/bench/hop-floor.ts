import { Agent, createServer, request, type Server } from 'node:http';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Pool as HttpPool } from 'undici';
import { namedStatementClient } from '@innerecho/kit';
import { Pool } from 'pg';

/**
 * The floor of a personal read's path, for `npm run bench:reads`: the same hops as the
 * product with nothing else on them. A node:http "gateway" forwards every request over a
 * keep-alive connection to a node:http "service", which runs one prepared query (on the
 * PostgreSQL server named by DATABASE_URL, else on PGlite in this process) and answers the
 * bytes in the file named by FLOOR_BODY_FILE. No session check, rate limit, metrics, headers
 * or routing: what is left is the cost of the architecture itself (two HTTP exchanges, one
 * database round trip, in one process as the embedded form runs them), so the product's
 * figures can be read against it as well as against a bare server. FLOOR_CLIENT=undici forwards
 * with an undici Pool (as the gateway's personal reads do) instead of node:http's Agent.
 */
async function main() {
  const body = readFileSync(process.env.FLOOR_BODY_FILE!);
  const query = await databaseQuery();

  const service = createServer((req, res) => {
    query().then(
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
  const servicePort = await listen(service);

  const gateway = process.env.FLOOR_CLIENT === 'undici' ? undiciForwarder(servicePort) : httpForwarder(servicePort);
  const gatewayPort = await listen(gateway);
  process.stdout.write(`http://127.0.0.1:${gatewayPort}\n`);
  process.on('SIGTERM', () => process.exit(0));
}

function httpForwarder(servicePort: number): Server {
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

function undiciForwarder(servicePort: number): Server {
  const pool = new HttpPool(`http://127.0.0.1:${servicePort}`, { connections: 64 });
  return createServer((req, res) => {
    const { connection: _connection, 'keep-alive': _keepAlive, ...headers } = req.headers;
    pool.request({ method: 'GET', path: req.url ?? '/', headers }).then(
      (answer) => {
        res.writeHead(answer.statusCode, answer.headers);
        answer.body.pipe(res);
      },
      () => res.destroy(),
    );
  });
}

/** One prepared single-row read, sent as the product's personal reads send theirs (a named statement). */
async function databaseQuery(): Promise<() => Promise<unknown>> {
  const statement = { name: 'floor_read', text: 'select $1::int as n, now() as at', values: [1] };
  if (process.env.DATABASE_URL) {
    const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return () => pool.query(statement);
  }
  const client = namedStatementClient(await PGlite.create(), statement.name);
  return () => client.query(statement.text, statement.values);
}

async function listen(server: Server): Promise<number> {
  server.keepAliveTimeout = 65_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return (server.address() as { port: number }).port;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
