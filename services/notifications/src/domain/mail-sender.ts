import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { ServiceContext } from '@innerecho/kit';
import type { NotificationsConfig } from '../config';
import { mails } from '../data-access/schema';
import { isPermanentFailure, type MailTransport } from './mail-transport';

/** How many pending mails one pass sends at most (the next pass takes the rest). */
const BATCH = 20;

/** The wait before attempt `attempts + 1`: doubling from the base, capped. */
export function retryDelaySeconds(config: NotificationsConfig, attempts: number): number {
  return Math.min(config.MAIL_RETRY_MAX_SECONDS, config.MAIL_RETRY_BASE_SECONDS * 2 ** Math.min(attempts - 1, 30));
}

/**
 * Sends what is pending in the mails table. A mail the server refuses for good (5xx) is
 * marked failed; any other failure (server away, timeout, 4xx) waits its back-off and is
 * tried again, so a mail written before a restart or an outage is still sent. One instance
 * sends at a time (several may share the database).
 */
export class MailSender {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | null = null;
  private again = false;
  private readonly sent;

  constructor(
    private readonly context: ServiceContext<NotificationsConfig>,
    private readonly transport: MailTransport,
  ) {
    this.sent = context.metrics.counter('mails_sent_total', 'Mails handed to the mail server (or kept as .eml), by kind', ['kind']);
  }

  start(): void {
    this.timer = setInterval(() => this.wake(), this.context.config.MAIL_POLL_SECONDS * 1000);
    this.timer.unref();
    this.wake();
  }

  /** Sends now what is due (called after a mail is written). */
  wake(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.context
      .exclusive('mail-sender', () => this.sendDue(), { skipIfHeld: true })
      .then(() => undefined)
      .catch((error) => this.context.logger.error({ err: error }, 'sending mails failed'))
      .finally(() => {
        this.running = null;
        if (this.again && !this.context.stopSignal.aborted) {
          this.again = false;
          this.wake();
        }
      });
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
    this.transport.close();
  }

  private async sendDue(): Promise<void> {
    const { db } = this.context;
    for (;;) {
      const due = await db
        .select()
        .from(mails)
        .where(and(eq(mails.status, 'pending'), lte(mails.nextAttemptAt, sql`now()`)))
        .orderBy(asc(mails.nextAttemptAt))
        .limit(BATCH);
      for (const mail of due) {
        if (this.context.stopSignal.aborted) return;
        await this.sendOne(mail);
      }
      if (due.length < BATCH) return;
    }
  }

  private async sendOne(mail: typeof mails.$inferSelect): Promise<void> {
    const { db, logger, config } = this.context;
    try {
      await this.transport.send({ ...mail, to: mail.recipient });
      await db
        .update(mails)
        .set({ status: 'sent', sentAt: new Date(), attempts: mail.attempts + 1, lastError: null })
        .where(eq(mails.id, mail.id));
      this.sent.inc({ kind: mail.kind });
    } catch (error) {
      const attempts = mail.attempts + 1;
      const permanent = isPermanentFailure(error);
      const delay = retryDelaySeconds(config, attempts);
      logger.warn(
        { err: error, mailId: mail.id, kind: mail.kind, attempts, permanent },
        permanent ? 'mail refused' : `mail not sent; trying again in ${delay}s`,
      );
      await db
        .update(mails)
        .set({
          status: permanent ? 'failed' : 'pending',
          attempts,
          lastError: String((error as Error).message ?? error).slice(0, 500),
          nextAttemptAt: new Date(Date.now() + delay * 1000),
        })
        .where(eq(mails.id, mail.id));
    }
  }
}
