import { and, asc, eq, inArray, isNull, lt, lte, sql } from 'drizzle-orm';
import type { EventEnvelope } from '@innerecho/contracts';
import type { Db } from '../db/database';
import type { Logger } from '../logger';
import type { ServiceMetrics } from '../observability/metrics';
import { currentTraceCarrier, eventParentContext, inSpan, SpanKind } from '../observability/tracing';
import type { OutboxTable } from './tables';
import { redeliveryDelayMs, type EventTransport } from './transport';

export interface OutboxRelayOptions {
  db: Db;
  outbox: OutboxTable;
  transport: EventTransport;
  logger: Logger;
  metrics?: ServiceMetrics;
  /** The wait after a pass that had rows to publish, and the first wait once passes find none. */
  pollIntervalMs?: number;
  /**
   * The longest wait between passes that find nothing (the idle wait doubles up to it). It
   * bounds how late a row nobody nudged for is published: a retry coming due, rows another
   * instance claimed and then died holding.
   */
  idlePollMaxMs?: number;
  batchSize?: number;
  /** Published rows are kept this long for inspection, then removed. */
  retainPublishedMs?: number;
  /**
   * How long a claimed row stays with the relay that claimed it. A relay that dies holding
   * rows leaves them due again after this; it is longer than a batch can take to publish.
   */
  claimMs?: number;
}

/**
 * Publishes committed outbox rows. It is nudged after a commit (so events move at once) and
 * polls (so nothing is stranded after a crash or a failed publish). Nudges carry the traffic,
 * so the poll slows down while passes find nothing: a service at rest costs its database a
 * query every two seconds, not four a second. A row is marked published only after the
 * transport accepted it; a failed row is retried with backoff and does not hold up the rows
 * behind it.
 *
 * Several instances of a service relay the same outbox: each pass first claims its rows
 * (`FOR UPDATE SKIP LOCKED`, then pushes their next attempt past the claim time), so two
 * relays never publish the same row at once. Should a claim run out while the row is still
 * being published, the event id doubles as the NATS message id and the server drops the
 * second copy; consumers' inboxes are the last line.
 */
export class OutboxRelay {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private again = false;
  private started = false;
  private stopped = false;
  private lastCleanup = 0;
  /** Whether the last pass had rows to publish (or could not look: the broker was away). */
  private lastPassBusy = false;
  private idleWaitMs = 0;

  constructor(private readonly options: OutboxRelayOptions) {}

  start() {
    this.started = true;
    this.schedule(0);
  }

  nudge() {
    if (!this.started || this.stopped) return;
    this.idleWaitMs = 0;
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
      this.schedule(this.nextWaitMs());
    }
  }

  private nextWaitMs() {
    const base = this.options.pollIntervalMs ?? 250;
    const max = Math.max(base, this.options.idlePollMaxMs ?? 2000);
    this.idleWaitMs = this.lastPassBusy || this.idleWaitMs === 0 ? base : Math.min(max, this.idleWaitMs * 2);
    return this.idleWaitMs;
  }

  /** Takes up to `limit` due rows for this relay alone, oldest first. */
  private async claim(limit: number) {
    const { db, outbox } = this.options;
    const due = db
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(isNull(outbox.publishedAt), lte(outbox.nextAttemptAt, sql`now()`)))
      .orderBy(asc(outbox.createdAt))
      .limit(limit)
      .for('update', { skipLocked: true });
    const claimed = await db
      .update(outbox)
      .set({ nextAttemptAt: new Date(Date.now() + (this.options.claimMs ?? 60_000)) })
      .where(inArray(outbox.id, due))
      .returning();
    return claimed.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  /** One pass: publish every due row. Returns how many were published. */
  async drain(): Promise<number> {
    const { db, outbox, transport, logger, metrics } = this.options;
    // Not reached yet: the rows wait, due at once when the next pass finds the broker there
    // (passes keep their short wait meanwhile: they cost nothing, and rows may be waiting).
    this.lastPassBusy = transport.isAvailable?.() === false;
    if (this.lastPassBusy) return 0;
    const batchSize = this.options.batchSize ?? 100;
    let published = 0;
    for (;;) {
      const rows = await this.claim(batchSize);
      if (rows.length === 0) break;
      this.lastPassBusy = true;
      for (const row of rows) {
        const envelope = row.envelope as EventEnvelope;
        if (this.stopped) {
          // Give the rest back at once rather than leaving them claimed for a minute.
          await db
            .update(outbox)
            .set({ nextAttemptAt: sql`now()` })
            .where(eq(outbox.id, row.id));
          continue;
        }
        try {
          await inSpan(
            `${envelope.subject} publish`,
            {
              kind: SpanKind.PRODUCER,
              parent: eventParentContext(envelope),
              attributes: { 'messaging.destination.name': envelope.subject },
            },
            () => transport.publish({ ...envelope, traceContext: currentTraceCarrier() }),
          );
          await db
            .update(outbox)
            .set({ publishedAt: sql`now()`, lastError: null })
            .where(eq(outbox.id, row.id));
          metrics?.eventsPublished.inc({ subject: row.subject });
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
          metrics?.eventPublishFailures.inc({ subject: row.subject });
          logger.warn({ err: error, eventId: row.id, subject: row.subject, attempts }, 'event publish failed, will retry');
        }
      }
      if (this.stopped || rows.length < batchSize) break;
    }
    await this.cleanup();
    return published;
  }

  /** Rows not yet published and how long the oldest has waited: the figures that say the bus is stuck. */
  async backlog(): Promise<{ waiting: number; oldestAgeSeconds: number }> {
    const { db, outbox } = this.options;
    const [row] = await db
      .select({
        waiting: sql<number>`count(*)::int`,
        oldest: sql<number | null>`extract(epoch from now() - min(${outbox.createdAt}))::float8`,
      })
      .from(outbox)
      .where(isNull(outbox.publishedAt));
    return { waiting: Number(row?.waiting ?? 0), oldestAgeSeconds: Number(row?.oldest ?? 0) };
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
