import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, createUserSessionVerifier, type Logger } from '@innerecho/kit';
import { createGatewayApp } from './app';
import type { GatewayConfig } from './config';

export { ZGatewayEnv, type GatewayConfig } from './config';
export { ROUTE_TABLE, findRoute } from './route-table';
export { createGatewayApp, frontendsBuilt } from './app';

export interface RunningGateway {
  url: string;
  port: number;
  stop(): Promise<void>;
}

export async function startGateway(
  config: GatewayConfig,
  logger: Logger = createLogger('gateway', config.LOG_LEVEL),
): Promise<RunningGateway> {
  const sessions = createUserSessionVerifier({ identityUrl: config.IDENTITY_URL, logger });
  const app = createGatewayApp({ config, logger, verifier: sessions.verifier });
  const server: Server = await new Promise((resolve, reject) => {
    const s = app.listen(config.PORT, config.HOST, () => resolve(s));
    s.once('error', reject);
  });
  // Longer than clients' keep-alive (undici: 4 s; browsers: up to 60 s), so the gateway
  // never closes an idle socket a client is about to reuse ("other side closed").
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  logger.info({ url }, 'gateway listening');
  return {
    url,
    port,
    stop: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
        setTimeout(() => server.closeAllConnections(), 3000).unref();
      });
      await sessions.close();
    },
  };
}
