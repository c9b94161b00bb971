import { z } from 'zod';

export class ConfigError extends Error {}

/**
 * Parses the environment once at start-up and fails fast, naming every missing or bad
 * variable, instead of letting a service limp along with undefined settings.
 */
export function parseConfig<S extends z.ZodTypeAny>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(env);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

/** Settings every service reads. Each service extends this with its own. */
export const ZBaseServiceEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** A PostgreSQL server; without it the service keeps PGlite under DATA_DIR/<service>. */
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  /** NATS with JetStream; without it events travel in-process (single-process mode only). */
  NATS_URL: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /**
   * Prefixes this system's NATS subjects and streams, so several systems (test runs, a
   * staging copy) can share one NATS server. Every service of a system must use the same.
   */
  NATS_NAMESPACE: z
    .string()
    .regex(/^[A-Za-z0-9_-]*$/, 'letters, digits, - and _ only')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** After SIGTERM, how long requests in flight may run before their connections are cut. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(0).max(600).default(25),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where services fetch the identity service's public keys and bind session ids. */
  IDENTITY_URL: z.string().url().default('http://127.0.0.1:4101'),
  /** The address browsers use; used for absolute links (redirects, signed URLs). */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /** An upload nobody has used after this long is removed (the sweeper of voice samples and music uploads). */
  UNUSED_UPLOAD_MAX_AGE_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** Signs local file URLs; generated and kept under DATA_DIR when unset. */
  FILE_SIGNING_SECRET: z.string().min(16).optional(),
  /** S3 (or MinIO): set S3_BUCKET to keep files there instead of on local disk. */
  S3_BUCKET: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_ENDPOINT: optionalUrl,
  /** Where browsers reach the bucket, when not at S3_ENDPOINT (presigned URLs are signed for it). */
  S3_PUBLIC_ENDPOINT: optionalUrl,
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  S3_SECRET_ACCESS_KEY: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
  /** MinIO and s3rver want path-style URLs (http://host/bucket/key). */
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false', '1', '0', ''])
    .default('false')
    .transform((v) => v === 'true' || v === '1'),
});
export type BaseServiceEnv = z.infer<typeof ZBaseServiceEnv>;
