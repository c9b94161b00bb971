import { z } from 'zod';

/**
 * An event contract: a versioned subject and the zod schema of its payload.
 * Producers validate before writing the outbox; consumers parse on arrival and send
 * what does not match to the dead-letter subject.
 */
export interface EventContract<TSchema extends z.ZodTypeAny = z.ZodTypeAny> {
  subject: string;
  schema: TSchema;
}

export type EventPayload<C extends EventContract> = z.infer<C['schema']>;

export function defineEvent<TSchema extends z.ZodTypeAny>(subject: string, schema: TSchema): EventContract<TSchema> {
  if (!/^[a-z-]+(\.[a-z-]+)+\.v\d+$/.test(subject)) {
    throw new Error(`Event subject "${subject}" must look like domain.entity.happened.v1`);
  }
  return { subject, schema };
}

/** What travels on the wire: the payload plus the facts every event carries. */
export const ZEventEnvelope = z.object({
  id: z.string().uuid(),
  subject: z.string().min(1),
  occurredAt: z.string().datetime(),
  producer: z.string().min(1),
  requestId: z.string().optional(),
  /**
   * The W3C trace context (`traceparent`, `tracestate`) the event was caused in. Kept with
   * the outbox row; on NATS it travels in the message headers, not in the body.
   */
  traceContext: z.record(z.string(), z.string()).optional(),
  payload: z.unknown(),
});
export type EventEnvelope = z.infer<typeof ZEventEnvelope>;

/** JetStream layout: one stream for every domain event, one for dead letters. */
export const EVENT_STREAM = 'INNERECHO_EVENTS';
export const EVENT_STREAM_SUBJECTS = ['identity.>', 'voice.>', 'library.>', 'generation.>', 'billing.>', 'creator.>'];
export const DEAD_LETTER_STREAM = 'INNERECHO_DEAD_LETTERS';
export const DEAD_LETTER_PREFIX = 'dead-letter';
