import type { z } from 'zod';
import { parseConfig, type BaseServiceEnv } from '../config';
import { InProcessTransport } from '../events/in-process-transport';
import { NatsTransport } from '../events/nats-transport';
import type { EventTransport } from '../events/transport';
import { createLogger } from '../logger';
import { startTracing } from '../observability/tracing';
import { versionSetting } from './part-version';
import { startService, type ServiceModule } from './service-runtime';

/**
 * The entry point of a service running in its own process (the distributed form): reads
 * the environment, connects to NATS, starts, and on SIGTERM/SIGINT drains (in-flight
 * requests finish, new ones get 503 + Retry-After, events being handled are finished)
 * before it exits. Any number of instances may run side by side on one database and NATS.
 */
export async function runStandalone<TConfig extends BaseServiceEnv>(module: ServiceModule<TConfig>, envSchema: z.ZodType<TConfig>) {
  const config = parseConfig(envSchema, process.env) as TConfig;
  const logger = createLogger(module.name, config.LOG_LEVEL);
  const tracing = startTracing({ serviceName: module.name });
  let transport: EventTransport;
  if (config.NATS_URL) {
    // Not awaited: a service started while NATS is away serves at once, its events waiting in the outbox.
    transport = NatsTransport.open({ servers: config.NATS_URL, name: module.name, logger, namespace: config.NATS_NAMESPACE });
  } else {
    logger.warn('NATS_URL is not set: events stay inside this process');
    const inProcess = new InProcessTransport(logger);
    inProcess.markReady();
    transport = inProcess;
  }
  const service = await startService(module, {
    config,
    transport,
    logger,
    host: process.env.HOST ?? '0.0.0.0',
    ownsTransport: true,
    processMetrics: true,
    shutdownGraceMs: config.SHUTDOWN_GRACE_SECONDS * 1000,
    shutdownDelayMs: config.SHUTDOWN_DELAY_SECONDS * 1000,
    version: versionSetting(),
  });

  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'draining: finishing requests and events in flight');
    try {
      await service.stop();
      await tracing.shutdown();
      process.exit(0);
    } catch (error) {
      logger.error({ err: error }, 'unclean shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));
}
