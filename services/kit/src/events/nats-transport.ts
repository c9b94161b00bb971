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

/** What exists once the server has been reached: the connection and its JetStream handles. */
interface Link {
  nc: NatsConnection;
  js: JetStreamClient;
  jsm: JetStreamManager;
}

/** Pause between attempts to reach a server that is not there yet: 0.25 s, doubling, at most 2 s. */
const reconnectPauseMs = (attempt: number) => Math.min(2000, 250 * 2 ** attempt);

/**
 * JetStream transport. Publishing uses the event id as Nats-Msg-Id, so a relay that
 * publishes the same outbox row twice (it crashed before marking it) is deduplicated by
 * the server. Consumers are durable, acknowledge explicitly after the handler's
 * transaction commits, back off on failure, and dead-letter poison messages.
 *
 * A service does not wait for NATS to start: `open` returns at once and reaches the server
 * in the background, for as long as it takes. Until then `isAvailable()` is false (the
 * outbox relay keeps its rows), `ping` fails (`/health` says events are away) and
 * subscriptions wait; once reached, the streams are made, the consumers created and the
 * relay publishes what waited. Later outages are the client's to ride out (it reconnects).
 */
export class NatsTransport implements EventTransport {
  readonly kind = 'nats' as const;
  private link: Link | null = null;
  private readonly linking: Promise<void>;
  private readonly loops: Promise<void>[] = [];
  private readonly active = new Set<ConsumerMessages>();
  /** Subscriptions made before the server was reached: their consumers are created once it is. */
  private readonly waiting: SubscriptionSpec[] = [];
  /** The JetStream consumers behind each logical consumer (one per subject). */
  private readonly durablesOf = new Map<string, string[]>();
  private closing = false;

  private constructor(private readonly options: NatsTransportOptions) {
    this.linking = this.reachServer();
  }

  /** Starts reaching the server in the background and returns at once (a service starting during an outage). */
  static open(options: NatsTransportOptions): NatsTransport {
    return new NatsTransport(options);
  }

  /** Opens and waits until the server is reached (tools and tests that need it now). */
  static async connect(options: NatsTransportOptions): Promise<NatsTransport> {
    const transport = new NatsTransport(options);
    await transport.whenAvailable();
    return transport;
  }

  isAvailable() {
    return this.link !== null;
  }

  /** Resolves once the server has been reached and every subscription made so far consumes. */
  async whenAvailable(): Promise<void> {
    await this.linking;
    if (!this.link) throw new Error('closed before NATS was reached');
  }

  /** Connects (trying again until the server answers or the transport closes), makes the streams, subscribes what waited. */
  private async reachServer() {
    const { logger } = this.options;
    for (let attempt = 0; !this.closing; attempt++) {
      let nc: NatsConnection | null = null;
      try {
        nc = await connect({
          servers: this.options.servers,
          name: this.options.name,
          maxReconnectAttempts: -1,
          reconnectTimeWait: 500,
          timeout: 5000,
        });
        const link = { nc, js: nc.jetstream(), jsm: await nc.jetstreamManager() };
        await this.ensureStreams(link.jsm);
        // Every consumer exists before the relay may publish, as when NATS was there at start.
        while (this.waiting.length > 0 && !this.closing) {
          await this.startConsuming(link, this.waiting[0]);
          this.waiting.shift();
        }
        if (this.closing) throw new Error('closing');
        this.link = link;
        if (attempt > 0) logger.info({ servers: this.options.servers, attempts: attempt + 1 }, 'NATS reached: events flow again');
        this.followStatus(nc);
        return;
      } catch (error) {
        await nc?.close().catch(() => undefined);
        if (this.closing) return;
        // Said at once, then about every two minutes: the service serves meanwhile and /health says events are away.
        if (attempt % 60 === 0) {
          logger.warn(
            { err: error, servers: this.options.servers, attempts: attempt + 1 },
            'NATS is not reachable: serving without it, events wait in the outbox',
          );
        } else logger.debug({ err: error, attempt }, 'NATS still not reachable');
        await new Promise((resolve) => setTimeout(resolve, reconnectPauseMs(attempt)));
      }
    }
  }

  private followStatus(nc: NatsConnection) {
    (async () => {
      for await (const status of nc.status()) {
        this.options.logger.info({ type: status.type, data: String(status.data) }, 'nats connection status');
      }
    })().catch(() => undefined);
  }

  private get ns() {
    return this.options.namespace ? `${this.options.namespace}.` : '';
  }

  streamName(base: string) {
    return this.options.namespace ? `${base}_${this.options.namespace}` : base;
  }

  private async ensureStream(jsm: JetStreamManager, name: string, subjects: string[]) {
    const config = {
      name,
      subjects,
      storage: StorageType.File,
      retention: RetentionPolicy.Limits,
      duplicate_window: nanos(5 * 60_000),
      max_age: nanos(14 * 24 * 3600_000),
    };
    try {
      await jsm.streams.info(name);
      await jsm.streams.update(name, config);
    } catch {
      await jsm.streams.add(config);
    }
  }

  private async ensureStreams(jsm: JetStreamManager) {
    await this.ensureStream(
      jsm,
      this.streamName(EVENT_STREAM),
      EVENT_STREAM_SUBJECTS.map((s) => this.ns + s),
    );
    await this.ensureStream(jsm, this.streamName(DEAD_LETTER_STREAM), [`${this.ns}${DEAD_LETTER_PREFIX}.>`]);
  }

  async publish(envelope: EventEnvelope) {
    if (!this.link) throw new Error('NATS has not been reached yet');
    const h = natsHeaders();
    if (envelope.requestId) h.set(REQUEST_ID_HEADER, envelope.requestId);
    // The trace context rides in the headers, where tracing tools on NATS look for it.
    const { traceContext, ...body } = envelope;
    for (const [key, value] of Object.entries(traceContext ?? {})) h.set(key, value);
    await this.link.js.publish(this.ns + envelope.subject, JSON.stringify(body), {
      msgID: envelope.id,
      headers: h,
      timeout: 5000,
    });
  }

  /**
   * One durable JetStream consumer per subject: multi-subject filters need NATS 2.10, and
   * the servers this runs on may be older. The inbox dedupes by the logical consumer name,
   * so this split changes nothing for handlers. Before the server is reached the
   * subscription waits, and its consumers are created once it is.
   */
  async subscribe(spec: SubscriptionSpec) {
    if (this.link) await this.startConsuming(this.link, spec);
    else this.waiting.push(spec);
  }

  private async startConsuming(link: Link, spec: SubscriptionSpec) {
    const stream = this.streamName(EVENT_STREAM);
    for (const subject of spec.subjects) {
      const durable = `${spec.durableName}__${subject}`.replace(/[^A-Za-z0-9_-]/g, '_');
      await this.ensureConsumer(link.jsm, stream, durable, this.ns + subject);
      const durables = this.durablesOf.get(spec.durableName) ?? [];
      if (!durables.includes(durable)) this.durablesOf.set(spec.durableName, [...durables, durable]);
      else continue; // consuming already (an earlier attempt to reach the server got this far)
      this.loops.push(this.consumeForever(link.js, stream, durable, spec));
    }
  }

  /**
   * Creates the durable consumer unless it exists. Instances of one service start at the
   * same time and share it, so an existing consumer is never deleted because another
   * instance created it first (deleting it would drop its delivery state); it is replaced
   * only when its filter differs, i.e. the code now subscribes differently.
   */
  private async ensureConsumer(jsm: JetStreamManager, stream: string, durable: string, filter: string) {
    const config = {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      deliver_policy: DeliverPolicy.All,
      filter_subject: filter,
      ack_wait: nanos(30_000),
      max_deliver: -1, // we count deliveries ourselves and dead-letter, instead of silently dropping
    };
    for (let attempt = 0; ; attempt++) {
      const info = await jsm.consumers.info(stream, durable).catch(() => null);
      if (info?.config.filter_subject === filter) return;
      try {
        if (info) await jsm.consumers.delete(stream, durable);
        await jsm.consumers.add(stream, config);
        return;
      } catch (error) {
        // Another instance created (or replaced) it between our look and our add: look again.
        if (attempt >= 3) throw error;
      }
    }
  }

  /** consume() ends if the server forgets the consumer or the connection is replaced: start again. */
  private async consumeForever(js: JetStreamClient, stream: string, durable: string, spec: SubscriptionSpec) {
    while (!this.closing) {
      try {
        const consumer = await js.consumers.get(stream, durable);
        const messages = await consumer.consume({ max_messages: 64, idle_heartbeat: 5000, expires: 30_000 });
        this.active.add(messages);
        for await (const msg of messages) {
          let envelope: EventEnvelope;
          try {
            envelope = ZEventEnvelope.parse(JSON.parse(msg.string())) as EventEnvelope;
            envelope.traceContext = traceContextOf(msg.headers);
          } catch (error) {
            await this.deadLetter(js, durable, msg.subject, msg.data, String(error));
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
              await this.deadLetter(js, durable, msg.subject, msg.data, String(error));
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

  private async deadLetter(js: JetStreamClient, durable: string, subject: string, data: Uint8Array, error: string) {
    const h = natsHeaders();
    h.set('x-dead-letter-error', error.slice(0, 500));
    h.set('x-dead-letter-consumer', durable);
    const original = subject.startsWith(this.ns) ? subject.slice(this.ns.length) : subject;
    try {
      await js.publish(`${this.ns}${DEAD_LETTER_PREFIX}.${durable}.${original}`, data, { headers: h });
    } catch (e) {
      this.options.logger.error({ err: e }, 'could not write dead letter');
    }
  }

  async consumerBacklog(durableName: string): Promise<ConsumerBacklog> {
    if (!this.link) throw new Error('NATS has not been reached yet');
    const stream = this.streamName(EVENT_STREAM);
    const backlog = { pending: 0, awaitingAck: 0, redelivered: 0 };
    for (const durable of this.durablesOf.get(durableName) ?? []) {
      const info = await this.link.jsm.consumers.info(stream, durable);
      backlog.pending += info.num_pending;
      backlog.awaitingAck += info.num_ack_pending;
      backlog.redelivered += info.num_redelivered;
    }
    return backlog;
  }

  async ping() {
    if (!this.link) throw new Error('NATS has not been reached yet: events wait in the outbox');
    if (this.link.nc.isClosed()) throw new Error('NATS connection closed');
    await Promise.race([
      this.link.nc.rtt(),
      new Promise((_, reject) => setTimeout(() => reject(new Error('NATS did not answer within 2 s')), 2000).unref()),
    ]);
  }

  /** Removes this namespace's streams (tests). */
  async destroyStreams() {
    if (!this.link) return;
    for (const name of [this.streamName(EVENT_STREAM), this.streamName(DEAD_LETTER_STREAM)]) {
      await this.link.jsm.streams.delete(name).catch(() => undefined);
    }
  }

  /**
   * Stops pulling, lets the handlers finish what was already delivered (so a deploy does
   * not leave messages waiting out their ack time), then drains the connection. A server
   * never reached is given up on.
   */
  async close() {
    this.closing = true;
    await this.linking;
    for (const messages of this.active) messages.stop();
    await Promise.race([Promise.allSettled(this.loops), new Promise((r) => setTimeout(r, 10_000).unref())]);
    const nc = this.link?.nc;
    await nc?.drain().catch(() => nc.close());
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
