import { resolve } from 'node:path';
import { z } from 'zod';

const url = (fallbackPort: number) => z.string().url().default(`http://127.0.0.1:${fallbackPort}`);

export const ZGatewayEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  IDENTITY_URL: url(4101),
  VOICE_URL: url(4102),
  LIBRARY_URL: url(4103),
  GENERATION_URL: url(4104),
  BILLING_URL: url(4105),
  CREATOR_REFERRAL_URL: url(4106),
  /** The address browsers use; when it is https, answers carry HSTS. */
  PUBLIC_URL: z
    .string()
    .url()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** Folder holding frontends/<app>/dist. */
  FRONTENDS_DIR: z.string().default(resolve(__dirname, '..', '..', 'frontends')),
  /** Sign-in attempts allowed per client address per window. */
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().positive().default(20),
  SIGN_IN_RATE_WINDOW_SECONDS: z.coerce.number().int().positive().default(600),
  /** All /api calls allowed per client address per minute. */
  API_RATE_LIMIT: z.coerce.number().int().positive().default(1200),
});
export type GatewayConfig = z.infer<typeof ZGatewayEnv>;

export const serviceUrls = (config: GatewayConfig) => ({
  identity: config.IDENTITY_URL,
  voice: config.VOICE_URL,
  library: config.LIBRARY_URL,
  generation: config.GENERATION_URL,
  billing: config.BILLING_URL,
  'creator-referral': config.CREATOR_REFERRAL_URL,
});
