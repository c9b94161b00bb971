import {
  AckPolicy,
  connect,
  DeliverPolicy,
  headers as natsHeaders,
  nanos,
  RetentionPolicy,
  StorageType,
  type ConsumerMessages,
  type MsgHdrs,
  type JetStreamClient,
  type JetStreamManager,
  type NatsConnection,
} from 'nats';
import {
  DEAD_LETTER_PREFIX,
  DEAD_LETTER_STREAM,
  EVENT_STREAM,
  EVENT_STREAM_SUBJECTS,
  ZEventEnvelope,
  type EventEnvelope,
} from '@innerecho/contracts';
import type { Logger } from '../logger';
import { REQUEST_ID_HEADER } from '../http/request-context';
import {
  MAX_DELIVERIES,
  PoisonMessageError,
  redeliveryDelayMs,
  type ConsumerBacklog,
  type EventTransport,
  type SubscriptionSpec,
} from './transport';

export interface NatsTransportOptions {
  servers: string;
  name: string;
  logger: Logger;
  /**
   * Prefixes every subject and stream name, so several systems (parallel test runs) can
   * share one NATS server without seeing each other's events. Empty in production.
   */
  namespace?: string;
}

/**
 * JetStream transport. Publishing uses the event id as Nats-Msg-Id, so a relay that
 * publishes the same outbox row twice (it crashed before marking it) is deduplicated by
 * the server. Consumers are durable, acknowledge explicitly after the handler's
 * transaction commits, back off on failure, and dead-letter poison messages.
 */
export class NatsTransport implements EventTransport {
  readonly kind = 'nats' as const;
  private readonly loops: Promise<void>[] = [];
  private readonly active = new Set<ConsumerMessages>();
  /** The JetStream consumers behind each logical consumer (one per subject). */
  private readonly durablesOf = new Map<string, string[]>();
  private closing = false;

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly jsm: JetStreamManager,
    private readonly options: NatsTransportOptions,
  ) {}

  static async connect(options: NatsTransportOptions): Promise<NatsTransport> {
    const nc = await connect({
      servers: options.servers,
      name: options.name,
      maxReconnectAttempts: -1,
      reconnectTimeWait: 500,
      waitOnFirstConnect: true,
    });
    const jsm = await nc.jetstreamManager();
    const transport = new NatsTransport(nc, nc.jetstream(), jsm, options);
    await transport.ensureStreams();
    (async () => {
      for await (const status of nc.status()) {
        options.logger.info({ type: status.type, data: String(status.data) }, 'nats connection status');
      }
    })().catch(() => undefined);
    return transport;
  }

  private get ns() {
    return this.options.namespace ? `${this.options.namespace}.` : '';
  }

  streamName(base: string) {
    return this.options.namespace ? `${base}_${this.options.namespace}` : base;
  }

  private async ensureStream(name: string, subjects: string[]) {
    const config = {
      name,
      subjects,
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      duplicate_window: nanos(5 * 60_000),
      max_age: nanos(14 * 24 * 3600_000),
    };
    try {
      await this.jsm.streams.info(name);
      await this.jsm.streams.update(name, config);
    } catch {
      await this.jsm.streams.add(config);
    }
  }

  private async ensureStreams() {
    await this.ensureStream(
      this.streamName(EVENT_STREAM),
      EVENT_STREAM_SUBJECTS.map((s) => this.ns + s),
    );
    await this.ensureStream(this.streamName(DEAD_LETTER_STREAM), [`${this.ns}${DEAD_LETTER_PREFIX}.>`]);
  }

  async publish(envelope: EventEnvelope) {
    const h = natsHeaders();
    if (envelope.requestId) h.set(REQUEST_ID_HEADER, envelope.requestId);
    // The trace context rides in the headers, where tracing tools on NATS look for it.
    const { traceContext, ...body } = envelope;
    for (const [key, value] of Object.entries(traceContext ?? {})) h.set(key, value);
    await this.js.publish(this.ns + envelope.subject, JSON.stringify(body), {
      msgID: envelope.id,
      headers: h,
      timeout: 5000,
    });
  }

  /**
   * One durable JetStream consumer per subject: multi-subject filters need NATS 2.10, and
   * the servers this runs on may be older. The inbox dedupes by the logical consumer name,
   * so this split changes nothing for handlers.
   */
  async subscribe(spec: SubscriptionSpec) {
    const stream = this.streamName(EVENT_STREAM);
    for (const subject of spec.subjects) {
      const durable = `${spec.durableName}__${subject}`.replace(/[^A-Za-z0-9_-]/g, '_');
      await this.ensureConsumer(stream, durable, this.ns + subject);
      this.durablesOf.set(spec.durableName, [...(this.durablesOf.get(spec.durableName) ?? []), durable]);
      this.loops.push(this.consumeForever(stream, durable, spec));
    }
  }

  /**
   * Creates the durable consumer unless it exists. Instances of one service start at the
   * same time and share it, so an existing consumer is never deleted because another
   * instance created it first (deleting it would drop its delivery state); it is replaced
   * only when its filter differs, i.e. the code now subscribes differently.
   */
  private async ensureConsumer(stream: string, durable: string, filter: string) {
    const config = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: filter,
      ack_wait: nanos(30_000),
      max_deliver: -1, // we count deliveries ourselves and dead-letter, instead of silently dropping
    };
    for (let attempt = 0; ; attempt++) {
      const info = await this.jsm.consumers.info(stream, durable).catch(() => null);
      if (info?.config.filter_subject === filter) return;
      try {
        if (info) await this.jsm.consumers.delete(stream, durable);
        await this.jsm.consumers.add(stream, config);
        return;
      } catch (error) {
        // Another instance created (or replaced) it between our look and our add: look again.
        if (attempt >= 3) throw error;
      }
    }
  }

  /** consume() ends if the server forgets the consumer or the connection is replaced: start again. */
  private async consumeForever(stream: string, durable: string, spec: SubscriptionSpec) {
    while (!this.closing) {
      try {
        const consumer = await this.js.consumers.get(stream, durable);
        const messages = await consumer.consume({ max_messages: 64, idle_heartbeat: 5000, expires: 30_000 });
        this.active.add(messages);
        for await (const msg of messages) {
          let envelope: EventEnvelope;
          try {
            envelope = ZEventEnvelope.parse(JSON.parse(msg.string())) as EventEnvelope;
            envelope.traceContext = traceContextOf(msg.headers);
          } catch (error) {
            await this.deadLetter(durable, msg.subject, msg.data, String(error));
            msg.term();
            continue;
          }
          try {
            await spec.handler(envelope);
            msg.ack();
          } catch (error) {
            const deliveries = msg.info.redeliveryCount;
            if (error instanceof PoisonMessageError || deliveries >= MAX_DELIVERIES) {
              this.options.logger.error(
                { err: error, eventId: envelope.id, subject: envelope.subject, consumer: durable },
                'event dead-lettered',
              );
              await this.deadLetter(durable, msg.subject, msg.data, String(error));
              spec.onDeadLetter?.(envelope);
              msg.term();
            } else {
              this.options.logger.warn(
                { err: error, eventId: envelope.id, consumer: durable, deliveries },
                'event handler failed, will retry',
              );
              spec.onRetry?.(envelope);
              msg.nak(redeliveryDelayMs(deliveries));
            }
          }
        }
        this.active.delete(messages);
      } catch (error) {
        if (this.closing) return;
        this.options.logger.warn({ err: error, consumer: durable }, 'consumer interrupted, resubscribing');
      }
      if (!this.closing) await new Promise((r) => setTimeout(r, 1000));
    }
  }

  private async deadLetter(durable: string, subject: string, data: Uint8Array, error: string) {
    const h = natsHeaders();
    h.set('x-dead-letter-error', error.slice(0, 500));
    h.set('x-dead-letter-consumer', durable);
    const original = subject.startsWith(this.ns) ? subject.slice(this.ns.length) : subject;
    try {
      await this.js.publish(`${this.ns}${DEAD_LETTER_PREFIX}.${durable}.${original}`, data, { headers: h });
    } catch (e) {
      this.options.logger.error({ err: e }, 'could not write dead letter');
    }
  }

  async consumerBacklog(durableName: string): Promise<ConsumerBacklog> {
    const stream = this.streamName(EVENT_STREAM);
    const backlog = { pending: 0, awaitingAck: 0, redelivered: 0 };
    for (const durable of this.durablesOf.get(durableName) ?? []) {
      const info = await this.jsm.consumers.info(stream, durable);
      backlog.pending += info.num_pending;
      backlog.awaitingAck += info.num_ack_pending;
      backlog.redelivered += info.num_redelivered;
    }
    return backlog;
  }

  async ping() {
    if (this.nc.isClosed()) throw new Error('NATS connection closed');
    await Promise.race([
      this.nc.rtt(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('NATS did not answer within 2 s')), 2000).unref()),
    ]);
  }

  /** Removes this namespace's streams (tests). */
  async destroyStreams() {
    for (const name of [this.streamName(EVENT_STREAM), this.streamName(DEAD_LETTER_STREAM)]) {
      await this.jsm.streams.delete(name).catch(() => undefined);
    }
  }

  /**
   * Stops pulling, lets the handlers finish what was already delivered (so a deploy does
   * not leave messages waiting out their ack time), then drains the connection.
   */
  async close() {
    this.closing = true;
    for (const messages of this.active) messages.stop();
    await Promise.race([Promise.allSettled(this.loops), new Promise((r) => setTimeout(r, 10_000).unref())]);
    await this.nc.drain().catch(() => this.nc.close());
  }
}

const TRACE_HEADERS = ['traceparent', 'tracestate'];

function traceContextOf(headers: MsgHdrs | undefined): Record<string, string> | undefined {
  const carrier: Record<string, string> = {};
  for (const key of TRACE_HEADERS) {
    const value = headers?.get(key);
    if (value) carrier[key] = value;
  }
  return Object.keys(carrier).length ? carrier : undefined;
}
