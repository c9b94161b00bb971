import { z } from 'zod';
import { ZBaseServiceEnv } from '@innerecho/kit';

const optional = z
  .string()
  .optional()
  .or(z.literal('').transform(() => undefined));

export const ZVoiceEnv = ZBaseServiceEnv.extend({
  /** When set, voices are cloned by ElevenLabs; otherwise by the local voice-matched engine. */
  ELEVENLABS_API_KEY: optional,
  /** The ElevenLabs API address (tests point it at a local server that answers like it). */
  ELEVENLABS_BASE_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  ELEVENLABS_MODEL_ID: z.string().default('eleven_multilingual_v2'),
});
export type VoiceConfig = z.infer<typeof ZVoiceEnv>;
