import { resolve } from 'node:path';
import { z } from 'zod';
import { OPERATORS_PORT_SETTINGS } from '@innerecho/kit';

const url = (fallbackPort: number) => z.string().url().default(`http://127.0.0.1:${fallbackPort}`);
const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

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
  NOTIFICATIONS_URL: url(4107),
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
  /** All /api calls allowed per client address per minute (counted per gateway instance). */
  API_RATE_LIMIT: z.coerce.number().int().positive().default(1200),
  /** PostgreSQL, where sign-in attempts are counted for every gateway instance at once; unset: each instance counts alone. */
  DATABASE_URL: optionalUrl,
  /** `/metrics` is served on the operators' port only, never on PORT (keep it unpublished). */
  ...OPERATORS_PORT_SETTINGS,
  /** After SIGTERM, how long requests in flight may run before their connections are cut. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(25),
  /** After SIGTERM, how long it keeps serving while `/ready` already answers 503, before the drain. */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  /**
   * How long a GET or HEAD that cannot reach its service is retried before the answer is
   * 503: long enough for one instance of a service to stop and start again on a busy
   * machine (up to about 11 s was seen on 2 loaded cores), short enough that a service
   * that is down answers 503 before a browser gives up.
   */
  READ_RETRY_SECONDS: z.coerce.number().int().min(0).max(60).default(20),
  /** A remote's build served from elsewhere (CDN, bucket): the folder holding its remoteEntry.js. Unset: this gateway serves it. */
  REMOTE_URL_PUBLIC: optionalUrl,
  REMOTE_URL_SUBSCRIBER: optionalUrl,
  REMOTE_URL_CREATOR: optionalUrl,
  REMOTE_URL_ADMIN: optionalUrl,
  /** The origin presigned file URLs point to (S3, MinIO, a CDN), allowed by the app's CSP. */
  FILES_ORIGIN: optionalUrl,
});
export type GatewayConfig = z.infer<typeof ZGatewayEnv>;

export const serviceUrls = (config: GatewayConfig) => ({
  identity: config.IDENTITY_URL,
  voice: config.VOICE_URL,
  library: config.LIBRARY_URL,
  generation: config.GENERATION_URL,
  billing: config.BILLING_URL,
  'creator-referral': config.CREATOR_REFERRAL_URL,
  notifications: config.NOTIFICATIONS_URL,
});
