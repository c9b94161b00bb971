import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { connect as connectNats } from 'nats';
import pg from 'pg';
import { sql } from 'drizzle-orm';
import { SubscriptionChangedV1, type EventEnvelope } from '@innerecho/contracts';
import { createLogger, NatsTransport, openDatabase, type Db, type EventTransport } from '@innerecho/kit';
import { identityService } from '@innerecho/identity';
import { voiceService } from '@innerecho/voice';
import { libraryService } from '@innerecho/library';
import { generationService } from '@innerecho/generation';
import { billingService } from '@innerecho/billing';
import { creatorReferralService } from '@innerecho/creator-referral';
import { notificationsService } from '@innerecho/notifications';
import { startSystem, type RunningSystem, type SystemOptions } from './system';
import { newSessionId, TestClient, uniqueEmail } from './test-client';
import { TestMailbox } from './test-support/mailbox';

export interface TestSystem extends RunningSystem {
  admin: { email: string; password: string };
  databaseName?: string;
  /** The real SMTP server the system's mail goes to (its mails read as a mail client would). */
  mailbox: TestMailbox;
  /**
   * Gives a user an active subscription the way billing would: a
   * billing.subscription.changed event, delivered to identity through the real transport.
   * Resolves once identity reports the user as 'active'.
   */
  grantSubscription(userId: string, plan?: 'monthly' | 'yearly'): Promise<void>;
  /** Any subscription change (a start, an end), announced as billing would; resolves once identity applied it. */
  changeSubscription(userId: string, change: SubscriptionChange): Promise<void>;
  /**
   * Delivers an event that was already published once more, as a broker does when an
   * acknowledgement is lost or a relay republishes a row: past NATS's own de-duplication, so
   * only the consumers' inboxes stand between it and a second effect.
   */
  redeliver(envelope: EventEnvelope): Promise<void>;
}

/** The PostgreSQL server tests use when DATABASE_URL is unset but PostgreSQL is required. */
export const LOCAL_DATABASE_SERVER = 'postgres://postgres@127.0.0.1:5432/postgres';

/**
 * A throwaway system for tests: PGlite in memory, or a fresh database on the PostgreSQL
 * server when DATABASE_URL is set (or on the local one, with `requirePostgres`, for a test
 * that needs two connections at once); events in-process, or in their own namespace on NATS
 * when NATS_URL is set. `stop()` removes what it created.
 */
export async function startTestSystem({
  requirePostgres = false,
  ...overrides
}: Partial<SystemOptions> & { requirePostgres?: boolean } = {}): Promise<TestSystem> {
  // Every JSON answer is held to its declaration (500 when it is not): every test checks every answer.
  process.env.CHECK_ANSWERS ??= 'true';
  const suffix = randomBytes(4).toString('hex');
  const serverUrl = process.env.DATABASE_URL || (requirePostgres ? LOCAL_DATABASE_SERVER : undefined);
  const scratch =
    serverUrl && overrides.databaseUrl === undefined ? await createScratchDatabase(serverUrl, suffix, { migrated: true }) : undefined;
  const databaseUrl = scratch?.url;
  const databaseName = scratch?.name;
  const natsUrl = overrides.natsUrl ?? process.env.NATS_URL ?? undefined;
  const natsNamespace = natsUrl ? `t${suffix}` : undefined;

  let admin = { email: '', password: '' };
  const mailbox = await TestMailbox.start();
  const system = await startSystem({
    port: 0,
    dataDir: 'memory://',
    databaseUrl,
    natsUrl,
    natsNamespace,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    seedAdminEmail: 'admin@innerecho.test',
    onAdminSeeded: (credentials) => (admin = credentials),
    ...overrides,
    // Throwaway systems start by the dozen: they take the starter music only once rendered.
    env: {
      ...process.env,
      SIGN_IN_RATE_LIMIT: '1000',
      STARTER_MUSIC: 'if-rendered',
      SMTP_URL: mailbox.url,
      MAIL_RETRY_BASE_SECONDS: '0.2',
      MAIL_RETRY_MAX_SECONDS: '1',
      MAIL_POLL_SECONDS: '0.2',
      ...(overrides.env ?? {}),
    },
  });

  // Tests publish through the transport and expect events to flow from their first call.
  await Promise.all(system.transports.map((transport) => (transport instanceof NatsTransport ? transport.whenAvailable() : undefined)));
  const stop = system.stop;
  return {
    ...system,
    admin,
    databaseName,
    mailbox,
    changeSubscription: (userId, change) =>
      announceSubscriptionThroughEvents({
        transport: system.transports[system.transports.length - 1],
        identityDb: system.services.identity.context.db,
        userId,
        change,
      }),
    async redeliver(envelope) {
      if (!natsUrl) return system.transports[0].publish(envelope);
      // Past the broker's own de-duplication (a relay that republishes a row after its window):
      // the same event under another message id, so the consumers' inboxes must absorb it.
      const connection = await connectNats({ servers: natsUrl, name: 'test-redelivery' });
      try {
        const { traceContext: _trace, ...body } = envelope;
        await connection.jetstream().publish(`${natsNamespace}.${envelope.subject}`, JSON.stringify(body), {
          msgID: `${envelope.id}:again:${randomBytes(4).toString('hex')}`,
        });
      } finally {
        await connection.close();
      }
    },
    grantSubscription: (userId, plan) =>
      announceSubscriptionThroughEvents({
        transport: system.transports[system.transports.length - 1],
        identityDb: system.services.identity.context.db,
        userId,
        change: { plan },
      }),
    async stop() {
      await stop();
      if (natsUrl) {
        const cleaner = await NatsTransport.connect({
          servers: natsUrl,
          name: 'test-cleanup',
          logger: system.logger,
          namespace: natsNamespace,
        });
        await cleaner.destroyStreams();
        await cleaner.close();
      }
      await scratch?.drop();
      await mailbox.stop();
    },
  };
}

/**
 * Gives a user an active subscription the way billing would: a
 * billing.subscription.changed event through the real transport, then waits until
 * identity has applied it.
 */
/**
 * A listener signed up and given a plan directly (no checkout), with a session id of their
 * own: where most tests of what subscribers do begin.
 */
export async function signedUpSubscriber(system: Pick<TestSystem, 'url' | 'grantSubscription'>, emailPrefix: string) {
  const client = new TestClient(system.url);
  const user = await client.signUp(uniqueEmail(emailPrefix));
  await system.grantSubscription(user.id);
  return { client, user, sessionId: newSessionId() };
}

/** A subscription fact as billing announces it: which subscription, whether it gives access, and its version. */
export interface SubscriptionChange {
  subscriptionId?: string;
  plan?: 'monthly' | 'yearly';
  entitled?: boolean;
  /** Consumers ignore a change older than one they already applied (billing counts versions up). */
  version?: number;
}

/**
 * Announces a subscription change the way billing does (a billing.subscription.changed
 * event through the real transport) and resolves once identity reports the user's access
 * accordingly.
 */
export async function announceSubscriptionThroughEvents(options: {
  transport: Pick<EventTransport, 'publish'>;
  identityDb: Db;
  userId: string;
  change?: SubscriptionChange;
}) {
  const { userId } = options;
  const entitled = options.change?.entitled ?? true;
  await options.transport.publish({
    id: randomUUID(),
    subject: SubscriptionChangedV1.subject,
    occurredAt: new Date().toISOString(),
    producer: 'billing',
    payload: SubscriptionChangedV1.schema.parse({
      subscriptionId: options.change?.subscriptionId ?? `sub_test_${randomUUID()}`,
      userId,
      email: null,
      plan: options.change?.plan ?? 'monthly',
      status: entitled ? 'active' : 'canceled',
      entitled,
      currentPeriodEnd: new Date(Date.now() + (entitled ? 30 : -1) * 86400_000).toISOString(),
      referralCode: null,
      version: options.change?.version ?? 1,
    }),
  });
  for (let i = 0; i < 100; i++) {
    const rows = (await options.identityDb.execute(
      sql`select 1 from identity.user_subscriptions where user_id = ${userId} and entitled`,
    )) as any;
    if ((rows.rows ?? rows).length > 0 === entitled) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`identity did not apply the subscription change (entitled: ${entitled})`);
}

/**
 * A fresh database on a PostgreSQL server, for one test system; `drop()` removes it.
 * With `migrated`, it is a copy of a template that already holds every service's
 * migrations, so the services find them applied instead of running them again (a copy
 * takes a fraction of the time). Without it the database is empty, as a first deploy sees it.
 */
export async function createScratchDatabase(
  serverUrl: string,
  suffix = randomBytes(4).toString('hex'),
  options: { migrated?: boolean } = {},
) {
  const name = `innerecho_test_${suffix}`;
  const template = options.migrated ? ` template ${await migratedTemplate(serverUrl)}` : '';
  await onServer(serverUrl, (client) => client.query(`create database ${name}${template}`));
  return {
    name,
    url: databaseUrl(serverUrl, name),
    drop: () => onServer(serverUrl, (client) => client.query(`drop database if exists ${name} with (force)`)),
  };
}

async function onServer<T>(serverUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(serverUrl: string, name: string) {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

const templates = new Map<string, Promise<string>>();

/**
 * The name of a database on the server holding every service's migrations, made once and
 * then reused by every test run whose migrations are the same: its name carries a hash of
 * the migration files, so a changed migration makes a new template. Builders on the same
 * server take turns (an advisory lock), and a template is renamed into place only when
 * whole, so a run that died half-way never leaves a broken one behind.
 */
function migratedTemplate(serverUrl: string): Promise<string> {
  let template = templates.get(serverUrl);
  if (!template) {
    template = buildMigratedTemplate(serverUrl);
    templates.set(serverUrl, template);
  }
  return template;
}

async function buildMigratedTemplate(serverUrl: string): Promise<string> {
  const modules = [
    identityService(),
    voiceService(),
    libraryService(),
    generationService(),
    billingService(),
    creatorReferralService(),
    notificationsService(),
  ];
  const hash = createHash('sha256');
  for (const module of modules) {
    for (const file of readdirSync(module.migrationsFolder, { recursive: true, encoding: 'utf8' }).sort()) {
      hash.update(`${module.name}/${file}\0`);
      if (file.endsWith('.sql') || file.endsWith('.json')) hash.update(readFileSync(join(module.migrationsFolder, file)));
    }
  }
  const name = `innerecho_template_${hash.digest('hex').slice(0, 16)}`;
  const building = `${name}_building`;
  return onServer(serverUrl, async (client) => {
    await client.query(`select pg_advisory_lock(hashtext('innerecho-test-template'))`);
    try {
      const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
      if (rowCount) return name;
      await client.query(`drop database if exists ${building} with (force)`);
      await client.query(`create database ${building}`);
      const logger = createLogger('test-template', 'silent');
      for (const module of modules) {
        const database = await openDatabase({
          schemaName: module.name.replace(/-/g, '_'),
          migrationsFolder: module.migrationsFolder,
          databaseUrl: databaseUrl(serverUrl, building),
          logger,
        });
        await database.close();
      }
      await client.query(`alter database ${building} rename to ${name}`);
      return name;
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('innerecho-test-template'))`);
    }
  });
}
