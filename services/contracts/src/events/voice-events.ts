import { z } from 'zod';
import { defineEvent } from './define-event';

export const VoiceClonedV1 = defineEvent(
  'voice.voice.cloned.v1',
  z.object({ userId: z.string().uuid(), voiceId: z.string().uuid(), engine: z.string() }),
);
/** Generation drops every cached speech clip of the voice when it hears this. */
export const VoiceDeletedV1 = defineEvent('voice.voice.deleted.v1', z.object({ userId: z.string().uuid(), voiceId: z.string().uuid() }));
