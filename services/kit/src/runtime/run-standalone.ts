import type { z } from 'zod';
import { parseConfig, type BaseServiceEnv } from '../config';
import { InProcessTransport } from '../events/in-process-transport';
import { NatsTransport } from '../events/nats-transport';
import type { EventTransport } from '../events/transport';
import { createLogger } from '../logger';
import { startService, type ServiceModule } from './service-runtime';

/**
 * The entry point of a service running in its own process (the distributed form): reads
 * the environment, connects to NATS, starts, and stops cleanly on SIGTERM/SIGINT.
 */
export async function runStandalone<TConfig extends BaseServiceEnv>(module: ServiceModule<TConfig>, envSchema: z.ZodType<TConfig>) {
  const config = parseConfig(envSchema, process.env) as TConfig;
  const logger = createLogger(module.name, config.LOG_LEVEL);
  let transport: EventTransport;
  if (config.NATS_URL) {
    transport = await NatsTransport.connect({ servers: config.NATS_URL, name: module.name, logger });
  } else {
    logger.warn('NATS_URL is not set: events stay inside this process');
    const inProcess = new InProcessTransport(logger);
    inProcess.markReady();
    transport = inProcess;
  }
  const service = await startService(module, { config, transport, logger, host: process.env.HOST ?? '0.0.0.0' });

  const shutdown = async (signal: string) => {
    logger.info({ signal }, 'shutting down');
    await service.stop();
    await transport.close();
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}
