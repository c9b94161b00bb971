import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
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
}

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
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, idleTimeoutMillis: 30_000 });
    pool.on('error', (error) => options.logger.error({ err: error }, 'idle database client failed'));
    const db = drizzlePg(pool) as unknown as Db;
    const exclusive = postgresAdvisoryLock(pool, options.schemaName);
    // drizzle's migrator creates the shared `drizzle` schema with IF NOT EXISTS, which two
    // services racing on a fresh database can still collide on: one lock for all of them.
    await postgresAdvisoryLock(pool, 'innerecho')('migrations', () => migratePg(db as any, migrationConfig));
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
      exclusive,
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
  const db = drizzlePglite(client) as unknown as Db;
  await migratePglite(db as any, migrationConfig);
  return {
    db,
    kind: 'pglite',
    ping: async () => void (await client.query('select 1')),
    exclusive: inMemoryLock(),
    close: () => client.close(),
  };
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

function inMemoryLock(): Exclusive {
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
