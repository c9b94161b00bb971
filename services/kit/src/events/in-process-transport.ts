import type { EventEnvelope } from '@innerecho/contracts';
import type { Logger } from '../logger';
import { MAX_DELIVERIES, PoisonMessageError, subjectMatches, type EventTransport, type SubscriptionSpec } from './transport';

/**
 * The single-process transport. It keeps JetStream's promise without a broker: `publish`
 * resolves only after every subscriber has handled the event, so the relay marks an outbox
 * row published only when nothing can be lost; a failing subscriber makes `publish`
 * reject and the relay redeliver later (subscribers that already succeeded skip it by
 * their inbox). After MAX_DELIVERIES failures, or at once for a poison message, the event
 * is dead-lettered for that subscriber.
 */
export class InProcessTransport implements EventTransport {
  readonly kind = 'in-process' as const;
  private readonly subscriptions: SubscriptionSpec[] = [];
  private readonly failures = new Map<string, number>();
  private readonly opened: Promise<void>;
  private open!: () => void;
  readonly deadLetters: { durableName: string; envelope: EventEnvelope; error: string }[] = [];

  constructor(private readonly logger: Logger) {
    this.opened = new Promise((resolve) => (this.open = resolve));
  }

  /**
   * Events wait until every service has subscribed, as a durable JetStream consumer would
   * have kept them; the launcher calls this once all services are up.
   */
  markReady() {
    this.open();
  }

  async subscribe(spec: SubscriptionSpec) {
    this.subscriptions.push(spec);
  }

  async publish(envelope: EventEnvelope) {
    await this.opened;
    let failed: unknown = null;
    for (const sub of this.subscriptions) {
      if (!sub.subjects.some((pattern) => subjectMatches(pattern, envelope.subject))) continue;
      const key = `${sub.durableName}:${envelope.id}`;
      if (this.failures.get(key) === -1) continue; // dead-lettered already
      try {
        await sub.handler(envelope);
        this.failures.delete(key);
      } catch (error) {
        const attempts = (this.failures.get(key) ?? 0) + 1;
        if (error instanceof PoisonMessageError || attempts >= MAX_DELIVERIES) {
          this.failures.set(key, -1);
          this.deadLetters.push({ durableName: sub.durableName, envelope, error: String(error) });
          sub.onDeadLetter?.(envelope);
          this.logger.error(
            { err: error, subject: envelope.subject, eventId: envelope.id, consumer: sub.durableName },
            'event dead-lettered',
          );
        } else {
          this.failures.set(key, attempts);
          sub.onRetry?.(envelope);
          failed = error;
        }
      }
    }
    if (failed) throw failed;
  }

  async ping() {}

  async close() {
    this.subscriptions.length = 0;
  }
}
