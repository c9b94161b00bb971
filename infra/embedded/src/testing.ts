import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { SubscriptionChangedV1 } from '@innerecho/contracts';
import { NatsTransport } from '@innerecho/kit';
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
}

/**
 * A throwaway system for tests: PGlite in memory, or a fresh database on the PostgreSQL
 * server when DATABASE_URL is set; events in-process, or in their own namespace on NATS
 * when NATS_URL is set. `stop()` removes what it created.
 */
export async function startTestSystem(overrides: Partial<SystemOptions> = {}): Promise<TestSystem> {
  const suffix = randomBytes(4).toString('hex');
  let databaseUrl: string | undefined;
  let databaseName: string | undefined;
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl && overrides.databaseUrl === undefined) {
    databaseName = `innerecho_test_${suffix}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${databaseName}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
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
    async grantSubscription(userId, plan = 'monthly') {
      const envelope = {
        id: randomUUID(),
        subject: SubscriptionChangedV1.subject,
        occurredAt: new Date().toISOString(),
        producer: 'billing',
        payload: SubscriptionChangedV1.schema.parse({
          subscriptionId: `sub_test_${randomUUID()}`,
          userId,
          email: null,
          plan,
          status: 'active',
          entitled: true,
          currentPeriodEnd: new Date(Date.now() + 30 * 86400_000).toISOString(),
          referralCode: null,
          version: 1,
        }),
      };
      await system.transports[system.transports.length - 1].publish(envelope);
      const identityDb = system.services.identity.context.db;
      for (let i = 0; i < 100; i++) {
        const rows = (await identityDb.execute(
          sql`select 1 from identity.user_subscriptions where user_id = ${userId} and entitled`,
        )) as any;
        if ((rows.rows ?? rows).length > 0) return;
        await new Promise((r) => setTimeout(r, 100));
      }
      throw new Error('identity did not apply the subscription');
    },
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
      if (databaseName && serverUrl) {
        const client = new pg.Client({ connectionString: serverUrl });
        await client.connect();
        await client.query(`drop database if exists ${databaseName} with (force)`);
        await client.end();
      }
    },
  };
}
