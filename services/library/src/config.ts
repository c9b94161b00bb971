import { z } from 'zod';
import { ZBaseServiceEnv } from '@innerecho/kit';

export const ZLibraryEnv = ZBaseServiceEnv.extend({
  /** 'on': a first start fills an empty library with starter affirmations and music. Tests turn it off to work on known data. */
  STARTER_CONTENT: z.enum(['on', 'off']).default('on'),
  /**
   * 'render': with the starter content, a first start renders the starter music (CPU work of
   * a minute or so) unless an earlier start on this machine has. 'if-rendered': takes the
   * tracks only when an earlier start rendered them, for systems that start and stop by the dozen.
   */
  STARTER_MUSIC: z.enum(['render', 'if-rendered']).default('render'),
  /**
   * How long this instance keeps an answer to a public read (transcripts, creators, their
   * analytics, the music list). This instance's own writes and the events it handles drop
   * them at once; with several instances, another instance's write shows here within this.
   */
  READ_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(2000),
});
export type LibraryConfig = z.infer<typeof ZLibraryEnv>;
