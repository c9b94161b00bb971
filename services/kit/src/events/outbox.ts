import { randomUUID } from 'node:crypto';
import type { EventContract, EventEnvelope, EventPayload } from '@innerecho/contracts';
import type { Tx } from '../db/database';
import { currentTraceCarrier } from '../observability/tracing';
import type { OutboxTable } from './tables';

export interface OutboxWriter {
  /**
   * Validates the payload against its contract and writes the event into the outbox,
   * inside the caller's transaction: if the transaction rolls back, the event never existed.
   */
  add<C extends EventContract>(tx: Tx, contract: C, payload: EventPayload<C>, meta?: { requestId?: string }): Promise<EventEnvelope>;
}

export function createOutboxWriter(producer: string, outbox: OutboxTable): OutboxWriter {
  return {
    async add(tx, contract, payload, meta) {
      const envelope: EventEnvelope = {
        id: randomUUID(),
        subject: contract.subject,
        occurredAt: new Date().toISOString(),
        producer,
        requestId: meta?.requestId,
        // The trace the change happened in continues where the event is handled.
        traceContext: currentTraceCarrier(),
        payload: contract.schema.parse(payload),
      };
      await tx.insert(outbox).values({ id: envelope.id, subject: envelope.subject, envelope });
      return envelope;
    },
  };
}
