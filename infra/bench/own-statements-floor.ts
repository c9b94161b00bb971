import { readFileSync } from 'node:fs';
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { describedOnceClient, exchangeNow, trackLockUsers } from '@innerecho/kit';
import pg from 'pg';
import { floorService, listen, undiciForwarder } from './floor-hops';
import type { ReadPlan } from './read-recording';

/**
 * The floor of one personal read's whole path, for `npm run bench:reads`, in a process of its
 * own: the same two HTTP exchanges as the one-query floor (`hop-floor.ts`), forwarded with undici
 * as the product's gateway forwards personal reads, but the service does exactly the database
 * work the product did for that read, recorded from the product serving it
 * (`read-recording.ts`, the plan in the file named by FLOOR_PLAN_FILE), on the same data, and
 * nothing else. On PGlite the database works inside the serving process, so what a read asks of
 * it (its tables, indexes, rows) is CPU that process spends; a floor running a trivial statement
 * leaves that work out of the floor and counts it against the product. PGlite instances are
 * opened from copies of the product's own, with the same statements prepared; PostgreSQL is the
 * product's own database. Each exchange runs as the product runs its reads: on PGlite at once
 * while the database is idle (`exchangeNow`), else under its locks; on PostgreSQL a named read
 * described once per connection (`describedOnceClient`).
 */
async function main() {
  const plan = JSON.parse(readFileSync(process.env.FLOOR_PLAN_FILE!, 'utf8')) as ReadPlan;
  const pglites = await Promise.all(plan.pglites.map(openCopy));
  const pools = new Map<string, pg.Pool>();
  const poolFor = (connection: pg.PoolConfig) => {
    const key = JSON.stringify(connection);
    if (!pools.has(key)) pools.set(key, new pg.Pool({ ...connection, max: 10 }));
    return pools.get(key)!;
  };

  const steps = plan.steps.map((step) =>
    step.kind === 'postgres'
      ? { kind: 'postgres' as const, client: describedOnceClient(poolFor(step.connection)), query: step.query }
      : { kind: 'pglite' as const, db: pglites[step.instance], messages: step.messages.map((m) => Buffer.from(m, 'base64')) },
  );
  const databaseWork = async () => {
    for (const step of steps) {
      if (step.kind === 'postgres') {
        const { values, ...config } = step.query;
        await step.client.query(config, values);
        continue;
      }
      const { db, messages } = step;
      const now = messages.length === 1 ? exchangeNow(db, messages[0]) : null;
      if (now) {
        parse.parseResults(now, db.parsers);
        continue;
      }
      const answers = await db._runExclusiveTransaction(() =>
        db._runExclusiveQuery(async () => {
          const all = [];
          for (const message of messages) all.push(...(await db.execProtocol(message, { syncToFs: false })).messages);
          return all;
        }),
      );
      parse.parseResults(answers, db.parsers);
    }
  };
  await databaseWork(); // fails here, not under load, if the work cannot run

  const servicePort = await listen(floorService(Buffer.from(plan.body, 'base64'), databaseWork));
  const gatewayPort = await listen(undiciForwarder(servicePort));
  process.stdout.write(`http://127.0.0.1:${gatewayPort}\n`);
  process.on('SIGTERM', () => process.exit(0));
}

/** A PGlite instance opened from a copy of the product's, with the statements the product had prepared on it prepared alike. */
async function openCopy({ file, prepared }: ReadPlan['pglites'][number]) {
  const db = await PGlite.create({ loadDataDir: new Blob([readFileSync(file)]) });
  trackLockUsers(db); // as the product's instances: a read runs at once while the database is idle
  const { serialize } = protocol;
  for (const { name, text } of prepared) {
    await db.execProtocol(serialize.parse({ name, text }), { syncToFs: false });
    await db.execProtocol(serialize.sync(), { syncToFs: false });
  }
  return db;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
