import { createLogger, parseConfig } from '@innerecho/kit';
import { startGateway, ZGatewayEnv } from './index';

async function main() {
  const config = parseConfig(ZGatewayEnv);
  const logger = createLogger('gateway', config.LOG_LEVEL);
  const gateway = await startGateway(config, logger);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, async () => {
      logger.info({ signal }, 'shutting down');
      await gateway.stop();
      process.exit(0);
    });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
