import { createServer, type RequestListener, type Server } from 'node:http';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { Router, type Express, type RequestHandler } from 'express';
import type { Endpoint } from '@innerecho/contracts';
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
import { answerMalformedRequests } from '../http/client-errors';
import { createServiceApp } from '../http/create-service-app';
import { declaredRoutes, type DeclaredRoutes } from '../http/declared-routes';
import { personalReadLane, type PersonalRead } from '../http/personal-reads';
import { createLogger, type Logger } from '../logger';
import { ServiceMetrics } from '../observability/metrics';
import { startOperatorsPort } from '../observability/operators-port';
import { traceRequests } from '../observability/tracing';
import { createObjectStore } from '../storage/create-object-store';
import type { FileRouteHandlers, ObjectStore } from '../storage/object-store';
import { Lifecycle, operationsRoutes } from './lifecycle';
import { partVersion } from './part-version';

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
  /** This service's Prometheus figures; services add their own with `metrics.counter(...)`. */
  metrics: ServiceMetrics;
  /**
   * Runs `work` in one instance of this service at a time (several may run on one
   * database). `skipIfHeld`: skip it when another instance is at it (periodic jobs).
   */
  exclusive<T>(name: string, work: () => Promise<T>, options?: { skipIfHeld?: boolean }): Promise<T | undefined>;
  /** Aborted when the instance is told to stop: requests that wait (long polls) answer at once. */
  stopSignal: AbortSignal;
}

export interface ServiceParts {
  /** Every route, mounted through its declaration (`declaredRoutes`): nothing else is mounted. */
  routes: DeclaredRoutes<any>[];
  /** Run before the routes, after authentication (e.g. dropping kept reads after a write). */
  beforeRoutes?: RequestHandler[];
  consumers?: { name: string; handlers: EventHandler<any>[] }[];
  /** How this service verifies user sessions; defaults to identity's JWKS and revocation feed. */
  userVerifier?: TokenVerifier;
  /** More session kinds (the creator area's own cookie). */
  extraAuthenticators?: { verifier: TokenVerifier; cookieName: string }[];
  /**
   * Answers cached in memory for anyone (public reads), sent before request logging, body
   * parsing and session checks, none of which such an answer needs (see `ReadCache.answerFromCache`).
   */
  readCacheAnswers?: RequestHandler;
  /**
   * A signed-in listener's own reads, answered before Express when the session is valid
   * (`personalReadLane`); also mount them on `routes` (`mountPersonalReads`), which answers the rest.
   */
  personalReads?: PersonalRead[];
  /**
   * At the end of the grace period after SIGTERM, with requests still running: cancels the
   * work that cannot finish in time (renders), each answering and cleaning up before the
   * connections close. Resolves once they have.
   */
  cancelUnfinishedWork?: () => Promise<void>;
  onStop?: () => Promise<void>;
}

export interface ServiceModule<TConfig extends BaseServiceEnv = BaseServiceEnv> {
  /** Also the PostgreSQL schema it owns and its folder under DATA_DIR. */
  name: string;
  migrationsFolder: string;
  tables: { outbox: OutboxTable; inbox: InboxTable };
  /** The service's endpoint declarations (@innerecho/contracts); the runtime mounts the declared signed-file routes from them. */
  endpoints: Record<string, Endpoint>;
  build(context: ServiceContext<TConfig>): Promise<ServiceParts> | ServiceParts;
}

/**
 * A service laid out as every service is: `name` is also its PostgreSQL schema, its migrations
 * are in `data-access/migrations` beside its entry module (`sourceFolder`, its `__dirname`).
 */
export function defineService<TConfig extends BaseServiceEnv>(
  name: string,
  sourceFolder: string,
  module: Omit<ServiceModule<TConfig>, 'name' | 'migrationsFolder'>,
): ServiceModule<TConfig> {
  return { name, migrationsFolder: join(sourceFolder, 'data-access', 'migrations'), ...module };
}

export interface RunningService<TConfig extends BaseServiceEnv = BaseServiceEnv> {
  name: string;
  url: string;
  port: number;
  /** Its operators' port (`${metricsUrl}/metrics`); null with `METRICS_PORT=off`. */
  metricsUrl: string | null;
  context: ServiceContext<TConfig>;
  relay: OutboxRelay;
  /** The Express app serving its HTTP API (what it mounts can be read from its router). */
  app: Express;
  /** Starts publishing the outbox (the launcher does it once every consumer is subscribed). */
  startRelay(): void;
  /**
   * What the service does at the end of its grace period, for a front (the embedded
   * gateway) whose own grace ends first: cancels work that cannot finish, which then answers.
   */
  cancelUnfinishedWork(): Promise<void>;
  stop(): Promise<void>;
}

export interface StartServiceOptions<TConfig extends BaseServiceEnv> {
  config: TConfig;
  transport: EventTransport;
  logger?: Logger;
  host?: string;
  /** Start the relay at once (standalone processes); the embedded launcher defers it. */
  startRelay?: boolean;
  /** Close the transport on stop, after the relay and before the database (it is this service's alone). */
  ownsTransport?: boolean;
  /** Node process figures in `/metrics` (memory, event loop): only where one process is one service. */
  processMetrics?: boolean;
  /** How long in-flight requests may run after SIGTERM before their connections are cut. */
  shutdownGraceMs?: number;
  /** After SIGTERM, how long it keeps serving (not ready) before the drain, while load balancers stop sending. */
  shutdownDelayMs?: number;
  /** The version `/health` reports (an image's `INNERECHO_VERSION`); else worked out from the release record. */
  version?: string;
}

/**
 * Starts one service: opens its database and applies its migrations, subscribes its
 * consumers, serves its HTTP API and relays its outbox. `stop()` reverses it in the order
 * SIGTERM wants: stop taking requests, stop relaying, close the database. Nothing here waits
 * for NATS: a service started while it is away serves, and its events wait in the outbox.
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
    migrations: config.RUN_MIGRATIONS ? 'apply' : 'verify',
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const metrics = new ServiceMetrics(module.name, { processMetrics: options.processMetrics });
  const relay = new OutboxRelay({ db: database.db, outbox: module.tables.outbox, transport, logger, metrics });
  measureStorage(metrics, relay, database);
  const files = await openFiles(config, module.name, database, logger);
  const lifecycle = new Lifecycle();
  const context = serviceContext({ module, config, logger, database, transport, relay, files: files.store, metrics, lifecycle });

  // Instances starting together build one after the other, so first-start work in build()
  // (starter content, the seeded admin, signing keys) happens once and the next finds it done.
  const parts = (await database.exclusive('start-up', async () => module.build(context)))!;
  await subscribeConsumers(module, parts, context, relay);

  const sessions = parts.userVerifier ? null : createUserSessionVerifier({ identityUrl: config.IDENTITY_URL, logger });
  const userVerifier = parts.userVerifier ?? sessions!.verifier;
  const version = async () => options.version ?? partVersion(module.name);
  const app = serviceApp({ module, parts, context, lifecycle, sessions, userVerifier, fileHandlers: files.handlers, version });
  const lane = parts.personalReads?.length
    ? personalReadLane({ reads: parts.personalReads, verifier: userVerifier, lifecycle, metrics, logger })
    : null;
  const host = options.host ?? '127.0.0.1';
  const server = await listen(lane ? (req, res) => lane(req, res, app) : app, config.PORT, host);
  const port = (server.address() as AddressInfo).port;
  const url = `http://${host}:${port}`;
  const operatorsPort =
    config.METRICS_PORT === 'off'
      ? null
      : await startOperatorsPort({
          host: config.METRICS_HOST,
          port: config.METRICS_PORT,
          token: config.METRICS_TOKEN,
          figures: [metrics],
          headers: SERVICE_ANSWER_HEADERS,
          logger,
        });
  logger.info({ url, database: database.kind, events: transport.kind }, `${module.name} service listening`);

  if (options.startRelay ?? true) relay.start();
  // Started means able to check sessions: the first signed-in requests are not refused while
  // identity's keys and list of ended sessions load. An identity that does not answer delays the
  // start, not forever (until then /ready says which check is missing).
  if (sessions) {
    const [keys, list] = await Promise.all([
      sessions.keys.whenLoaded(SESSIONS_START_WAIT_MS),
      sessions.feed.whenLoaded(SESSIONS_START_WAIT_MS),
    ]);
    if (!keys) logger.warn({ identityUrl: config.IDENTITY_URL }, "started before identity's session keys could be loaded");
    if (!list) logger.warn({ identityUrl: config.IDENTITY_URL }, 'started before the list of ended sessions could be loaded from identity');
  }

  let stopping: Promise<void> | null = null;
  return {
    name: module.name,
    url,
    port,
    metricsUrl: operatorsPort?.url ?? null,
    context,
    relay,
    app,
    startRelay: () => relay.start(),
    cancelUnfinishedWork: async () => await parts.cancelUnfinishedWork?.(),
    stop() {
      stopping ??= (async () => {
        await lifecycle.stop(server, {
          delayMs: options.shutdownDelayMs ?? 0,
          graceMs: options.shutdownGraceMs ?? 25_000,
          logger,
          atGraceEnd: parts.cancelUnfinishedWork,
        });
        operatorsPort?.close();
        await relay.stop();
        await sessions?.close();
        // Handlers still at work finish before the database they write to closes.
        if (options.ownsTransport) await transport.close();
        await parts.onStop?.();
        await database.close();
        logger.info(`${module.name} service stopped`);
      })();
      return stopping;
    },
  };
}

/** Headers of answers sent before any route (malformed requests, the operators' port). */
const SERVICE_ANSWER_HEADERS: [string, string][] = [
  ['cache-control', 'no-store'],
  ['x-content-type-options', 'nosniff'],
];

async function listen(handler: RequestListener, port: number, host: string): Promise<Server> {
  const server = createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => (server.off('error', reject), resolve()));
  });
  // Keep-alive longer than the gateway's, so the proxy never reuses a socket we just closed.
  server.keepAliveTimeout = 65_000;
  answerMalformedRequests(server, SERVICE_ANSWER_HEADERS);
  return server;
}

/** The outbox's backlog and the database pool's use, read at scrape time. */
function measureStorage(metrics: ServiceMetrics, relay: OutboxRelay, database: Database) {
  metrics.gauge('outbox_rows_waiting', 'Outbox rows not yet published', async (gauge) => gauge.set((await relay.backlog()).waiting));
  metrics.gauge('outbox_oldest_waiting_age_seconds', 'Age of the oldest outbox row not yet published', async (gauge) =>
    gauge.set((await relay.backlog()).oldestAgeSeconds),
  );
  const usage = database.poolUsage;
  if (!usage) return;
  metrics.gauge('db_pool_connections_in_use', 'PostgreSQL connections of this process running a query or transaction', (gauge) =>
    gauge.set(usage().inUse),
  );
  metrics.gauge('db_pool_connections_open', 'PostgreSQL connections this process holds open (at most DATABASE_POOL_SIZE)', (gauge) =>
    gauge.set(usage().open),
  );
  metrics.gauge(
    'db_pool_requests_waiting',
    'Queries waiting for a free PostgreSQL connection (the pool is too small when this stays up)',
    (gauge) => gauge.set(usage().waiting),
  );
}

/** The service's object store; instances sharing a DATA_DIR take turns, so the first creates the URL-signing secret and the others read it. */
async function openFiles(config: BaseServiceEnv, name: string, database: Database, logger: Logger) {
  return (await database.exclusive('files', async () => {
    const created = createObjectStore(config, name, database.exclusive);
    // A write cut short by a crash leaves its `.partial` file: gone before this process writes anything.
    const removed = await created.local?.removeCrashedWrites();
    if (removed) logger.info({ removed }, 'removed files left half-written by a crash');
    return created;
  }))!;
}

function serviceContext<TConfig extends BaseServiceEnv>(parts: {
  module: ServiceModule<TConfig>;
  config: TConfig;
  logger: Logger;
  database: Database;
  transport: EventTransport;
  relay: OutboxRelay;
  files: ObjectStore;
  metrics: ServiceMetrics;
  lifecycle: Lifecycle;
}): ServiceContext<TConfig> {
  const { module, config, database, relay } = parts;
  return {
    name: module.name,
    config,
    logger: parts.logger,
    database,
    db: database.db,
    outbox: createOutboxWriter(module.name, module.tables.outbox),
    transport: parts.transport,
    async transaction(work) {
      const result = await database.db.transaction(work);
      relay.nudge();
      return result;
    },
    sessionOwnership: new SessionOwnership(config.IDENTITY_URL),
    files: parts.files,
    entitlements: new Entitlements(config.IDENTITY_URL),
    metrics: parts.metrics,
    exclusive: database.exclusive,
    stopSignal: parts.lifecycle.stopSignal,
  };
}

/** Subscribes the service's consumers, and reports their backlog at the broker at scrape time. */
async function subscribeConsumers(module: ServiceModule<any>, parts: ServiceParts, context: ServiceContext<any>, relay: OutboxRelay) {
  const { transport, metrics, logger } = context;
  const durableNames: string[] = [];
  for (const consumer of parts.consumers ?? []) {
    durableNames.push(
      await registerConsumer({
        service: module.name,
        name: consumer.name,
        db: context.db,
        inbox: module.tables.inbox,
        transport,
        logger,
        handlers: consumer.handlers,
        metrics,
        // Events a handler wrote move at once, as after any other transaction.
        onCommitted: () => relay.nudge(),
      }),
    );
  }
  const backlogOf = transport.consumerBacklog?.bind(transport);
  if (!backlogOf || durableNames.length === 0) return;
  // A consumer whose pending count keeps growing has fallen behind its events; redelivered ones are failing and being retried.
  metrics.gauge(
    'events_consumer_backlog',
    'Events the broker holds for a consumer: pending (not yet delivered), awaiting_ack, redelivered (delivered more than once, unacknowledged)',
    async (gauge) => {
      gauge.reset();
      for (const consumer of durableNames) {
        const backlog = await backlogOf(consumer).catch(() => null);
        if (!backlog) continue; // the broker is away: /health says so; no figure beats a wrong one
        gauge.set({ consumer, state: 'pending' }, backlog.pending);
        gauge.set({ consumer, state: 'awaiting_ack' }, backlog.awaitingAck);
        gauge.set({ consumer, state: 'redelivered' }, backlog.redelivered);
      }
    },
    ['consumer', 'state'],
  );
}

/** The service's Express app: operations, request figures and traces, sessions, then its declared routes. */
function serviceApp(options: {
  module: ServiceModule<any>;
  parts: ServiceParts;
  context: ServiceContext<any>;
  lifecycle: Lifecycle;
  sessions: ReturnType<typeof createUserSessionVerifier> | null;
  userVerifier: TokenVerifier;
  fileHandlers: FileRouteHandlers;
  version: () => Promise<string>;
}): Express {
  const { module, parts, context, lifecycle, sessions } = options;
  const { database, transport, metrics, logger } = context;
  return createServiceApp({
    name: module.name,
    logger,
    operations: operationsRoutes({
      name: module.name,
      version: options.version,
      lifecycle,
      metrics,
      logger,
      readiness: {
        database: database.ping,
        // Until identity's keys and list of ended sessions are in, every signed-in request would be
        // refused; once in, they are checked here while identity restarts, so this instance stays
        // ready (the service that signs sessions has its keys in hand).
        ...(sessions
          ? {
              'identity-keys': () => loadedFromIdentity(sessions.keys, "identity's session keys are not loaded yet"),
              'session-revocations': () => loadedFromIdentity(sessions.feed, 'the list of ended sessions is not loaded yet'),
            }
          : {}),
      },
      // Without NATS the instance still answers: its changes wait in the outbox.
      degradable: { events: () => transport.ping() },
    }),
    before: [
      lifecycle.guard(),
      metrics.middleware(),
      traceRequests({ service: module.name, continueIncoming: true }),
      ...(parts.readCacheAnswers ? [parts.readCacheAnswers] : []),
    ],
    authenticators: [
      ...(parts.extraAuthenticators ?? []).map((a) => authenticate(a.verifier, a.cookieName)),
      authenticate(options.userVerifier, USER_SESSION_COOKIE),
    ],
    routes: serviceRoutes(module, parts, options.fileHandlers),
  });
}

const SESSIONS_START_WAIT_MS = 30_000;

/** The service's declared routes, after its `beforeRoutes`, with the signed-file routes it declares when files are on local disk. */
function serviceRoutes(module: ServiceModule<any>, parts: ServiceParts, fileHandlers: FileRouteHandlers): Router {
  const router = Router();
  if (parts.beforeRoutes?.length) router.use(...parts.beforeRoutes);
  const fileRoutes = declaredRoutes(module.endpoints);
  for (const [method, handler] of Object.entries(fileHandlers)) {
    const id = `${method} /api/files/${module.name}/*key`;
    if (handler && Object.hasOwn(module.endpoints, id)) fileRoutes.handleDeclared(id, handler);
  }
  router.use(fileRoutes.router);
  for (const routes of parts.routes) router.use(routes.router);
  return router;
}

async function loadedFromIdentity(part: { isLoaded: boolean }, missing: string) {
  if (!part.isLoaded) throw new Error(missing);
}
