import { readFileSync } from 'node:fs';
import { z } from 'zod';

export class ConfigError extends Error {}

/**
 * `NAME_FILE=/path` sets NAME to that file's content (trailing whitespace trimmed), so a
 * secret can come from a mounted file (a Kubernetes Secret volume, a compose secret)
 * instead of the environment, where it would show in `ps e` and crash reports. Setting
 * both NAME and NAME_FILE is a mistake, refused rather than silently preferring one.
 */
export function resolveFileVariables(env: NodeJS.ProcessEnv, known: ReadonlySet<string>): NodeJS.ProcessEnv {
  const resolved: NodeJS.ProcessEnv = { ...env };
  const problems: string[] = [];
  for (const [key, path] of Object.entries(env)) {
    if (!key.endsWith(FILE_SUFFIX) || !path) continue;
    const name = key.slice(0, -FILE_SUFFIX.length);
    // Only the service's own settings: other programs' *_FILE variables are none of its business.
    if (!known.has(name)) continue;
    if (env[name]) {
      problems.push(`  ${name}: set either ${name} or ${key}, not both`);
      continue;
    }
    try {
      resolved[name] = readFileSync(path, 'utf8').trimEnd();
    } catch (error) {
      problems.push(`  ${key}: cannot read ${path} (${(error as NodeJS.ErrnoException).code ?? 'unreadable'})`);
    }
    delete resolved[key];
  }
  if (problems.length) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return resolved;
}

/** The suffix that names a file holding a variable's value (see resolveFileVariables). */
export const FILE_SUFFIX = '_FILE';

/**
 * Parses the environment once at start-up and fails fast, naming every missing or bad
 * variable, instead of letting a service limp along with undefined settings.
 */
export function parseConfig<S extends z.ZodTypeAny>(schema: S, env: NodeJS.ProcessEnv = process.env): z.infer<S> {
  const result = schema.safeParse(resolveFileVariables(env, new Set(configVariables(schema))));
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.') || '(env)'}: ${issue.message}`);
  throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
}

/** The variables a config schema reads (each may also be given as NAME_FILE). */
export function configVariables(schema: z.ZodTypeAny): string[] {
  const shape = (schema as unknown as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

const optionalUrl = z
  .string()
  .url()
  .optional()
  .or(z.literal('').transform(() => undefined));

/**
 * The operators' port (`/metrics`, see `startOperatorsPort`), the same three settings for
 * the gateway and every service. `METRICS_PORT=off` opens none (the parts of `npm start`,
 * whose figures the gateway's operators' port shows for them all).
 */
export const OPERATORS_PORT_SETTINGS = {
  METRICS_PORT: z.union([z.literal('off'), z.coerce.number().int().min(0).max(65535)]).default(9464),
  /** Loopback unless a scraper beside the process must reach it (0.0.0.0 in containers). */
  METRICS_HOST: z.string().min(1).default('127.0.0.1'),
  /** With it, the operators' port answers only `Authorization: Bearer <token>`. */
  METRICS_TOKEN: z
    .string()
    .optional()
    .or(z.literal('').transform(() => undefined)),
};

/** Settings every service reads. Each service extends this with its own. */
export const ZBaseServiceEnv = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(0),
  ...OPERATORS_PORT_SETTINGS,
  /** A PostgreSQL server; without it the service keeps PGlite under DATA_DIR/<service>. */
  DATABASE_URL: optionalUrl,
  DATA_DIR: z.string().default('./data'),
  /**
   * Most PostgreSQL connections one process opens. Every instance of every service (and
   * the gateway) has its own pool, so max_connections must cover the sum (README).
   */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /**
   * 'true' (npm start): apply pending migrations at start. 'false' (images, the distributed
   * form): a separate step applies them (`npm run migrate -w <service>`, a Kubernetes Job)
   * and the service refuses to start until what its code needs is applied.
   */
  RUN_MIGRATIONS: z
    .enum(['true', 'false', ''])
    .default('true')
    .transform((v) => v !== 'false'),
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
  /**
   * After SIGTERM, how long the instance keeps serving while `/ready` already answers 503,
   * so load balancers stop sending before it drains (0 where a preStop pause does that).
   */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().int().min(0).max(120).default(0),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Where services fetch the identity service's public keys and bind session ids. */
  IDENTITY_URL: z.string().url().default('http://127.0.0.1:4101'),
  /** The address browsers use; used for absolute links (redirects, signed URLs). */
  PUBLIC_URL: z.string().url().default('http://localhost:3000'),
  /** An upload nobody has used after this long is removed (the sweeper of voice samples and music uploads). */
  UNUSED_UPLOAD_MAX_AGE_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** Signs local file URLs; generated and kept under DATA_DIR when unset (unless REQUIRE_CONFIGURED_SECRETS). */
  FILE_SIGNING_SECRET: z.string().min(16).optional(),
  /**
   * 'true' in images: every secret and signing key must come from the environment (or a
   * `*_FILE`), never be generated on the container's own disk, where it would differ
   * between replicas and change on every recreate. Off by default for `npm start`.
   */
  REQUIRE_CONFIGURED_SECRETS: z
    .enum(['true', 'false', ''])
    .default('false')
    .transform((v) => v === 'true'),
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
