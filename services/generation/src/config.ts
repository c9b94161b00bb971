import { z } from 'zod';
import { ZBaseServiceEnv } from '@innerecho/kit';

export const ZGenerationEnv = ZBaseServiceEnv.extend({
  /** ffmpeg binary; defaults to the one shipped inside an npm package. */
  FFMPEG_PATH: z.string().optional(),
  /** The voice service (internal speech in the caller's cloned voice). */
  VOICE_URL: z.string().url().default('http://127.0.0.1:4102'),
  /** The library service (affirmation texts and background music). */
  LIBRARY_URL: z.string().url().default('http://127.0.0.1:4103'),
  /** Pieces one render encodes at once; defaults to the machine's cores. */
  RENDER_PARALLELISM: z.coerce.number().int().min(1).max(64).optional(),
  /**
   * Which LAME build encodes: 'libav' (the FFmpeg libraries node-av ships, in worker threads),
   * 'ffmpeg' (the ffmpeg binary), or 'auto' (libav where it loads, else ffmpeg).
   */
  RENDER_ENCODER: z.enum(['auto', 'libav', 'ffmpeg']).default('auto'),
  /**
   * Renders that run at once (each spreads its pieces over the cores); more wait in a fair
   * line. Defaults to the machine's cores.
   */
  RENDER_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  /** Renders that may wait for a turn; one more is refused with 503 RENDER_QUEUE_FULL and Retry-After. */
  RENDER_QUEUE_LIMIT: z.coerce.number().int().min(0).max(10_000).default(32),
  /**
   * How long a render's reserved seconds hold without a renewal. The instance running it renews
   * every third of this, so the seconds of a render whose process died count again this long
   * after it died (and the sweep removes what it wrote).
   */
  RENDER_RESERVATION_LEASE_SECONDS: z.coerce.number().int().min(3).max(3600).default(30),
  /** Decoded background music kept between renders, in MB (10.6 MB per minute of music); 0 keeps none. */
  MUSIC_CACHE_MB: z.coerce.number().int().min(0).max(65_536).default(256),
});
export type GenerationConfig = z.infer<typeof ZGenerationEnv>;
