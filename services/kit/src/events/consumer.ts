import type { EventContract, EventEnvelope, EventPayload } from '@innerecho/contracts';
import type { Db, Tx } from '../db/database';
import type { Logger } from '../logger';
import type { ServiceMetrics } from '../observability/metrics';
import { eventParentContext, inSpan, SpanKind } from '../observability/tracing';
import type { InboxTable } from './tables';
import { PoisonMessageError, type EventTransport } from './transport';

export interface EventContext {
  tx: Tx;
  envelope: EventEnvelope;
  logger: Logger;
}

export interface EventHandler<C extends EventContract = EventContract> {
  contract: C;
  handle(payload: EventPayload<C>, context: EventContext): Promise<void>;
}

/** Pairs a contract with its handler while keeping the payload typed. */
export function on<C extends EventContract>(contract: C, handle: EventHandler<C>['handle']): EventHandler<C> {
  return { contract, handle };
}

export interface ConsumerOptions {
  service: string;
  /** Names this consumer; together with the service it is the durable name. */
  name: string;
  db: Db;
  inbox: InboxTable;
  transport: EventTransport;
  logger: Logger;
  handlers: EventHandler<any>[];
  metrics?: ServiceMetrics;
  /** Called once a handler's transaction has committed (the events it wrote are in the outbox). */
  onCommitted?: () => void;
}

/**
 * Subscribes a consumer. Each event is parsed against its contract (a mismatch is a
 * poison message) and handled inside one transaction that also records the event id in
 * the inbox; a redelivered event finds its id there and changes nothing. The transport
 * acknowledges only after that transaction has committed.
 *
 * Every instance of a service subscribes under the same durable name, so the instances
 * share one JetStream consumer and each event goes to one of them. Should it reach two
 * (redelivered while the first was still at it), the second insert into the inbox waits
 * for the first transaction and then finds the id: the event changes things once.
 */
/** Subscribes the consumer; resolves to its durable name (`<service>.<name>`). */
export async function registerConsumer(options: ConsumerOptions): Promise<string> {
  const bySubject = new Map(options.handlers.map((h) => [h.contract.subject, h]));
  const durableName = `${options.service}.${options.name}`;

  const { metrics } = options;
  await options.transport.subscribe({
    durableName,
    subjects: [...bySubject.keys()],
    onRetry: (envelope) => metrics?.eventsRetried.inc({ consumer: durableName, subject: envelope.subject }),
    onDeadLetter: (envelope) => metrics?.eventsDeadLettered.inc({ consumer: durableName, subject: envelope.subject }),
    handler: (envelope) =>
      inSpan(
        `${envelope.subject} process`,
        {
          kind: SpanKind.CONSUMER,
          parent: eventParentContext(envelope),
          attributes: { 'messaging.consumer.group.name': durableName, 'messaging.message.id': envelope.id },
        },
        () => handle(envelope),
      ),
  });

  async function handle(envelope: EventEnvelope) {
    const handler = bySubject.get(envelope.subject);
    if (!handler) throw new PoisonMessageError(`No handler for ${envelope.subject}`);
    const parsed = handler.contract.schema.safeParse(envelope.payload);
    if (!parsed.success) throw new PoisonMessageError(`Payload does not match ${envelope.subject}`, parsed.error);
    const logger = options.logger.child({ eventId: envelope.id, subject: envelope.subject, requestId: envelope.requestId });

    const handled = await options.db.transaction(async (tx) => {
      const fresh = await tx
        .insert(options.inbox)
        .values({ consumer: durableName, eventId: envelope.id, subject: envelope.subject })
        .onConflictDoNothing()
        .returning({ eventId: options.inbox.eventId });
      if (fresh.length === 0) {
        logger.debug('event already handled');
        return false;
      }
      await handler.handle(parsed.data, { tx, envelope, logger });
      return true;
    });
    if (handled) options.onCommitted?.();
    (handled ? metrics?.eventsHandled : metrics?.eventsAlreadyHandled)?.inc({ consumer: durableName, subject: envelope.subject });
  }
  return durableName;
}
