import { z } from 'zod';
import { ZBaseServiceEnv } from '@innerecho/kit';

export const ZLibraryEnv = ZBaseServiceEnv.extend({
  /** 'on': a first start fills an empty library with starter affirmations and music. Tests turn it off to work on known data. */
  STARTER_CONTENT: z.enum(['on', 'off']).default('on'),
});
export type LibraryConfig = z.infer<typeof ZLibraryEnv>;
