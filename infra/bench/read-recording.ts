import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * What the floor of one personal read's path runs (`own-statements-floor.ts`), recorded from
 * the product serving that read, for `npm run bench:reads`: the read is requested several times
 * in a row while every exchange with a database is recorded (each PGlite protocol exchange with
 * its instance, each PostgreSQL query with its pool), and the sequence most requests made is
 * kept (a background task, such as an outbox relay's poll, that ran during one request does
 * not make it). With it: the product's answer, and each database as the floor's process can
 * open it (a PGlite instance's files and the statements it had prepared; a pool's connection).
 */
export interface ReadPlan {
  body: string; // base64
  steps: PlanStep[];
  pglites: { file: string; prepared: { name: string; text: string }[] }[];
}

export type PlanStep =
  | { kind: 'pglite'; instance: number; messages: string[] } // base64 protocol exchanges, run in one turn
  | { kind: 'postgres'; connection: pg.PoolConfig; query: { name?: string; text: string; values?: unknown[]; rowMode?: string } };

type Exchange =
  | { kind: 'pglite'; db: PGlite; message: Uint8Array }
  | { kind: 'postgres'; pool: pg.Pool; query: Extract<PlanStep, { kind: 'postgres' }>['query'] };

/** How many times the read is requested while recording; the most frequent sequence must be at least half of them. */
const RECORDED_REQUESTS = 12;

// Every way PGlite runs an exchange (its query(), execProtocol, the raw stream an idle read takes) ends here.
const originalRawSync = PGlite.prototype.execProtocolRawSync;
const originalPoolQuery = pg.Pool.prototype.query;

/** Records every database exchange made while `during` runs (the process's own PGlite instances and pg pools). */
async function recorded(during: () => Promise<void>): Promise<Exchange[]> {
  const exchanges: Exchange[] = [];
  PGlite.prototype.execProtocolRawSync = function (this: PGlite, message: Uint8Array) {
    exchanges.push({ kind: 'pglite', db: this, message: message.slice() });
    return originalRawSync.call(this, message);
  };
  pg.Pool.prototype.query = function (this: pg.Pool, config: unknown, values?: unknown, ...rest: unknown[]) {
    exchanges.push({ kind: 'postgres', pool: this, query: queryOf(config, values) });
    return (originalPoolQuery as (...args: unknown[]) => unknown).call(this, config, values, ...rest);
  } as typeof pg.Pool.prototype.query;
  try {
    await during();
  } finally {
    PGlite.prototype.execProtocolRawSync = originalRawSync;
    pg.Pool.prototype.query = originalPoolQuery;
  }
  return exchanges;
}

/** A query's text, name, values and row mode, from any form pg's `query` takes (a pg Query keeps its row mode as `_rowMode`). */
function queryOf(config: unknown, values: unknown): Extract<PlanStep, { kind: 'postgres' }>['query'] {
  const given = Array.isArray(values) ? [...(values as unknown[])] : undefined;
  if (typeof config === 'string') return { text: config, values: given };
  const c = config as { name?: string; text: string; values?: unknown[]; rowMode?: string; _rowMode?: string };
  return { name: c.name, text: c.text, values: c.values ? [...c.values] : given, rowMode: c.rowMode ?? c._rowMode };
}

/** A key that is equal for the same exchange with the same database. */
function keyOf(exchange: Exchange, handles: Map<unknown, number>): string {
  const handle = exchange.kind === 'pglite' ? exchange.db : exchange.pool;
  if (!handles.has(handle)) handles.set(handle, handles.size);
  const on = handles.get(handle);
  return exchange.kind === 'pglite'
    ? `pglite ${on} ${Buffer.from(exchange.message).toString('hex')}`
    : `postgres ${on} ${JSON.stringify(exchange.query)}`;
}

/** The statement a Bind message names ('' for the unnamed one), or null for any other message. */
function boundStatement(message: Uint8Array): string | null {
  if (message[0] !== 0x42) return null;
  const bytes = Buffer.from(message.buffer, message.byteOffset, message.length);
  const portalEnd = bytes.indexOf(0, 5);
  return bytes.toString('utf8', portalEnd + 1, bytes.indexOf(0, portalEnd + 1));
}

/** Records `path`'s database work on the product at `productUrl` and writes its plan to a file; resolves with its name and statement count. */
export async function recordReadPlan(productUrl: string, path: string, headers: Record<string, string>) {
  const request = async () => {
    const answer = await fetch(`${productUrl}${path}`, { headers: { ...headers, 'accept-encoding': 'identity' } });
    if (!answer.ok) throw new Error(`${path} answered ${answer.status}`);
    return Buffer.from(await answer.arrayBuffer());
  };
  // Not recorded: the first requests of a read prepare its statements and fill its caches.
  let body = await request();
  for (let i = 0; i < 4; i++) body = await request();

  const handles = new Map<unknown, number>();
  const sequences = new Map<string, { count: number; sequence: Exchange[] }>();
  for (let i = 0; i < RECORDED_REQUESTS; i++) {
    const sequence = await recorded(async () => void (await request()));
    const key = sequence.map((exchange) => keyOf(exchange, handles)).join('\n');
    const seen = sequences.get(key) ?? { count: 0, sequence };
    seen.count++;
    sequences.set(key, seen);
  }
  const [{ count, sequence }] = [...sequences.values()].sort((a, b) => b.count - a.count);
  if (count < RECORDED_REQUESTS / 2) throw new Error(`${path}: no sequence of database exchanges in most requests`);

  const dir = mkdtempSync(join(tmpdir(), 'innerecho-read-floor-'));
  const instances: PGlite[] = [];
  const steps: PlanStep[] = [];
  for (const exchange of sequence) {
    if (exchange.kind === 'postgres') {
      // The pool's own connection settings (its database and options), without its functions.
      const { connectionString, host, port, user, database, password, options } = exchange.pool.options as pg.PoolConfig;
      const connection = {
        connectionString,
        host,
        port,
        user,
        database,
        password: typeof password === 'string' ? password : undefined,
        options,
      };
      steps.push({ kind: 'postgres', connection, query: exchange.query });
      continue;
    }
    if (!instances.includes(exchange.db)) instances.push(exchange.db);
    const instance = instances.indexOf(exchange.db);
    const last = steps.at(-1);
    // Consecutive exchanges with one instance are one query's messages (PGlite's query() sends several).
    const message = Buffer.from(exchange.message).toString('base64');
    if (last?.kind === 'pglite' && last.instance === instance) last.messages.push(message);
    else steps.push({ kind: 'pglite', instance, messages: [message] });
  }
  const pglites = await Promise.all(
    instances.map(async (db, i) => {
      const names = new Set(
        sequence.flatMap((exchange) => (exchange.kind === 'pglite' && exchange.db === db ? [boundStatement(exchange.message)] : [])),
      );
      names.delete(null);
      names.delete('');
      const { rows } = await db.query<{ name: string; text: string }>(
        'select name, statement as text from pg_prepared_statements where name = any($1)',
        [[...names]],
      );
      const file = join(dir, `pglite-${i}.tar`);
      writeFileSync(file, Buffer.from(await (await db.dumpDataDir('none')).arrayBuffer()));
      return { file, prepared: rows };
    }),
  );
  const plan: ReadPlan = { body: body.toString('base64'), steps, pglites };
  const file = join(dir, 'plan.json');
  writeFileSync(file, JSON.stringify(plan));
  return { file, statements: steps.length };
}
