import type { ClientRateLimitInfo, Options, Store } from 'express-rate-limit';
import pg from 'pg';
import type { Logger } from '@innerecho/kit';

/** PostgreSQL connections each gateway instance keeps for counting sign-in attempts (the database's connection budget counts them). */
export const SIGN_IN_COUNTER_POOL_SIZE = 4;

/**
 * Sign-in attempt counters in PostgreSQL, so every gateway instance counts against one
 * budget per client address: with counters in each instance's memory, N instances would
 * let an attacker try N times as many passwords. One row per key, reset when its window
 * has passed; the increment is one statement, so concurrent attempts never lose a count.
 *
 * Only the sign-in limit lives here. The general `/api` limit is a flood guard counted in
 * each instance's memory: it costs no database round trip per request, and with N
 * instances behind a balancer the effective budget is about N times `API_RATE_LIMIT`.
 */
export class PostgresRateLimitStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private windowMs = 60_000;
  private readonly ready: Promise<void>;
  private lastSweep = 0;

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
    prefix = 'sign-in',
  ) {
    this.prefix = `${prefix}:`;
    this.ready = this.createTable();
  }

  static connect(databaseUrl: string, logger: Logger, prefix?: string) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: SIGN_IN_COUNTER_POOL_SIZE, idleTimeoutMillis: 30_000 });
    pool.on('error', (error) => logger.error({ err: error }, 'idle rate-limit database client failed'));
    return new PostgresRateLimitStore(pool, logger, prefix);
  }

  init(options: Options) {
    this.windowMs = options.windowMs;
  }

  private async createTable() {
    const client = await this.pool.connect();
    try {
      // Gateways starting together would race on CREATE ... IF NOT EXISTS: take turns.
      await client.query('begin');
      await client.query(`select pg_advisory_xact_lock(hashtext('innerecho'), hashtext('gateway-rate-limits'))`);
      await client.query('create schema if not exists gateway');
      await client.query(
        'create table if not exists gateway.rate_limits (key text primary key, hits integer not null, reset_at timestamptz not null)',
      );
      await client.query('commit');
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async get(key: string): Promise<ClientRateLimitInfo | undefined> {
    await this.ready;
    const { rows } = await this.pool.query('select hits, reset_at from gateway.rate_limits where key = $1 and reset_at > now()', [
      this.prefix + key,
    ]);
    return rows[0] ? { totalHits: rows[0].hits, resetTime: rows[0].reset_at } : undefined;
  }

  async increment(key: string): Promise<ClientRateLimitInfo> {
    await this.ready;
    const { rows } = await this.pool.query(
      `insert into gateway.rate_limits as r (key, hits, reset_at)
       values ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
       on conflict (key) do update set
         hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
         reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
       returning hits, reset_at`,
      [this.prefix + key, this.windowMs],
    );
    void this.sweep();
    return { totalHits: rows[0].hits, resetTime: rows[0].reset_at };
  }

  async decrement(key: string) {
    await this.ready;
    await this.pool.query('update gateway.rate_limits set hits = greatest(hits - 1, 0) where key = $1', [this.prefix + key]);
  }

  async resetKey(key: string) {
    await this.ready;
    await this.pool.query('delete from gateway.rate_limits where key = $1', [this.prefix + key]);
  }

  /** Expired rows go once a minute at most. */
  private async sweep() {
    if (Date.now() - this.lastSweep < 60_000) return;
    this.lastSweep = Date.now();
    await this.pool
      .query('delete from gateway.rate_limits where reset_at <= now()')
      .catch((error) => this.logger.warn({ err: error }, 'could not remove expired rate-limit rows'));
  }

  close() {
    return this.pool.end();
  }
}
