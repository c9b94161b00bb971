import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SubscriptionChangedV1 } from '@innerecho/contracts';
import { NatsTransport, type Db, type EventTransport } from '@innerecho/kit';
import { startSystem, type RunningSystem, type SystemOptions } from './system';

export interface TestSystem extends RunningSystem {
  admin: { email: string; password: string };
  databaseName?: string;
  /**
   * Gives a user an active subscription the way billing would: a
   * billing.subscription.changed event, delivered to identity through the real transport.
   * Resolves once identity reports the user as 'active'.
   */
  grantSubscription(userId: string, plan?: 'monthly' | 'yearly'): Promise<void>;
  /** Any subscription change (a start, an end), announced as billing would; resolves once identity applied it. */
  changeSubscription(userId: string, change: SubscriptionChange): Promise<void>;
}

/**
 * A throwaway system for tests: PGlite in memory, or a fresh database on the PostgreSQL
 * server when DATABASE_URL is set; events in-process, or in their own namespace on NATS
 * when NATS_URL is set. `stop()` removes what it created.
 */
export async function startTestSystem(overrides: Partial<SystemOptions> = {}): Promise<TestSystem> {
  const suffix = randomBytes(4).toString('hex');
  const serverUrl = process.env.DATABASE_URL;
  const scratch = serverUrl && overrides.databaseUrl === undefined ? await createScratchDatabase(serverUrl, suffix) : undefined;
  const databaseUrl = scratch?.url;
  const databaseName = scratch?.name;
  const natsUrl = overrides.natsUrl ?? process.env.NATS_URL ?? undefined;
  const natsNamespace = natsUrl ? `t${suffix}` : undefined;

  let admin = { email: '', password: '' };
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
    env: { ...process.env, SIGN_IN_RATE_LIMIT: '1000', ...(overrides.env ?? {}) },
  });

  const stop = system.stop;
  return {
    ...system,
    admin,
    databaseName,
    changeSubscription: (userId, change) =>
      announceSubscriptionThroughEvents({
        transport: system.transports[system.transports.length - 1],
        identityDb: system.services.identity.context.db,
        userId,
        change,
      }),
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
    },
  };
}

/**
 * Gives a user an active subscription the way billing would: a
 * billing.subscription.changed event through the real transport, then waits until
 * identity has applied it.
 */
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

/** A fresh database on a PostgreSQL server, for one test system; `drop()` removes it. */
export async function createScratchDatabase(serverUrl: string, suffix = randomBytes(4).toString('hex')) {
  const name = `innerecho_test_${suffix}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { name, url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}
