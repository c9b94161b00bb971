import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { namedStatementClient, trackLockUsers } from '@innerecho/kit';
import { Pool } from 'pg';
import { floorService, httpForwarder, listen, undiciForwarder } from './floor-hops';

/**
 * The one-query floor of a personal read's path, for `npm run bench:reads`: the same hops as
 * the product with nothing else on them, in a process of its own. The service runs one
 * trivial prepared query (on the PostgreSQL server named by DATABASE_URL, else on PGlite in
 * this process) and answers the bytes in the file named by FLOOR_BODY_FILE; the gateway
 * forwards with node:http's Agent, or with an undici Pool when FLOOR_CLIENT=undici. What is
 * left is the cost of the architecture itself (two HTTP exchanges and one database round
 * trip, in one process as the embedded form runs them), whatever the read asks of its data.
 */
async function main() {
  const body = readFileSync(process.env.FLOOR_BODY_FILE!);
  const servicePort = await listen(floorService(body, await databaseQuery()));
  const gateway = process.env.FLOOR_CLIENT === 'undici' ? undiciForwarder(servicePort) : httpForwarder(servicePort);
  const gatewayPort = await listen(gateway);
  process.stdout.write(`http://127.0.0.1:${gatewayPort}\n`);
  process.on('SIGTERM', () => process.exit(0));
}

/** One prepared single-row read, sent as the product's personal reads send theirs (a named statement). */
async function databaseQuery(): Promise<() => Promise<unknown>> {
  const statement = { name: 'floor_read', text: 'select $1::int as n, now() as at', values: [1] };
  if (process.env.DATABASE_URL) {
    const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    return () => pool.query(statement);
  }
  const pglite = await PGlite.create();
  trackLockUsers(pglite); // as the product's instances: a read runs at once while the database is idle
  const client = namedStatementClient(pglite, statement.name);
  return () => client.query(statement.text, statement.values);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
