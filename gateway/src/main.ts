import { createLogger, parseConfig, startTracing, versionSetting } from '@innerecho/kit';
import { startGateway, ZGatewayEnv } from './index';

async function main() {
  const config = parseConfig(ZGatewayEnv);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const tracing = startTracing({ serviceName: 'gateway' });
  const gateway = await startGateway(config, logger, { processMetrics: true, version: versionSetting() });
  let stopping = false;
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    // Stopping is asynchronous; the handler starts it and the process exits when it is done.
    process.on(
      signal,
      () =>
        void (async () => {
          if (stopping) return;
          stopping = true;
          logger.info({ signal }, 'draining: finishing requests in flight');
          await gateway.stop();
          await tracing.shutdown();
          process.exit(0);
        })(),
    );
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
