// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- s3rver ships no types: this brings the declarations the kit's tests keep
/// <reference path="../../../services/kit/test/s3rver.d.ts" />
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { AddressInfo } from 'node:net';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import S3rver from 's3rver';
import {
  announceSubscriptionThroughEvents,
  createScratchDatabase,
  freePort,
  LOCAL_DATABASE_SERVER,
  TestClient,
  type ServiceKey,
  type SubscriptionChange,
} from '@innerecho/embedded';
import { createLogger, NatsTransport, type Db } from '@innerecho/kit';
import { REPOSITORY_ROOT, SERVICES, type S3Settings, type ServiceName } from './environment';
import { startDistributedSystem, type DistributedOptions, type DistributedSystem } from './distributed-system';

/** Where tests find NATS: the CI variable, else the one running on this machine (PostgreSQL: LOCAL_DATABASE_SERVER). */
export const LOCAL_NATS = 'nats://127.0.0.1:4222';

export const SERVICE_KEYS: Record<ServiceName, ServiceKey> = {
  identity: 'identity',
  voice: 'voice',
  library: 'library',
  generation: 'generation',
  billing: 'billing',
  'creator-referral': 'creatorReferral',
  notifications: 'notifications',
};

/** Names the file where the e2e global setup leaves the descriptor of the system it started. */
export const DISTRIBUTED_DESCRIPTOR_ENV = 'INNERECHO_E2E_DISTRIBUTED';

/** What a test needs to reach a running distributed system from another process or module. */
export interface DistributedSystemDescriptor {
  url: string;
  admin: { email: string; password: string };
  databaseUrl: string;
  natsUrl: string;
  natsNamespace: string;
  /** Each service's address (its balancer when it runs several instances). */
  services: Record<ServiceKey, string>;
  logDir: string;
  /** Where notifications keeps each mail as an .eml file (no mail server is given to it). */
  mailDir: string;
}

export interface DistributedTestSystem extends DistributedSystemDescriptor {
  system: DistributedSystem;
  stop(): Promise<void>;
}

export interface DistributedTestOptions {
  instances?: number;
  /** Files on S3 through s3rver (as CI runs the journeys); else on local disk. */
  s3?: boolean;
  gatewayEnv?: Record<string, string>;
  serviceEnv?: Record<string, string>;
  logLevel?: string;
  /** A NATS of the test's own (one it stops and starts); else NATS_URL or the one on this machine. */
  natsUrl?: string;
  /** Where a part's code comes from when not this repository (mixed-version runs). */
  codeOf?: DistributedOptions['codeOf'];
  /** notifications' mail server (a test mailbox's URL); else each mail is kept as a file. */
  smtpUrl?: string;
}

const TEST_ADMIN = 'admin@innerecho.test';
const TEST_ADMIN_PASSWORD = 'distributed admin password';

/** Lets the browser (another origin) put and read objects with presigned URLs, as a bucket's CORS rules would. */
const BUCKET_CORS = `<CORSConfiguration>
  <CORSRule>
    <AllowedOrigin>*</AllowedOrigin>
    <AllowedMethod>GET</AllowedMethod><AllowedMethod>PUT</AllowedMethod><AllowedMethod>POST</AllowedMethod>
    <AllowedMethod>HEAD</AllowedMethod><AllowedMethod>DELETE</AllowedMethod>
    <AllowedHeader>*</AllowedHeader>
    <ExposeHeader>ETag</ExposeHeader><ExposeHeader>Content-Range</ExposeHeader><ExposeHeader>Content-Length</ExposeHeader>
    <MaxAgeSeconds>600</MaxAgeSeconds>
  </CORSRule>
</CORSConfiguration>`;

/** An S3 server on a free local port (s3rver) keeping its objects under `directory`, with the product's bucket in it. */
export async function startLocalS3(directory: string): Promise<{ settings: S3Settings; close: () => Promise<void> }> {
  const s3rver = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: 'innerecho', configs: [BUCKET_CORS] }],
  });
  const { port } = (await s3rver.run()) as AddressInfo;
  return {
    // s3rver accepts any key pair; the SDK just needs one to sign with.
    settings: {
      bucket: 'innerecho',
      endpoint: `http://127.0.0.1:${port}`,
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
    },
    close: () => s3rver.close(),
  };
}

/**
 * The distributed form for tests: its own database on the PostgreSQL server, its own
 * namespace on NATS, files on s3rver (with `s3`), every service and the gateway in its
 * own process. The first admin's password is chosen through the setup link identity
 * writes to its log, as an operator would. `stop()` removes all of it.
 */
export async function startDistributedTestSystem(options: DistributedTestOptions = {}): Promise<DistributedTestSystem> {
  const suffix = randomBytes(4).toString('hex');
  const work = mkdtempSync(join(tmpdir(), 'innerecho-distributed-'));
  const cleanups: (() => Promise<unknown>)[] = [async () => rmSync(work, { recursive: true, force: true })];
  const cleanUp = async () => {
    for (const step of cleanups.reverse()) await step().catch(() => undefined);
  };
  try {
    const database = await createScratchDatabase(process.env.DATABASE_URL || LOCAL_DATABASE_SERVER, suffix);
    cleanups.push(database.drop);
    const natsUrl = options.natsUrl ?? (process.env.NATS_URL || LOCAL_NATS);
    const natsNamespace = `d${suffix}`;
    cleanups.push(() => destroyNamespace(natsUrl, natsNamespace));

    let s3: S3Settings | undefined;
    if (options.s3) {
      const localS3 = await startLocalS3(join(work, 's3'));
      cleanups.push(localS3.close);
      s3 = localS3.settings;
    }

    const gatewayPort = await freePort();
    const system = await startDistributedSystem({
      wiring: {
        databaseUrl: database.url,
        natsUrl,
        natsNamespace,
        s3,
        dataDir: join(work, 'data'),
        secretsDir: join(work, 'secrets'),
        publicUrl: `http://localhost:${gatewayPort}`,
        logLevel: options.logLevel ?? process.env.TEST_LOG_LEVEL ?? 'info',
        seedAdminEmail: TEST_ADMIN,
        smtpUrl: options.smtpUrl,
        frontendsDir: resolve(REPOSITORY_ROOT, 'frontends'),
      },
      gatewayPort,
      instances: options.instances,
      ports: 'free',
      logDir: join(work, 'logs'),
      gatewayEnv: { SIGN_IN_RATE_LIMIT: '1000', ...(options.gatewayEnv ?? {}) },
      serviceEnv: options.serviceEnv,
      codeOf: options.codeOf,
    });
    cleanups.push(() => system.stop());

    const setupUrl = adminSetupUrlFromLog(system);
    await chooseAdminPassword(system.url, setupUrl, TEST_ADMIN_PASSWORD);

    const descriptor: DistributedSystemDescriptor = {
      url: system.url,
      admin: { email: TEST_ADMIN, password: TEST_ADMIN_PASSWORD },
      databaseUrl: database.url,
      natsUrl,
      natsNamespace,
      services: Object.fromEntries(SERVICES.map((s) => [SERVICE_KEYS[s], system.services[s].address])) as Record<ServiceKey, string>,
      logDir: join(work, 'logs'),
      mailDir: join(work, 'data', 'mail'),
    };
    return { ...descriptor, system, stop: cleanUp };
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** The one-time link identity logged when it created the first admin (the log is JSON). */
export function adminSetupUrlFromLog(system: DistributedSystem): string {
  for (const instance of system.services.identity.instances) {
    for (const line of instance.logLines()) {
      if (!line.includes('setupUrl')) continue;
      try {
        const entry = JSON.parse(line) as { setupUrl?: string };
        if (entry.setupUrl) return entry.setupUrl;
      } catch {
        /* not JSON */
      }
    }
  }
  throw new Error('identity logged no admin setup link');
}

/** Opens the setup link and submits the form, as the operator's browser would. Returns the signed-in client. */
export async function chooseAdminPassword(baseUrl: string, setupUrl: string, password: string): Promise<TestClient> {
  const link = new URL(setupUrl);
  const client = new TestClient(baseUrl);
  const page = await client.request('GET', `${link.pathname}${link.search}`);
  if (page.status !== 200) throw new Error(`setup link answered ${page.status}`);
  const done = await client.request('POST', link.pathname, {
    form: { token: link.searchParams.get('token') ?? '', password, confirm: password },
  });
  if (done.status !== 303) throw new Error(`setting the admin password answered ${done.status}: ${done.text}`);
  return client;
}

/**
 * Reaches a distributed system started elsewhere (the e2e global setup): its URL and admin,
 * each service's address and a database handle (tests arrange facts the way an operator
 * would), and `grantSubscription` through the real event bus.
 */
export async function attachToDistributedSystem(descriptor: DistributedSystemDescriptor) {
  const pool = new pg.Pool({ connectionString: descriptor.databaseUrl, max: 4 });
  const db = drizzle(pool) as unknown as Db;
  const logger = createLogger('e2e', 'silent');
  let transport: NatsTransport | null = null;
  const services = Object.fromEntries(Object.entries(descriptor.services).map(([key, url]) => [key, { url, context: { db } }])) as Record<
    ServiceKey,
    { url: string; context: { db: Db } }
  >;
  return {
    url: descriptor.url,
    admin: descriptor.admin,
    services,
    async changeSubscription(userId: string, change: SubscriptionChange) {
      transport ??= await NatsTransport.connect({
        servers: descriptor.natsUrl,
        name: 'e2e',
        logger,
        namespace: descriptor.natsNamespace,
      });
      await announceSubscriptionThroughEvents({ transport, identityDb: db, userId, change });
    },
    async grantSubscription(userId: string, plan?: 'monthly' | 'yearly') {
      await this.changeSubscription(userId, { plan });
    },
    async close() {
      await transport?.close();
      await pool.end();
    },
  };
}

/** Removes the namespace's streams; a NATS that is away (a test's own, stopped) keeps them, and the test removes its store. */
async function destroyNamespace(natsUrl: string, namespace: string) {
  const cleaner = NatsTransport.open({ servers: natsUrl, name: 'test-cleanup', logger: createLogger('cleanup', 'silent'), namespace });
  await Promise.race([cleaner.whenAvailable(), new Promise((resolve) => setTimeout(resolve, 10_000))]);
  await cleaner.destroyStreams();
  await cleaner.close();
}
