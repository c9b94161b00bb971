import { and, asc, eq, isNull, lt, lte, sql } from 'drizzle-orm';
import type { EventEnvelope } from '@innerecho/contracts';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import type { OutboxTable } from './tables';
import { redeliveryDelayMs, type EventTransport } from './transport';

export interface OutboxRelayOptions {
  db: Db;
  outbox: OutboxTable;
  transport: EventTransport;
  logger: Logger;
  pollIntervalMs?: number;
  batchSize?: number;
  /** Published rows are kept this long for inspection, then removed. */
  retainPublishedMs?: number;
}

/**
 * Publishes committed outbox rows. It polls (so nothing is stranded after a crash) and can
 * be nudged after a commit (so events move at once). A row is marked published only after
 * the transport accepted it; a failed row is retried with backoff and does not hold up
 * the rows behind it.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private started = false;
  private stopped = false;
  private lastCleanup = 0;

  constructor(private readonly options: OutboxRelayOptions) {}

  start() {
    this.started = true;
    this.schedule(0);
  }

  nudge() {
    if (!this.started || this.stopped) return;
    if (this.running) this.again = true;
    else this.schedule(0);
  }

  private schedule(delay: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.tick(), delay);
  }

  private async tick() {
    this.timer = null;
    if (this.stopped || this.running) return;
    this.running = this.drain().then(
      () => undefined,
      (error) => this.options.logger.error({ err: error }, 'outbox relay pass failed'),
    );
    await this.running;
    this.running = null;
    if (this.stopped) return;
    if (this.again) {
      this.again = false;
      this.schedule(0);
    } else {
      this.schedule(this.options.pollIntervalMs ?? 250);
    }
  }

  /** One pass: publish every due row. Returns how many were published. */
  async drain(): Promise<number> {
    const { db, outbox, transport, logger } = this.options;
    let published = 0;
    for (;;) {
      const rows = await db
        .select()
        .from(outbox)
        .where(and(isNull(outbox.publishedAt), lte(outbox.nextAttemptAt, sql`now()`)))
        .orderBy(asc(outbox.createdAt))
        .limit(this.options.batchSize ?? 100);
      if (rows.length === 0) break;
      for (const row of rows) {
        if (this.stopped) return published;
        try {
          await transport.publish(row.envelope as EventEnvelope);
          await db
            .update(outbox)
            .set({ publishedAt: sql`now()`, lastError: null })
            .where(eq(outbox.id, row.id));
          published++;
        } catch (error) {
          const attempts = row.attempts + 1;
          await db
            .update(outbox)
            .set({
              attempts,
              lastError: String(error).slice(0, 1000),
              nextAttemptAt: new Date(Date.now() + redeliveryDelayMs(attempts)),
            })
            .where(eq(outbox.id, row.id));
          logger.warn({ err: error, eventId: row.id, subject: row.subject, attempts }, 'event publish failed, will retry');
        }
      }
      if (rows.length < (this.options.batchSize ?? 100)) break;
    }
    await this.cleanup();
    return published;
  }

  private async cleanup() {
    const retain = this.options.retainPublishedMs ?? 7 * 24 * 3600_000;
    if (Date.now() - this.lastCleanup < 3600_000) return;
    this.lastCleanup = Date.now();
    const { db, outbox } = this.options;
    await db.delete(outbox).where(lt(outbox.publishedAt, new Date(Date.now() - retain)));
  }

  async stop() {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    await this.running;
  }
}
