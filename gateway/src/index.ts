import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  answerMalformedRequests,
  createLogger,
  createUserSessionVerifier,
  startOperatorsPort,
  type Logger,
  type OperatorsPort,
  type ServiceMetrics,
} from '@innerecho/kit';
import { createGateway } from './app';
import type { GatewayConfig } from './config';
import { gatewayOperations } from './operations';
import { PostgresRateLimitStore } from './rate-limit-store';
import { API_ANSWER_HEADERS, everyAnswerHeaders } from './security-headers';

export { ZGatewayEnv, type GatewayConfig } from './config';
export { ROUTE_TABLE, findRoute } from './route-table';
export { createGateway, frontendsBuilt } from './app';
export { SIGN_IN_COUNTER_POOL_SIZE } from './rate-limit-store';

const listen = (server: Server, port: number, host: string) =>
  new Promise<void>((resolve, reject) => {
    server.once('error', reject); // EADDRINUSE and the like
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });

export interface RunningGateway {
  url: string;
  port: number;
  /** The operators' port (METRICS_PORT): `${metricsUrl}/metrics`; null with `METRICS_PORT=off`. */
  metricsUrl: string | null;
  /**
   * Drains (requests in flight finish, new ones get 503 + Retry-After), then closes.
   * `atGraceEnd`: where the services behind it stop after it (one process), what cancels
   * their unfinished work at its deadline, so those requests answer before it closes.
   */
  stop(options?: { atGraceEnd?: () => Promise<unknown> }): Promise<void>;
}

export async function startGateway(
  config: GatewayConfig,
  logger: Logger = createLogger('gateway', config.LOG_LEVEL),
  options: {
    processMetrics?: boolean;
    /** More figures its operators' port shows: the services of the same process (`npm start`). */
    alsoFigures?: ServiceMetrics[];
    /** The version `/health` reports (an image's `INNERECHO_VERSION`); else worked out from the release record. */
    version?: string;
  } = {},
): Promise<RunningGateway> {
  const operations = gatewayOperations(options);
  const signInStore = config.DATABASE_URL ? PostgresRateLimitStore.connect(config.DATABASE_URL, logger) : undefined;
  const sessions = createUserSessionVerifier({ identityUrl: config.IDENTITY_URL, logger });
  const server = createServer(
    createGateway({ config, logger, operations, signInStore, verifier: sessions.verifier, version: options.version }),
  );
  const headers = [...everyAnswerHeaders({ publicUrl: config.PUBLIC_URL }), ...API_ANSWER_HEADERS];
  // Headers past Node's limit (431) and the like are answered before the app sees a request.
  answerMalformedRequests(server, headers);
  await listen(server, config.PORT, config.HOST);
  let operatorsPort: OperatorsPort | null = null;
  if (config.METRICS_PORT !== 'off') {
    operatorsPort = await startOperatorsPort({
      host: config.METRICS_HOST,
      port: config.METRICS_PORT,
      token: config.METRICS_TOKEN,
      figures: [operations.metrics, ...(options.alsoFigures ?? [])],
      headers,
      logger,
    }).catch(async (error) => {
      server.close();
      throw error;
    });
  }
  // Longer than clients' keep-alive (undici: 4 s; browsers: up to 60 s), so the gateway
  // never closes an idle socket a client is about to reuse ("other side closed").
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  const metricsUrl = operatorsPort?.url ?? null;
  logger.info({ url, metricsUrl, signInLimits: signInStore ? 'postgres' : 'memory' }, 'gateway listening');
  let stopping: Promise<void> | null = null;
  return {
    url,
    port,
    metricsUrl,
    stop: (options = {}) =>
      (stopping ??= (async () => {
        await operations.lifecycle.stop(server, {
          delayMs: config.SHUTDOWN_DELAY_SECONDS * 1000,
          graceMs: config.SHUTDOWN_GRACE_SECONDS * 1000,
          logger,
          atGraceEnd: options.atGraceEnd,
        });
        operatorsPort?.close();
        await signInStore?.close();
        await sessions.close();
      })()),
  };
}
