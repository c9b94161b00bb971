import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type RequestListener, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createLogger, createTokenVerifier, operatorsListener, USER_TOKEN_ISSUER } from '@innerecho/kit';
import type { TranscriptView } from '@innerecho/contracts';
import { createScratchDatabase, LOCAL_DATABASE_SERVER, sumOfMetric, TestClient } from '@innerecho/embedded';
import { createGateway, ZGatewayEnv } from '../src';
import { gatewayOperations } from '../src/operations';
import { PostgresRateLimitStore } from '../src/rate-limit-store';
import { SERVICE_NAMES } from '../src/route-table';

jest.setTimeout(60_000);

/**
 * The gateway as one of several instances in front of services that restart: sign-in
 * limits counted once for all instances, reads retried while a service cannot be reached
 * (for READ_RETRY_SECONDS), and a fast 503 with Retry-After when it stays unreachable.
 */
const logger = createLogger('gateway-test', 'silent');
const servers: Server[] = [];
const listen = (handler: RequestListener, port = 0) =>
  new Promise<Server>((resolve) => {
    const s = createServer(handler).listen(port, '127.0.0.1', () => resolve(s));
    servers.push(s);
  });
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

/** A gateway and its operators' port (where /metrics is), as startGateway listens. */
async function gatewayWithMetrics(gatewayConfig: ReturnType<typeof config>) {
  const operations = gatewayOperations();
  const gateway = urlOf(await listen(createGateway({ config: gatewayConfig, logger, verifier, operations })));
  const figures = operatorsListener({ figures: [operations.metrics], token: gatewayConfig.METRICS_TOKEN });
  return { gateway, metricsUrl: urlOf(await listen(figures)) };
}
const close = (s: Server) =>
  new Promise<void>((resolve) => {
    s.close(() => resolve());
    s.closeAllConnections();
  });

/** Services that answer 200 with their name; `down` stops one. */
async function services() {
  const urls: Record<string, string> = {};
  const byName: Record<string, Server> = {};
  for (const name of SERVICE_NAMES) {
    const app = express();
    app.use((req, res) => {
      req.resume();
      req.on('end', () => res.json({ service: name, method: req.method }));
    });
    byName[name] = await listen(app);
    urls[name] = urlOf(byName[name]);
  }
  return { urls, byName };
}

function config(urls: Record<string, string>, extra: Record<string, string> = {}) {
  // IDENTITY_URL, VOICE_URL, …, CREATOR_REFERRAL_URL
  const serviceUrls = Object.fromEntries(SERVICE_NAMES.map((name) => [`${name.toUpperCase().replace('-', '_')}_URL`, urls[name]]));
  return ZGatewayEnv.parse({
    PORT: '0',
    ...serviceUrls,
    FRONTENDS_DIR: frontendsDir,
    ...extra,
  });
}

/** A built shell, as far as the gateway can tell. */
/** No request here carries a session; a verifier that knows no keys is enough. */
const verifier = createTokenVerifier(async () => undefined, USER_TOKEN_ISSUER);

const frontendsDir = mkdtempSync(join(tmpdir(), 'gateway-instances-'));
mkdirSync(join(frontendsDir, 'shell', 'dist'), { recursive: true });
writeFileSync(join(frontendsDir, 'shell', 'dist', 'index.html'), '<!doctype html><div id="root"></div>');

afterAll(async () => {
  await Promise.all(servers.map((s) => close(s)));
  rmSync(frontendsDir, { recursive: true, force: true });
});

test('sign-in attempts are counted once for every gateway instance when they share PostgreSQL', async () => {
  const database = await createScratchDatabase(process.env.DATABASE_URL || LOCAL_DATABASE_SERVER);
  const stores: PostgresRateLimitStore[] = [];
  try {
    const { urls } = await services();
    const gateways = [];
    for (let i = 0; i < 2; i++) {
      const store = PostgresRateLimitStore.connect(database.url, logger);
      stores.push(store);
      gateways.push(
        urlOf(await listen(createGateway({ config: config(urls, { SIGN_IN_RATE_LIMIT: '3' }), logger, verifier, signInStore: store }))),
      );
    }
    // The services here answer with their name, not a signed-in user: the answer is not held to the declaration.
    const attempt = (gateway: string) =>
      new TestClient(gateway).api
        .send('POST /api/login', { invalidBody: {} }, { headers: { origin: '' }, checkAnswer: false })
        .then((r) => r.status);
    // Alternating between instances, as a balancer would: the fourth attempt is refused wherever it lands.
    const statuses = [];
    for (let i = 0; i < 5; i++) statuses.push(await attempt(gateways[i % 2]));
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
  } finally {
    await Promise.all(stores.map((s) => s.close()));
    await database.drop();
  }
});

/** The gateway's answer for a service it could not reach: a fast 503 that says when to come back. */
function expectServiceUnavailable(res: { status: number; headers: Headers; data: unknown }) {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('1');
  expect(res.data).toEqual({
    error: 'This part of InnerEcho is not responding. Please try again shortly.',
    code: 'SERVICE_UNAVAILABLE',
  });
}

test('a read that finds its service restarting is retried once and answered by the instance that came back', async () => {
  const { urls, byName } = await services();
  const { gateway, metricsUrl } = await gatewayWithMetrics(config(urls));
  const library = byName.library;
  const port = (library.address() as AddressInfo).port;
  await close(library);
  // The library comes back on its address while the first try has already failed.
  const restarted: TranscriptView[] = [
    { id: 't1', title: 'Kept by the instance that came back', content: 'I am calm.', category: 'Other', playCount: 0, creatorId: null },
  ];
  setTimeout(() => {
    const app = express();
    app.use((_req, res) => res.json(restarted));
    void listen(app, port);
  }, 100);

  const res = await new TestClient(gateway).api.send('GET /api/transcripts', {});
  expect(res.status).toBe(200);
  expect(res.data).toEqual(restarted);
  const metrics = await (await fetch(`${metricsUrl}/metrics`)).text();
  expect(sumOfMetric(metrics, 'innerecho_gateway_upstream_failures_total', { service: 'library', outcome: 'retried' })).toBe(1);
});

test('a read to a service that stays down is retried for READ_RETRY_SECONDS, then answered 503 with Retry-After', async () => {
  const { urls, byName } = await services();
  const { gateway, metricsUrl } = await gatewayWithMetrics(config(urls, { READ_RETRY_SECONDS: '1' }));
  await close(byName.library);
  expectServiceUnavailable(await new TestClient(gateway).api.send('GET /api/transcripts', {}));
  const metrics = await (await fetch(`${metricsUrl}/metrics`)).text();
  // Tried again while within its second, then given up on once.
  expect(
    sumOfMetric(metrics, 'innerecho_gateway_upstream_failures_total', { service: 'library', outcome: 'retried' }),
  ).toBeGreaterThanOrEqual(1);
  expect(sumOfMetric(metrics, 'innerecho_gateway_upstream_failures_total', { service: 'library', outcome: 'unavailable' })).toBe(1);
});

test('a write to a service that cannot be reached is not replayed: a 503 with Retry-After, and no retry counted', async () => {
  const { urls, byName } = await services();
  const { gateway, metricsUrl } = await gatewayWithMetrics(config(urls));
  await close(byName.billing);
  const res = await new TestClient(gateway).api.send(
    'POST /api/create-checkout-session',
    { body: { plan: 'monthly' } },
    { headers: { origin: '' } },
  );
  expectServiceUnavailable(res);
  const metrics = await (await fetch(`${metricsUrl}/metrics`)).text();
  expect(sumOfMetric(metrics, 'innerecho_gateway_upstream_failures_total', { service: 'billing', outcome: 'retried' })).toBe(0);
  expect(sumOfMetric(metrics, 'innerecho_gateway_upstream_failures_total', { service: 'billing', outcome: 'unavailable' })).toBe(1);
});

test("the operators' port asks for the scrape token when METRICS_TOKEN is set; the public port has no figures at all", async () => {
  const { urls } = await services();
  const { gateway, metricsUrl } = await gatewayWithMetrics(config(urls, { METRICS_TOKEN: 'scrape-secret' }));
  const refused = await fetch(`${metricsUrl}/metrics`);
  expect(refused.status).toBe(401);
  expect(await refused.json()).toEqual({ error: 'Metrics need the scrape token', code: 'UNAUTHENTICATED' });
  expect((await fetch(`${metricsUrl}/metrics`, { headers: { authorization: 'Bearer not-the-secret' } })).status).toBe(401);
  const res = await fetch(`${metricsUrl}/metrics`, { headers: { authorization: 'Bearer scrape-secret' } });
  expect(res.status).toBe(200);
  expect(await res.text()).toContain('innerecho_http_requests_total');
  const publicPort = await fetch(`${gateway}/metrics`, { headers: { authorization: 'Bearer scrape-secret' } });
  expect(publicPort.status).toBe(404);
});

test('remotes served from another origin are announced to the shell and allowed by the CSP', async () => {
  const { urls } = await services();
  const gateway = urlOf(
    await listen(
      createGateway({
        config: config(urls, { REMOTE_URL_CREATOR: 'https://cdn.example.com/creator/2.1.0', FILES_ORIGIN: 'https://files.example.com' }),
        logger,
        verifier,
      }),
    ),
  );
  const script = await fetch(`${gateway}/runtime-config.js`);
  expect(script.headers.get('content-type')).toContain('javascript');
  expect(await script.text()).toBe('window.__INNERECHO_REMOTES__ = {"creator":"https://cdn.example.com/creator/2.1.0/remoteEntry.js"};\n');
  const page = await fetch(`${gateway}/affirmations`);
  const csp = page.headers.get('content-security-policy') ?? '';
  // Scripts from the remotes' origin, and inline scripts only by hash: never 'unsafe-inline'.
  expect(csp).toMatch(/script-src 'self'( 'sha256-[^']+')* https:\/\/cdn\.example\.com[;]/);
  expect(csp.split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
  expect(csp).toContain("connect-src 'self' https://cdn.example.com https://files.example.com");
  expect(csp).toContain("media-src 'self' blob: https://cdn.example.com https://files.example.com");
});
