import type { EventEnvelope } from '@innerecho/contracts';

export type EnvelopeHandler = (envelope: EventEnvelope) => Promise<void>;

export interface SubscriptionSpec {
  /** Durable name, unique per consumer across the system: '<service>.<consumer>'. */
  durableName: string;
  subjects: string[];
  handler: EnvelopeHandler;
  /** Told when a delivery failed and will be tried again (metrics). */
  onRetry?: (envelope: EventEnvelope) => void;
  /** Told when an event is given up on and dead-lettered (metrics). */
  onDeadLetter?: (envelope: EventEnvelope) => void;
}

export interface ConsumerBacklog {
  pending: number;
  awaitingAck: number;
  redelivered: number;
}

/**
 * Moves envelopes from outbox relays to consumers with at-least-once delivery.
 * `publish` resolves only once the envelope is safely accepted; a rejection makes the
 * relay try again later.
 */
export interface EventTransport {
  readonly kind: 'in-process' | 'nats';
  publish(envelope: EventEnvelope): Promise<void>;
  subscribe(spec: SubscriptionSpec): Promise<void>;
  /**
   * False while the broker has never been reached (a service started during an outage): the
   * relay then leaves its rows waiting instead of counting failed attempts. Absent: always available.
   */
  isAvailable?(): boolean;
  /** Resolves when the broker answers (readiness); throws when it cannot be reached. */
  ping(): Promise<void>;
  /**
   * What the broker holds for one consumer (by its durable name): events not yet delivered,
   * delivered and not yet acknowledged, and delivered more than once and still unacknowledged.
   * Only a broker that keeps consumers has this (NATS); in-process delivery has no backlog.
   */
  consumerBacklog?(durableName: string): Promise<ConsumerBacklog>;
  close(): Promise<void>;
}

/** A message that can never be handled (it does not match its contract): dead-letter it at once. */
export class PoisonMessageError extends Error {
  constructor(
    message: string,
    readonly cause?: unknown,
  ) {
    super(message);
    this.name = 'PoisonMessageError';
  }
}

export const MAX_DELIVERIES = 8;

/** Redelivery delay after the n-th failed attempt: 0.5 s, 1 s, 2 s, … capped at 30 s. */
export function redeliveryDelayMs(attempt: number): number {
  return Math.min(30_000, 500 * 2 ** Math.max(0, attempt - 1));
}

export function subjectMatches(pattern: string, subject: string): boolean {
  const p = pattern.split('.');
  const s = subject.split('.');
  for (let i = 0; i < p.length; i++) {
    if (p[i] === '>') return s.length > i;
    if (p[i] !== '*' && p[i] !== s[i]) return false;
  }
  return p.length === s.length;
}
