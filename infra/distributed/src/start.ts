import { resolve } from 'node:path';
import pg from 'pg';
import { buildFrontendsIfStale, stopOnSignals } from '@innerecho/embedded';
import { COMPOSE_FIRST_PORT, REPOSITORY_ROOT, type S3Settings } from './environment';
import { startDistributedSystem } from './distributed-system';

/**
 * `npm run start:distributed`: the distributed form on this machine. Every service and the
 * gateway run as separate Node processes with the environment docker-compose.yml gives
 * their containers, on the PostgreSQL and NATS given in DATABASE_URL and NATS_URL (by
 * default the ones on this machine, database `innerecho`), with files on S3 when
 * S3_BUCKET is set. INSTANCES=2 runs two instances of every service behind a round-robin
 * address each. Logs are JSON lines prefixed with the process name.
 */
const LOCAL_DATABASE = 'postgres://postgres@127.0.0.1:5432/innerecho';

async function ensureDatabase(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const server = new URL(url);
  server.pathname = '/postgres';
  const client = new pg.Client({ connectionString: server.toString() });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!rowCount) await client.query(`create database "${name.replace(/"/g, '""')}"`);
  } finally {
    await client.end();
  }
}

async function main() {
  const env = process.env;
  const port = Number(env.PORT ?? 3000);
  const databaseUrl = env.DATABASE_URL || LOCAL_DATABASE;
  await ensureDatabase(databaseUrl);
  buildFrontendsIfStale();
  const s3: S3Settings | undefined = env.S3_BUCKET
    ? {
        bucket: env.S3_BUCKET,
        endpoint: env.S3_ENDPOINT || undefined,
        region: env.S3_REGION || undefined,
        accessKeyId: env.S3_ACCESS_KEY_ID || undefined,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY || undefined,
        forcePathStyle: env.S3_FORCE_PATH_STYLE ? env.S3_FORCE_PATH_STYLE === 'true' : undefined,
      }
    : undefined;
  const width = 18;
  const system = await startDistributedSystem({
    wiring: {
      databaseUrl,
      natsUrl: env.NATS_URL || 'nats://127.0.0.1:4222',
      natsNamespace: env.NATS_NAMESPACE || undefined,
      s3,
      dataDir: resolve(env.DATA_DIR ?? './data/distributed'),
      // Generated on the first start and kept, as a Secret would be mounted.
      secretsDir: resolve(env.SECRETS_DIR ?? resolve(env.DATA_DIR ?? './data/distributed', 'secrets')),
      publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
      logLevel: env.LOG_LEVEL ?? 'info',
      seedAdminEmail: env.SEED_ADMIN_EMAIL,
      smtpUrl: env.SMTP_URL || undefined,
      mailFrom: env.MAIL_FROM || undefined,
      frontendsDir: resolve(REPOSITORY_ROOT, 'frontends'),
    },
    gatewayPort: port,
    metricsPort: Number(env.METRICS_PORT ?? 9464),
    instances: Number(env.INSTANCES ?? 1),
    ports: { firstPort: Number(env.FIRST_SERVICE_PORT ?? COMPOSE_FIRST_PORT) },
    logDir: resolve(env.DATA_DIR ?? './data/distributed', 'logs'),
    echo: (label, line) => process.stdout.write(`${label.padEnd(width)}| ${line}\n`),
  });
  process.stdout.write(
    `\n  InnerEcho (distributed: ${Object.values(system.services).reduce((n, s) => n + s.instances.length, 0)} service processes and the gateway) is running at ${system.url}\n` +
      `  The first start logs a one-time admin setup link (identity, "setupUrl"); a new one: npm run admin:setup-link -- <email>\n` +
      `  Press Ctrl-C to stop.\n\n`,
  );

  stopOnSignals(system, '\n  Stopping every process (each drains first)…\n');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
