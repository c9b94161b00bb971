import { mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { tracePgliteQueries, traceQueries } from './traced-queries';
import { trackLockUsers } from './pglite-idle-exchange';
import pg from 'pg';
import type { Logger } from '../logger';

/** Both drivers expose the same query builder; services only ever see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Record<string, never>>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  ping(): Promise<void>;
  /**
   * Runs `work` while holding a lock named `name` among every instance of this service
   * (a PostgreSQL advisory lock; in PGlite, which only one process opens, a lock in
   * memory). Instances wait their turn; with `skipIfHeld` an instance that finds the lock
   * taken skips the work instead and gets `undefined` (periodic jobs one instance runs).
   */
  exclusive<T>(name: string, work: () => Promise<T>, options?: { skipIfHeld?: boolean }): Promise<T | undefined>;
  /** Connections of the pool (PostgreSQL only): open, busy, and requests waiting for one. */
  poolUsage?(): { open: number; inUse: number; waiting: number };
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** The PostgreSQL schema the service owns, e.g. 'identity'. */
  schemaName: string;
  migrationsFolder: string;
  /** A PostgreSQL server. Without it, PGlite keeps the data under `dataDir`. */
  databaseUrl?: string;
  /** PGlite's data directory; 'memory://' or undefined keeps it in memory. */
  dataDir?: string;
  logger: Logger;
  /**
   * 'apply' (the default): apply pending migrations now. 'verify': a separate step
   * (`npm run migrate`, a Kubernetes Job) applies them; refuse to start while one this
   * code needs is missing. PGlite, which only this process opens, always applies.
   */
  migrations?: 'apply' | 'verify';
  /** Most connections this process opens to PostgreSQL (DATABASE_POOL_SIZE). */
  poolSize?: number;
}

export class MigrationsPendingError extends Error {}

/**
 * Opens the service's database and applies its migrations. Migration bookkeeping lives
 * in the shared `drizzle` schema under a table named after the service, because drizzle
 * creates its bookkeeping schema before the first migration creates the service's own.
 * Instances starting together take turns (the `migrations` lock): the first applies them,
 * the others find them applied.
 */
export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  const migrationConfig = {
    migrationsFolder: options.migrationsFolder,
    migrationsSchema: 'drizzle',
    migrationsTable: `${options.schemaName}_migrations`,
  };

  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10, idleTimeoutMillis: 30_000 });
    pool.on('error', (error) => options.logger.error({ err: error }, 'idle database client failed'));
    pool.on('connect', (client) => traceQueries(client, options.schemaName));
    const db = drizzlePg(pool) as unknown as Db;
    const exclusive = postgresAdvisoryLock(pool, options.schemaName);
    try {
      if (options.migrations === 'verify') {
        await verifyMigrationsApplied(pool, migrationConfig);
      } else {
        // drizzle's migrator creates the shared `drizzle` schema with IF NOT EXISTS, which two
        // services racing on a fresh database can still collide on: one lock for all of them.
        await postgresAdvisoryLock(pool, 'innerecho')('migrations', () => migratePg(db as any, migrationConfig));
      }
    } catch (error) {
      await pool.end();
      throw error;
    }
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      exclusive,
      poolUsage: () => ({ open: pool.totalCount, inUse: pool.totalCount - pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }

  let client: PGlite;
  if (!options.dataDir || options.dataDir === 'memory://') {
    client = await PGlite.create();
  } else {
    const dir = resolve(options.dataDir);
    mkdirSync(dir, { recursive: true });
    client = await PGlite.create(dir);
  }
  // Before anything takes its locks: a read may then run at once while nobody holds them.
  trackLockUsers(client);
  tracePgliteQueries(client as any, options.schemaName);
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(db as any, migrationConfig);
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    exclusive: inProcessLock(),
    close: () => client.close(),
  };
}

/**
 * A process that does not migrate (RUN_MIGRATIONS=false) still must not serve with a
 * schema older than its code: every migration in its folder must be recorded as applied.
 * Newer ones are fine (the next release's expand step, which this code does not use).
 */
async function verifyMigrationsApplied(
  pool: pg.Pool,
  config: { migrationsFolder: string; migrationsSchema: string; migrationsTable: string },
) {
  const journal = JSON.parse(readFileSync(join(config.migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number; tag: string }[];
  };
  const newest = journal.entries.reduce((latest, entry) => (entry.when > latest.when ? entry : latest), journal.entries[0]);
  if (!newest) return;
  const table = `"${config.migrationsSchema}"."${config.migrationsTable}"`;
  const { rows } = await pool
    .query(`select max(created_at)::bigint as applied from ${table}`)
    .catch((error: { code?: string }) => (error.code === '42P01' ? { rows: [{ applied: null }] } : Promise.reject(error)));
  const applied = rows[0]?.applied === null || rows[0]?.applied === undefined ? null : Number(rows[0].applied);
  if (applied === null || applied < newest.when) {
    throw new MigrationsPendingError(
      `migration ${newest.tag} is not applied to ${config.migrationsTable.replace(/_migrations$/, '')}: run the migration step first (npm run migrate)`,
    );
  }
}

type Exclusive = Database['exclusive'];

/** Advisory locks keyed by (namespace, name), each held on a connection of its own for the length of the work. */
function postgresAdvisoryLock(pool: pg.Pool, namespace: string): Exclusive {
  return async (name, work, lockOptions) => {
    const client = await pool.connect();
    const key = [namespace, name];
    try {
      if (lockOptions?.skipIfHeld) {
        const { rows } = await client.query('select pg_try_advisory_lock(hashtext($1), hashtext($2)) as taken', key);
        if (!rows[0].taken) return undefined;
      } else {
        await client.query('select pg_advisory_lock(hashtext($1), hashtext($2))', key);
      }
      try {
        return await work();
      } finally {
        await client.query('select pg_advisory_unlock(hashtext($1), hashtext($2))', key);
      }
    } finally {
      client.release();
    }
  };
}

/** The lock of a database only one process opens (PGlite): a queue per name in memory. */
export function inProcessLock(): Exclusive {
  const tails = new Map<string, Promise<unknown>>();
  return async (name, work, lockOptions) => {
    const previous = tails.get(name);
    if (previous && lockOptions?.skipIfHeld) return undefined;
    const run = (previous ?? Promise.resolve()).catch(() => undefined).then(work);
    const tail = run.catch(() => undefined);
    tails.set(name, tail);
    void tail.then(() => tails.get(name) === tail && tails.delete(name));
    return run;
  };
}
