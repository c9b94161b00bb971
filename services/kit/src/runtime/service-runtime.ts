import type { Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Router } from 'express';
import { authenticate } from '../auth/authenticate';
import { SessionOwnership } from '../auth/session-ownership';
import { Entitlements } from '../auth/entitlements';
import { USER_SESSION_COOKIE, type TokenVerifier } from '../auth/session-token';
import { createUserSessionVerifier } from '../auth/session-revocations';
import type { BaseServiceEnv } from '../config';
import { openDatabase, type Database, type Db, type Tx } from '../db/database';
import { registerConsumer, type EventHandler } from '../events/consumer';
import { createOutboxWriter, type OutboxWriter } from '../events/outbox';
import { OutboxRelay } from '../events/relay';
import type { InboxTable, OutboxTable } from '../events/tables';
import type { EventTransport } from '../events/transport';
import { createServiceApp } from '../http/create-service-app';
import { createLogger, type Logger } from '../logger';
import { createObjectStore } from '../storage/create-object-store';
import type { ObjectStore } from '../storage/object-store';

export interface ServiceContext<TConfig extends BaseServiceEnv = BaseServiceEnv> {
  name: string;
  config: TConfig;
  logger: Logger;
  database: Database;
  db: Db;
  outbox: OutboxWriter;
  transport: EventTransport;
  /** Runs `work` in one transaction and wakes the outbox relay once it has committed. */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** The sessionId rule (see ARCHITECTURE.md): bound to one user, refused to others. */
  sessionOwnership: SessionOwnership;
  /** The service's files (local disk or S3), reached by browsers through signed URLs. */
  files: ObjectStore;
  /** `await context.entitlements.require(req)` before cloning or generating. */
  entitlements: Entitlements;
}

export interface ServiceParts {
  routes: Router;
  consumers?: { name: string; handlers: EventHandler<any>[] }[];
  /** How this service verifies user sessions; defaults to identity's JWKS and revocation feed. */
  userVerifier?: TokenVerifier;
  /** More session kinds (the creator area's own cookie). */
  extraAuthenticators?: { verifier: TokenVerifier; cookieName: string }[];
  onStop?: () => Promise<void>;
}

export interface ServiceModule<TConfig extends BaseServiceEnv = BaseServiceEnv> {
  /** Also the PostgreSQL schema it owns and its folder under DATA_DIR. */
  name: string;
  migrationsFolder: string;
  tables: { outbox: OutboxTable; inbox: InboxTable };
  build(context: ServiceContext<TConfig>): Promise<ServiceParts> | ServiceParts;
}

export interface RunningService<TConfig extends BaseServiceEnv = BaseServiceEnv> {
  name: string;
  url: string;
  port: number;
  context: ServiceContext<TConfig>;
  relay: OutboxRelay;
  /** Starts publishing the outbox (the launcher does it once every consumer is subscribed). */
  startRelay(): void;
  stop(): Promise<void>;
}

export interface StartServiceOptions<TConfig extends BaseServiceEnv> {
  config: TConfig;
  transport: EventTransport;
  logger?: Logger;
  host?: string;
  /** Start the relay at once (standalone processes); the embedded launcher defers it. */
  startRelay?: boolean;
}

/**
 * Starts one service: opens its database and applies its migrations, subscribes its
 * consumers, serves its HTTP API and relays its outbox. `stop()` reverses it in the order
 * SIGTERM wants: stop taking requests, stop relaying, close the database.
 */
export async function startService<TConfig extends BaseServiceEnv>(
  module: ServiceModule<TConfig>,
  options: StartServiceOptions<TConfig>,
): Promise<RunningService<TConfig>> {
  const { config, transport } = options;
  const logger = options.logger ?? createLogger(module.name, config.LOG_LEVEL);
  const database = await openDatabase({
    schemaName: module.name.replace(/-/g, '_'),
    migrationsFolder: module.migrationsFolder,
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR === 'memory://' ? 'memory://' : join(config.DATA_DIR, module.name, 'pg'),
    logger,
  });
  const relay = new OutboxRelay({ db: database.db, outbox: module.tables.outbox, transport, logger });
  const files = createObjectStore(config, module.name);
  const context: ServiceContext<TConfig> = {
    name: module.name,
    config,
    logger,
    database,
    db: database.db,
    outbox: createOutboxWriter(module.name, module.tables.outbox),
    transport,
    async transaction(work) {
      const result = await database.db.transaction(work);
      relay.nudge();
      return result;
    },
    sessionOwnership: new SessionOwnership(config.IDENTITY_URL),
    files: files.store,
    entitlements: new Entitlements(config.IDENTITY_URL),
  };

  const parts = await module.build(context);
  for (const consumer of parts.consumers ?? []) {
    await registerConsumer({
      service: module.name,
      name: consumer.name,
      db: database.db,
      inbox: module.tables.inbox,
      transport,
      logger,
      handlers: consumer.handlers,
    });
  }

  const sessions = parts.userVerifier ? null : createUserSessionVerifier({ identityUrl: config.IDENTITY_URL, logger });
  const userVerifier = parts.userVerifier ?? sessions!.verifier;
  const app = createServiceApp({
    name: module.name,
    logger,
    authenticators: [
      ...(parts.extraAuthenticators ?? []).map((a) => authenticate(a.verifier, a.cookieName)),
      authenticate(userVerifier, USER_SESSION_COOKIE),
    ],
    routes: files.local ? Router().use(`/api/files/${module.name}`, files.local.routes()).use(parts.routes) : parts.routes,
    health: database.ping,
  });

  const host = options.host ?? '127.0.0.1';
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.PORT, host, () => resolve(s));
    s.once('error', reject);
  });
  // Keep-alive longer than the gateway's, so the proxy never reuses a socket we just closed.
  server.keepAliveTimeout = 65_000;
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  logger.info({ url, database: database.kind, events: transport.kind }, `${module.name} service listening`);

  if (options.startRelay ?? true) relay.start();

  let stopping: Promise<void> | null = null;
  return {
    name: module.name,
    url,
    port,
    context,
    relay,
    startRelay: () => relay.start(),
    stop() {
      stopping ??= (async () => {
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeIdleConnections();
          setTimeout(() => server.closeAllConnections(), 5000).unref();
        });
        await relay.stop();
        await sessions?.close();
        await parts.onStop?.();
        await database.close();
        logger.info(`${module.name} service stopped`);
      })();
      return stopping;
    },
  };
}
