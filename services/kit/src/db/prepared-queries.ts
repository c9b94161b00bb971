import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './database';
import { describedOnceClient } from './described-once-queries';
import { namedStatementClient } from './pglite-named-statements';

/**
 * A query built once per database and prepared under `name` (placeholders for its values),
 * for the reads a listener's pages make on every visit: building a drizzle query costs more
 * CPU than PostgreSQL spends answering it, and a named statement is parsed and planned once
 * per connection (on PGlite, once: `namedStatementClient`), its answer described once per
 * connection on PostgreSQL (`describedOnceClient`). `name` must be unique within the
 * service. Only for reads (`select`), and not for use inside a transaction.
 */
export function preparedQuery<Query>(build: (db: Db, name: string) => Query, name: string): (db: Db) => Query {
  const prepared = new WeakMap<Db, Query>();
  return (db) => {
    // A prepared query runs on the pool, never inside the caller's transaction.
    if ('rollback' in db) throw new Error(`${name}: a prepared query is given the database, not a transaction`);
    let query = prepared.get(db);
    if (!query) {
      query = build(db, name);
      // drizzle's PGlite prepared query sends its statement through `client.query` with the full text each time.
      const client = (db as { $client?: unknown }).$client;
      if (query && typeof query === 'object' && 'client' in query) {
        if (client instanceof PGlite) (query as { client: unknown }).client = namedStatementClient(client, name);
        // On PostgreSQL its answer is described once per connection, not with every execution.
        else if (client instanceof pg.Pool) (query as { client: unknown }).client = describedOnceClient(client);
      }
      prepared.set(db, query);
    }
    return query;
  };
}
