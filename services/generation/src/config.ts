import { z } from 'zod';
import { ZBaseServiceEnv } from '@innerecho/kit';

export const ZGenerationEnv = ZBaseServiceEnv.extend({
  /** ffmpeg binary; defaults to the one shipped inside an npm package. */
  FFMPEG_PATH: z.string().optional(),
  /** The voice service (internal speech in the caller's cloned voice). */
  VOICE_URL: z.string().url().default('http://127.0.0.1:4102'),
  /** The library service (affirmation texts and background music). */
  LIBRARY_URL: z.string().url().default('http://127.0.0.1:4103'),
  /** Encoders run at once for one render; defaults to the machine's cores. */
  RENDER_PARALLELISM: z.coerce.number().int().min(1).max(64).optional(),
});
export type GenerationConfig = z.infer<typeof ZGenerationEnv>;
