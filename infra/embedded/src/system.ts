import { resolve } from 'node:path';
import type { z } from 'zod';
import {
  createLogger,
  startTracing,
  InProcessTransport,
  NatsTransport,
  parseConfig,
  startService,
  type BaseServiceEnv,
  type EventTransport,
  type KeyStore,
  type Logger,
  type RunningService,
  type ServiceModule,
} from '@innerecho/kit';
import { startGateway, ZGatewayEnv, type RunningGateway } from '@innerecho/gateway';
import { identityService, ZIdentityEnv } from '@innerecho/identity';
import { voiceService, ZVoiceEnv } from '@innerecho/voice';
import { libraryService, ZLibraryEnv } from '@innerecho/library';
import { generationService, ZGenerationEnv } from '@innerecho/generation';
import { billingService, ZBillingEnv } from '@innerecho/billing';
import { creatorReferralService, ZCreatorReferralEnv } from '@innerecho/creator-referral';
import { notificationsService, ZNotificationsEnv } from '@innerecho/notifications';
import { freePort } from './free-port';

export interface SystemOptions {
  /** Base environment (keys such as ELEVENLABS_API_KEY pass through). Defaults to process.env. */
  env?: NodeJS.ProcessEnv;
  /** Gateway port; 0 picks a free one. */
  port?: number;
  /** PGlite data root, or 'memory://'. Ignored for services when databaseUrl is set. */
  dataDir: string;
  databaseUrl?: string;
  natsUrl?: string;
  /** Keeps this system's NATS subjects apart from any other on the same server. */
  natsNamespace?: string;
  logLevel?: string;
  frontendsDir?: string;
  seedAdminEmail?: string;
  onAdminSeeded?: (credentials: { email: string; password: string }) => void;
}

export type ServiceKey = 'identity' | 'voice' | 'library' | 'generation' | 'billing' | 'creatorReferral' | 'notifications';

export interface RunningSystem {
  url: string;
  gateway: RunningGateway;
  services: Record<ServiceKey, RunningService<any>>;
  transports: EventTransport[];
  /** Identity's signing keys (tests forge and rotate tokens with them). */
  identityKeys: KeyStore;
  logger: Logger;
  stop(): Promise<void>;
}

/**
 * The whole product in one process: every service on its own loopback port (real HTTP
 * between gateway and services), one database per service (PGlite directories, or schemas
 * on one PostgreSQL server), and events in-process or through NATS JetStream.
 */
export async function startSystem(options: SystemOptions): Promise<RunningSystem> {
  const env = options.env ?? process.env;
  const logLevel = options.logLevel ?? env.LOG_LEVEL ?? 'info';
  const logger = createLogger('innerecho', logLevel);
  // Traces go out over OTLP when OTEL_EXPORTER_OTLP_ENDPOINT is set (a test may have started tracing already).
  startTracing({ serviceName: 'innerecho', env });
  const port = options.port === 0 || options.port === undefined ? await freePort() : options.port;
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${port}`;

  const transports: EventTransport[] = [];
  const inProcess = options.natsUrl ? null : new InProcessTransport(logger.child({ name: 'events' }));
  if (inProcess) transports.push(inProcess);
  const transportFor = async (name: string): Promise<EventTransport> => {
    if (inProcess) return inProcess;
    // Reached in the background: the product starts and serves while NATS is away.
    const nats = NatsTransport.open({
      servers: options.natsUrl!,
      name,
      logger: logger.child({ name: `${name}-events` }),
      namespace: options.natsNamespace,
    });
    transports.push(nats);
    return nats;
  };

  const started: RunningService<any>[] = [];
  const start = async <C extends BaseServiceEnv>(
    module: ServiceModule<C>,
    schema: z.ZodType<C>,
    extra: Record<string, string | undefined> = {},
  ) => {
    const config = parseConfig(schema, {
      ...env,
      PORT: '0',
      DATA_DIR: options.dataDir,
      DATABASE_URL: options.databaseUrl ?? '',
      NATS_URL: options.natsUrl ?? '',
      LOG_LEVEL: logLevel,
      PUBLIC_URL: publicUrl,
      IDENTITY_URL: identityUrl,
      // One operators' port for the whole process: the gateway's shows every part's figures.
      METRICS_PORT: 'off',
      ...extra,
    });
    const service = await startService(module, {
      config,
      transport: await transportFor(module.name),
      logger: logger.child({ name: module.name }),
      startRelay: false,
      shutdownGraceMs: config.SHUTDOWN_GRACE_SECONDS * 1000,
    });
    started.push(service);
    return service;
  };

  let identityUrl = 'http://127.0.0.1:1';
  try {
    const identityModule = identityService({ onAdminSeeded: options.onAdminSeeded });
    const identity = await start(identityModule, ZIdentityEnv, {
      SEED_ADMIN_EMAIL: options.seedAdminEmail ?? env.SEED_ADMIN_EMAIL ?? '',
    });
    identityUrl = identity.url;
    const starting = { voice: start(voiceService(), ZVoiceEnv), library: start(libraryService(), ZLibraryEnv) };
    // Generation calls voice and library, so it starts once their URLs are known.
    const startingGeneration = Promise.all([starting.voice, starting.library]).then(([v, l]) =>
      start(generationService(), ZGenerationEnv, { VOICE_URL: v.url, LIBRARY_URL: l.url }),
    );
    const [voice, library, generation, billing, creatorReferral, notifications] = await Promise.all([
      starting.voice,
      starting.library,
      startingGeneration,
      start(billingService(), ZBillingEnv),
      start(creatorReferralService(), ZCreatorReferralEnv),
      // Without SMTP_URL in the environment, mail is kept as .eml files under DATA_DIR/mail/.
      start(notificationsService(), ZNotificationsEnv),
    ]);

    // Every consumer is subscribed now: let events flow.
    inProcess?.markReady();
    for (const service of started) service.startRelay();

    const gateway = await startGateway(
      parseConfig(ZGatewayEnv, {
        PORT: String(port),
        HOST: env.HOST ?? '0.0.0.0',
        LOG_LEVEL: logLevel,
        PUBLIC_URL: publicUrl,
        IDENTITY_URL: identity.url,
        VOICE_URL: voice.url,
        LIBRARY_URL: library.url,
        GENERATION_URL: generation.url,
        BILLING_URL: billing.url,
        CREATOR_REFERRAL_URL: creatorReferral.url,
        NOTIFICATIONS_URL: notifications.url,
        FRONTENDS_DIR: options.frontendsDir ?? resolve(__dirname, '..', '..', '..', 'frontends'),
        SIGN_IN_RATE_LIMIT: env.SIGN_IN_RATE_LIMIT,
        SIGN_IN_RATE_WINDOW_SECONDS: env.SIGN_IN_RATE_WINDOW_SECONDS,
        API_RATE_LIMIT: env.API_RATE_LIMIT,
        // A test's system (any free port) takes any free operators' port too.
        METRICS_PORT: env.METRICS_PORT ?? (options.port === 0 || options.port === undefined ? '0' : undefined),
        SHUTDOWN_GRACE_SECONDS: env.SHUTDOWN_GRACE_SECONDS,
        METRICS_TOKEN: env.METRICS_TOKEN,
        METRICS_HOST: env.METRICS_HOST,
        REMOTE_URL_PUBLIC: env.REMOTE_URL_PUBLIC,
        REMOTE_URL_SUBSCRIBER: env.REMOTE_URL_SUBSCRIBER,
        REMOTE_URL_CREATOR: env.REMOTE_URL_CREATOR,
        REMOTE_URL_ADMIN: env.REMOTE_URL_ADMIN,
        FILES_ORIGIN: env.FILES_ORIGIN,
      }),
      logger.child({ name: 'gateway' }),
      { alsoFigures: started.map((service) => service.context.metrics) },
    );

    let stopping: Promise<void> | null = null;
    return {
      url: gateway.url,
      gateway,
      services: { identity, voice, library, generation, billing, creatorReferral, notifications },
      transports,
      identityKeys: identityModule.keys!,
      logger,
      stop() {
        stopping ??= (async () => {
          // The services serve the gateway's requests until it has drained; at its deadline
          // they cancel what cannot finish (renders answer 503 and give their seconds back).
          await gateway.stop({ atGraceEnd: () => Promise.all(started.map((s) => s.cancelUnfinishedWork())) });
          await Promise.all(started.map((s) => s.stop()));
          await Promise.all(transports.map((t) => t.close()));
        })();
        return stopping;
      },
    };
  } catch (error) {
    await Promise.allSettled(started.map((s) => s.stop()));
    await Promise.allSettled(transports.map((t) => t.close()));
    throw error;
  }
}
