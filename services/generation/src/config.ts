import { z } from 'zod';
import { ZBaseServiceEnv } from '@innerecho/kit';

export const ZGenerationEnv = ZBaseServiceEnv.extend({
  /** ffmpeg binary; defaults to the one shipped inside an npm package. */
  FFMPEG_PATH: z.string().optional(),
});
export type GenerationConfig = z.infer<typeof ZGenerationEnv>;
