import { resolve } from 'node:path';
import { SECRET_FILES } from './secrets';
import { SERVICES, type ServiceName } from './service-names';

export { SERVICES, type ServiceName };

/** The first service's port in docker-compose.yml; the others follow in SERVICES order (4101-4107). */
export const COMPOSE_FIRST_PORT = 4101;

export const REPOSITORY_ROOT = resolve(__dirname, '..', '..', '..');

export interface S3Settings {
  bucket: string;
  endpoint?: string;
  region?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
}

export interface Wiring {
  databaseUrl: string;
  natsUrl: string;
  /** Keeps this system's subjects apart on a shared NATS server (tests); empty in production. */
  natsNamespace?: string;
  /** Files on S3 when set; else on local disk under dataDir (shared by a service's instances). */
  s3?: S3Settings;
  dataDir: string;
  /** Where the secrets are mounted (see secrets.ts): each service reads its own through `*_FILE`. */
  secretsDir: string;
  publicUrl: string;
  logLevel: string;
  /** Where each service is reached by the others and by the gateway. */
  addresses: Record<ServiceName, string>;
  seedAdminEmail?: string;
  frontendsDir: string;
  /** notifications' mail server (smtp:// or smtps://); unset, each mail is kept as an .eml under DATA_DIR/mail/. */
  smtpUrl?: string;
  /** The sender of every mail. */
  mailFrom?: string;
}

export const DEFAULT_MAIL_FROM = 'InnerEcho <no-reply@innerecho.local>';

/**
 * The environment of each process, variable for variable what docker-compose.yml gives
 * its container (test/compose-parity.test.ts holds the two together), with the addresses
 * of this machine instead of the compose network's.
 */
export function serviceEnvironment(service: ServiceName, wiring: Wiring, port: number, metricsPort = 9464): Record<string, string> {
  const env: Record<string, string> = {
    DATABASE_URL: wiring.databaseUrl,
    NATS_URL: wiring.natsUrl,
    IDENTITY_URL: wiring.addresses.identity,
    VOICE_URL: wiring.addresses.voice,
    LIBRARY_URL: wiring.addresses.library,
    PUBLIC_URL: wiring.publicUrl,
    DATA_DIR: wiring.dataDir,
    LOG_LEVEL: wiring.logLevel,
    ...s3Environment(wiring.s3),
    PORT: String(port),
    HOST: '127.0.0.1',
    // The operators' port (`/metrics`); on loopback here, where the scraper would run beside it.
    METRICS_PORT: String(metricsPort),
    METRICS_HOST: '127.0.0.1',
    // Keys and secrets come from configuration, the same for every instance, never from the process's own disk.
    REQUIRE_CONFIGURED_SECRETS: 'true',
    // Migrations are their own step (runMigrationStep, before the processes start).
    RUN_MIGRATIONS: 'false',
    FILE_SIGNING_SECRET_FILE: secretFile(wiring, SECRET_FILES.fileSigningSecret(service)),
  };
  if (wiring.natsNamespace) env.NATS_NAMESPACE = wiring.natsNamespace;
  if (service === 'identity') {
    env.SEED_ADMIN_EMAIL = wiring.seedAdminEmail ?? 'admin@innerecho.local';
    env.SESSION_SIGNING_KEYS_FILE = secretFile(wiring, SECRET_FILES.sessionSigningKeys);
  }
  if (service === 'creator-referral') {
    env.CREATOR_SESSION_SIGNING_KEYS_FILE = secretFile(wiring, SECRET_FILES.creatorSessionSigningKeys);
    env.REFERRAL_CLICK_SECRET_FILE = secretFile(wiring, SECRET_FILES.referralClickSecret);
  }
  if (service === 'notifications') {
    // Empty: no mail server, each mail kept as a file (the service reads '' as unset).
    env.SMTP_URL = wiring.smtpUrl ?? '';
    env.MAIL_FROM = wiring.mailFrom ?? DEFAULT_MAIL_FROM;
  }
  return env;
}

export function gatewayEnvironment(wiring: Wiring, port: number, metricsPort = 9464): Record<string, string> {
  return {
    PORT: String(port),
    // The operators' port, where /metrics is served; never published (compose publishes PORT only).
    METRICS_PORT: String(metricsPort),
    METRICS_HOST: '127.0.0.1',
    HOST: '127.0.0.1',
    LOG_LEVEL: wiring.logLevel,
    // Decides whether the gateway sends HSTS (only when the public address is https).
    PUBLIC_URL: wiring.publicUrl,
    IDENTITY_URL: wiring.addresses.identity,
    VOICE_URL: wiring.addresses.voice,
    LIBRARY_URL: wiring.addresses.library,
    GENERATION_URL: wiring.addresses.generation,
    BILLING_URL: wiring.addresses.billing,
    CREATOR_REFERRAL_URL: wiring.addresses['creator-referral'],
    NOTIFICATIONS_URL: wiring.addresses.notifications,
    FRONTENDS_DIR: wiring.frontendsDir,
    // Sign-in attempts counted once for every gateway instance.
    DATABASE_URL: wiring.databaseUrl,
    ...(wiring.s3?.endpoint ? { FILES_ORIGIN: new URL(wiring.s3.endpoint).origin } : {}),
  };
}

const secretFile = (wiring: Wiring, name: string) => resolve(wiring.secretsDir, name);

function s3Environment(s3: S3Settings | undefined): Record<string, string> {
  if (!s3) return {};
  return {
    S3_BUCKET: s3.bucket,
    S3_ENDPOINT: s3.endpoint ?? '',
    // On one machine browsers reach the bucket where the services do.
    S3_PUBLIC_ENDPOINT: s3.endpoint ?? '',
    S3_REGION: s3.region ?? 'us-east-1',
    S3_ACCESS_KEY_ID: s3.accessKeyId ?? '',
    S3_SECRET_ACCESS_KEY: s3.secretAccessKey ?? '',
    S3_FORCE_PATH_STYLE: String(s3.forcePathStyle ?? Boolean(s3.endpoint)),
  };
}
