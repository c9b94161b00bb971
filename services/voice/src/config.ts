import { z } from 'zod';
import { ZBaseServiceEnv } from '@innerecho/kit';

export const ZVoiceEnv = ZBaseServiceEnv.extend({
  /** When set, voices are cloned by ElevenLabs; otherwise by the local voice-matched engine. */
  ELEVENLABS_API_KEY: z.string().optional(),
});
export type VoiceConfig = z.infer<typeof ZVoiceEnv>;
