import { z } from 'zod';
import { ZBaseServiceEnv } from '@innerecho/kit';

export const ZLibraryEnv = ZBaseServiceEnv.extend({});
export type LibraryConfig = z.infer<typeof ZLibraryEnv>;
