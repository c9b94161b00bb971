import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { createLogger, createTokenSigner, createTokenVerifier, KeyStore, localKeyResolver, USER_TOKEN_ISSUER } from '@innerecho/kit';
import { createGatewayApp, ZGatewayEnv } from '../src';
import { SERVICE_NAMES, type ServiceName } from '../src/route-table';

/**
 * The gateway in front of six echo servers that report what reached them, so each test
 * sees exactly what the gateway forwarded and to whom.
 */
let gatewayUrl = '';
const servers: Server[] = [];
let frontendsDir: string;
const keys = KeyStore.inMemory();
const signer = createTokenSigner(keys, USER_TOKEN_ISSUER, 600);

const listen = (app: express.Express) =>
  new Promise<Server>((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

beforeAll(async () => {
  const urls: Record<string, string> = {};
  for (const name of SERVICE_NAMES) {
    const app = express();
    app.use((req, res) => {
      req.resume();
      req.on('end', () => res.json({ service: name, method: req.method, url: req.originalUrl, headers: req.headers }));
    });
    const s = await listen(app);
    servers.push(s);
    urls[name] = urlOf(s);
  }
  frontendsDir = mkdtempSync(join(tmpdir(), 'gateway-frontends-'));
  for (const app of ['shell', 'public', 'subscriber', 'creator', 'admin']) {
    mkdirSync(join(frontendsDir, app, 'dist'), { recursive: true });
    writeFileSync(
      join(frontendsDir, app, 'dist', app === 'shell' ? 'index.html' : 'remoteEntry.js'),
      app === 'shell' ? '<!doctype html><div id="root"></div>' : `/* ${app} */`,
    );
  }
  const config = ZGatewayEnv.parse({
    PORT: '0',
    IDENTITY_URL: urls.identity,
    VOICE_URL: urls.voice,
    LIBRARY_URL: urls.library,
    GENERATION_URL: urls.generation,
    BILLING_URL: urls.billing,
    CREATOR_REFERRAL_URL: urls['creator-referral'],
    FRONTENDS_DIR: frontendsDir,
    SIGN_IN_RATE_LIMIT: '3',
  });
  const app = createGatewayApp({
    config,
    logger: createLogger('gateway-test', 'silent'),
    verifier: createTokenVerifier(localKeyResolver(keys), USER_TOKEN_ISSUER),
  });
  const gateway = await listen(app);
  servers.push(gateway);
  gatewayUrl = urlOf(gateway);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  rmSync(frontendsDir, { recursive: true, force: true });
});

const call = (method: string, path: string, init: RequestInit = {}) => fetch(gatewayUrl + path, { method, redirect: 'manual', ...init });
/** What an echo server saw. */
type Echo = { service: string; url: string; headers: Record<string, string> };
const echo = async (res: Response) => (await res.json()) as Echo;

describe('route table', () => {
  // Every call of the spec (section 7) and the service that owns it.
  const calls: [string, string, ServiceName][] = [
    ['GET', '/api/auth/user', 'identity'],
    ['GET', '/api/login', 'identity'],
    ['GET', '/api/logout', 'identity'],
    ['GET', '/api/voice-profile/session_1_abcdef', 'voice'],
    ['DELETE', '/api/voice-profile/session_1_abcdef', 'voice'],
    ['POST', '/api/voice-profile/upload', 'voice'],
    ['POST', '/api/voice-profile/clone', 'voice'],
    ['GET', '/api/referrals/validate/anna', 'creator-referral'],
    ['POST', '/api/referrals/click', 'creator-referral'],
    ['POST', '/api/create-checkout-session', 'billing'],
    ['GET', '/api/transcripts', 'library'],
    ['GET', '/api/transcripts/abc', 'library'],
    ['POST', '/api/transcripts', 'library'],
    ['PUT', '/api/transcripts/abc', 'library'],
    ['DELETE', '/api/transcripts/abc', 'library'],
    ['GET', '/api/creators', 'library'],
    ['GET', '/api/creators/abc', 'library'],
    ['GET', '/api/creators/abc/analytics', 'library'],
    ['GET', '/api/creators/abc/transcripts', 'library'],
    ['POST', '/api/creators', 'creator-referral'],
    ['PUT', '/api/creators/abc', 'creator-referral'],
    ['DELETE', '/api/creators/abc', 'creator-referral'],
    ['GET', '/api/saved-affirmations/session_1_abcdef', 'generation'],
    ['GET', '/api/background-music', 'library'],
    ['POST', '/api/background-music', 'library'],
    ['DELETE', '/api/background-music/abc', 'library'],
    ['POST', '/api/background-music/upload', 'library'],
    ['POST', '/api/custom-affirmations', 'library'],
    ['POST', '/api/generate-audio', 'generation'],
    ['GET', '/api/generate-audio/allowance', 'generation'],
    ['PATCH', '/api/saved-affirmations/session_1_abcdef/abc', 'generation'],
    ['GET', '/api/auth/session', 'identity'],
    ['GET', '/api/creator-auth/session', 'creator-referral'],
    ['POST', '/api/creator-auth/login', 'creator-referral'],
    ['GET', '/api/creator-auth/current', 'creator-referral'],
    ['POST', '/api/creator-auth/logout', 'creator-referral'],
    ['GET', '/api/commissions/creator/abc', 'creator-referral'],
    ['GET', '/api/creator-analytics/abc?period=monthly', 'creator-referral'],
    ['GET', '/api/payouts/creator/abc', 'creator-referral'],
    ['POST', '/api/uploads/s3/multipart', 'library'],
    ['GET', '/api/uploads/s3/params', 'library'],
  ];

  test.each(calls)('%s %s reaches %s with its path intact', async (method, path, service) => {
    const res = await call(method, path);
    expect(res.status).toBe(200);
    const body = await echo(res);
    expect(body.service).toBe(service);
    expect(body.url).toBe(path);
  });

  test('an /api path in no row answers 404 JSON and reaches no service', async () => {
    const res = await call('GET', '/api/admin/secret');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'No API route for GET /api/admin/secret', code: 'NOT_FOUND' });
  });
});

describe('what the gateway forwards', () => {
  test('identity headers set by the browser are stripped; a fresh request id is created and echoed', async () => {
    const res = await call('GET', '/api/transcripts', {
      headers: {
        'x-user-id': 'u1',
        'x-user-role': 'admin',
        'x-internal-token': 't',
        'x-forwarded-for': '6.6.6.6',
        'x-request-id': 'browser-chosen-id',
      },
    });
    const { headers } = await echo(res);
    expect(headers['x-user-id']).toBeUndefined();
    expect(headers['x-user-role']).toBeUndefined();
    expect(headers['x-internal-token']).toBeUndefined();
    expect(headers['x-forwarded-for']).not.toContain('6.6.6.6');
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-request-id')).toBe(headers['x-request-id']);
  });

  test('a valid session cookie is forwarded; one that does not verify is dropped and cleared', async () => {
    const good = signer.sign({ id: 'u1', role: 'subscriber', email: 'a@b.c' });
    const ok = await echo(await call('GET', '/api/auth/user', { headers: { cookie: `theme=dark; ie_session=${good}` } }));
    expect(ok.headers.cookie).toContain(`ie_session=${good}`);

    const bad = await call('GET', '/api/auth/user', { headers: { cookie: `theme=dark; ie_session=${good.slice(0, -4)}AAAA` } });
    const body = await echo(bad);
    expect(body.headers.cookie).toBe('theme=dark');
    expect(bad.headers.getSetCookie().some((c) => c.startsWith('ie_session=;'))).toBe(true);
  });

  test('a body larger than the route allows is refused with 413 before it is forwarded', async () => {
    const res = await call('POST', '/api/custom-affirmations', {
      body: 'x'.repeat(1024 * 1024 + 1),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('PAYLOAD_TOO_LARGE');
  });

  test('sign-in attempts beyond the limit are refused with 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push((await call('POST', '/api/login', { body: '{}', headers: { 'content-type': 'application/json' } })).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Reading the sign-in page is not an attempt.
    expect((await call('GET', '/api/login')).status).toBe(200);
  });

  test('a service that is down answers 502 with a readable error', async () => {
    const billing = servers[SERVICE_NAMES.indexOf('billing')];
    await new Promise((r) => billing.close(r));
    billing.closeAllConnections();
    const res = await call('POST', '/api/create-checkout-session');
    expect(res.status).toBe(502);
    expect(((await res.json()) as { error: string }).error).toBe('This part of InnerEcho is not responding. Please try again shortly.');
  });
});

describe('frontends', () => {
  test.each(['/', '/affirmations', '/generate/custom-123', '/creator/abc', '/admin', '/creator-dashboard', '/no/such/page'])(
    '%s loads the shell (history fallback)',
    async (path) => {
      const res = await call('GET', path);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('cache-control')).toBe('no-cache');
    },
  );

  test('remotes are served under /remotes/<name>/ and a missing asset is a 404, not the shell', async () => {
    const remote = await call('GET', '/remotes/public/remoteEntry.js');
    expect(remote.status).toBe(200);
    expect(await remote.text()).toContain('public');
    expect((await call('GET', '/remotes/public/missing.js')).status).toBe(404);
    expect((await call('GET', '/missing.js')).status).toBe(404);
  });
});
