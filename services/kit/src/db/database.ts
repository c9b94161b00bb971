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
    await migratePg(db as any, migrationConfig);
    return {
      db,
      kind: 'postgres',
      ping: async () => void (await db.execute(sql`select 1`)),
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
    close: () => client.close(),
  };
}
