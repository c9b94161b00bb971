import { createServer, get as httpGet, type IncomingHttpHeaders, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express, { type Response as ServiceResponse } from 'express';
import {
  createLogger,
  createTokenSigner,
  createTokenVerifier,
  KeyStore,
  localKeyResolver,
  USER_TOKEN_ISSUER,
  type KeyResolver,
} from '@innerecho/kit';
import { TestClient } from '@innerecho/embedded';
import { createGateway, ZGatewayEnv } from '../src';
import { SERVICE_NAMES, type ServiceName } from '../src/route-table';

/**
 * The gateway in front of six echo servers that report what reached them, so each test
 * sees exactly what the gateway forwarded and to whom.
 */
let gatewayUrl = '';
/** The same gateway, configured for https (HSTS) and with identity's keys out of reach. */
let httpsGatewayUrl = '';
const servers: Server[] = [];
let frontendsDir: string;
const keys = KeyStore.inMemory();
/** Every request that reached a service, as `METHOD /path`. */
const reached: string[] = [];
const signer = createTokenSigner(keys, USER_TOKEN_ISSUER, 600);
/** Sessions revoked at identity, as the gateway's revocation feed would know them. */
const revoked = new Set<string>();
/** The shell's inline script, as the built index.html carries it. */
const THEME_SCRIPT = "document.documentElement.dataset.theme='dark'";

/**
 * `?streamed=whole|cut`: the service sends its headers and the first half of its body, then
 * waits for the test to have read that half (`readFirstHalf`) before it ends the answer, or
 * cuts the connection, as a render that fails after its first bytes does.
 */
let readFirstHalf = () => {};
function streamHalf(ending: 'whole' | 'cut', res: ServiceResponse) {
  res.writeHead(201, { 'content-type': 'audio/mpeg', 'content-length': '8' });
  res.write('ABCD');
  void new Promise<void>((resolve) => (readFirstHalf = resolve)).then(() => (ending === 'whole' ? res.end('EFGH') : res.destroy()));
}

const listen = (handler: RequestListener) =>
  new Promise<Server>((resolve) => {
    const s = createServer(handler).listen(0, '127.0.0.1', () => resolve(s));
  });
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

beforeAll(async () => {
  const urls: Record<string, string> = {};
  for (const name of SERVICE_NAMES) {
    const app = express();
    // An echo of what arrived; `?set-cookie` and `?cache` make it answer as some services do.
    app.use((req, res) => {
      if (req.query.streamed) return streamHalf(req.query.streamed === 'whole' ? 'whole' : 'cut', res);
      reached.push(`${req.method} ${req.originalUrl}`);
      req.resume();
      req.on('end', () => {
        if (req.query['set-cookie']) res.cookie('ie_returning', '1');
        if (req.query.cache) res.setHeader('cache-control', String(req.query.cache));
        res.json({ service: name, method: req.method, url: req.originalUrl, headers: req.headers });
      });
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
      app === 'shell' ? `<!doctype html><script>${THEME_SCRIPT}</script><div id="root"></div>` : `/* ${app} */`,
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
  const app = createGateway({
    config,
    logger: createLogger('gateway-test', 'silent'),
    verifier: createTokenVerifier(localKeyResolver(keys), USER_TOKEN_ISSUER, {
      revocation: async (claims) => (revoked.has(claims.sid) ? 'revoked' : 'active'),
    }),
  });
  const gateway = await listen(app);
  servers.push(gateway);
  gatewayUrl = urlOf(gateway);

  const unreachable: KeyResolver = async () => {
    throw new Error('identity is down');
  };
  const httpsGateway = await listen(
    createGateway({
      config: { ...config, PUBLIC_URL: 'https://innerecho.example' },
      logger: createLogger('gateway-test', 'silent'),
      verifier: createTokenVerifier(unreachable, USER_TOKEN_ISSUER),
    }),
  );
  servers.push(httpsGateway);
  httpsGatewayUrl = urlOf(httpsGateway);
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  rmSync(frontendsDir, { recursive: true, force: true });
});

/**
 * A call by hand, for what no declared call sends or reads: a path in no row, a compressed or
 * oversized body, an answer read as a stream. Declared calls go through `browser(…).api.send`.
 */
const call = (method: string, path: string, init: RequestInit = {}) => fetch(gatewayUrl + path, { method, redirect: 'manual', ...init });
/** What an echo server saw. */
type Echo = { service: string; url: string; headers: Record<string, string> };
const echo = async (res: Response) => (await res.json()) as Echo;

/** A browser at the gateway with no cookies of its own: a test names the cookies it sends. */
const browser = (url = gatewayUrl) => new TestClient(url);
/**
 * A call's options when the answer is an echo server's report of what reached it, not what the
 * endpoint declares; the request is still built from the declaration.
 */
const echoed = (headers: Record<string, string> = {}) => ({ headers, checkAnswer: false as const });
const reportOf = (res: { data: unknown }) => res.data as Echo;

describe('route table', () => {
  // Every public API call and the service that owns it.
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

describe('writes from other sites', () => {
  /**
   * The https gateway: PUBLIC_URL https://innerecho.example is the only origin that may write.
   * By hand: the content types and bodies (forms, bytes, charsets) are the point, and the typed
   * client sends only each endpoint's declared JSON.
   */
  const write = (method: string, path: string, headers: Record<string, string>, body?: string) =>
    fetch(httpsGatewayUrl + path, { method, headers, body, redirect: 'manual' });
  const FORM = { 'content-type': 'application/x-www-form-urlencoded' };
  const JSON_BODY = { 'content-type': 'application/json' };
  const OWN = { origin: 'https://innerecho.example' };

  test.each([
    'http://localhost:3001',
    'http://evil.localhost:3000',
    'https://evil.innerecho.example',
    'http://innerecho.example',
    'https://innerecho.example:8443',
    'null',
    'not an origin',
  ])('a form post from %s is refused with 403 JSON and reaches no service', async (origin) => {
    reached.length = 0;
    const res = await write('POST', '/api/transcripts', { ...FORM, origin }, 'title=Owned&content=x&category=Other');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'Cross-site requests are not allowed', code: 'CROSS_SITE' });
    expect(reached).toEqual([]);
  });

  test.each(['POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])('%s from another origin is refused whatever the body', async (method) => {
    reached.length = 0;
    for (const [headers, body] of [
      [JSON_BODY, '{}'],
      [{ 'content-type': 'audio/webm' }, 'bytes'],
      [{}, undefined],
    ] as const) {
      const res = await write(method, '/api/transcripts/abc', { ...headers, origin: 'http://localhost:3001' }, body);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('CROSS_SITE');
    }
    expect(reached).toEqual([]);
  });

  test('Sec-Fetch-Site other than same-origin refuses a write even without Origin; reads from anywhere are answered', async () => {
    const https = browser(httpsGatewayUrl);
    for (const site of ['same-site', 'cross-site']) {
      const res = await https.api.send('POST /api/creators', { invalidBody: {} }, { headers: { origin: '', 'sec-fetch-site': site } });
      expect(res.status).toBe(403);
    }
    const own = await https.api.send('POST /api/creators', { invalidBody: {} }, echoed({ ...OWN, 'sec-fetch-site': 'same-origin' }));
    expect(reportOf(own).service).toBe('creator-referral');
    const read = await https.api.send(
      'GET /api/transcripts',
      {},
      echoed({ origin: 'http://localhost:3001', 'sec-fetch-site': 'cross-site' }),
    );
    expect(read.status).toBe(200);
  });

  test("the sign-in forms' refusal keeps their words for login CSRF", async () => {
    const res = await browser(httpsGatewayUrl).api.send(
      'POST /api/login',
      { form: { email: 'a@b.c', password: 'x' } },
      { headers: { origin: 'http://evil.localhost:3000' } },
    );
    expect(res.status).toBe(403);
    expect(res.data).toEqual({ error: 'Cross-site sign-in is not allowed', code: 'CROSS_SITE' });
  });

  test('API writes take JSON; only the HTML form routes take a form, and only the signed file addresses other bytes', async () => {
    const status = async (method: string, path: string, type: string, body = 'a=1') =>
      (await write(method, path, { ...OWN, 'content-type': type }, body)).status;
    const https = browser(httpsGatewayUrl);
    expect((await https.api.send('POST /api/transcripts', { invalidBody: {} }, echoed(OWN))).status).toBe(200);
    expect(await status('POST', '/api/transcripts', 'application/json; charset=utf-8', '{}')).toBe(200);
    for (const type of [
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'text/plain',
      'application/xml',
      'audio/webm',
    ]) {
      const res = await write('POST', '/api/transcripts', { ...OWN, 'content-type': type }, 'a=1');
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({
        error: 'Please send the request as JSON (Content-Type: application/json)',
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }
    expect(await status('POST', '/api/creators', 'application/x-www-form-urlencoded')).toBe(415);
    // The pages services render post forms.
    for (const path of [
      '/api/login',
      '/api/signup',
      '/api/auth/password',
      '/api/auth/account/delete',
      '/api/auth/logout-everywhere',
      '/api/billing/demo-checkout/x/complete',
    ])
      expect(await status('POST', path, 'application/x-www-form-urlencoded')).toBe(200);
    expect(await status('POST', '/api/login', 'text/plain')).toBe(415);
    // An upload to a signed file address carries the file.
    expect(await status('PUT', '/api/files/voice/samples/x.webm', 'audio/webm')).toBe(200);
    // A write without a body needs no type.
    expect((await https.api.send('DELETE /api/transcripts/:id', { params: { id: 'abc' } }, echoed(OWN))).status).toBe(200);
  });

  test('a program (neither Origin nor Sec-Fetch-Site) may write JSON or nothing, never what a form could send', async () => {
    const program = browser(httpsGatewayUrl);
    expect((await program.api.send('POST /api/billing/webhook', { body: {} }, echoed({ origin: '' }))).status).toBe(200);
    expect((await program.api.send('DELETE /api/transcripts/:id', { params: { id: 'abc' } }, echoed({ origin: '' }))).status).toBe(200);
    for (const type of ['application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', 'text/plain;charset=UTF-8']) {
      const res = await write('POST', '/api/login', { 'content-type': type }, 'email=a');
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('CROSS_SITE');
    }
  });

  test('without PUBLIC_URL, the host the request was sent to is the only origin that may write', async () => {
    const host = new URL(gatewayUrl).host;
    const own = await browser().api.send('POST /api/transcripts', { invalidBody: {} }, echoed({ origin: `http://${host}` }));
    expect(own.status).toBe(200);
    const other = await browser().api.send('POST /api/transcripts', { invalidBody: {} }, echoed({ origin: 'http://localhost:1' }));
    expect(other.status).toBe(403);
  });
});

describe('what the gateway forwards', () => {
  test('identity headers set by the browser are stripped; a fresh request id is created and echoed', async () => {
    const res = await browser().api.send(
      'GET /api/transcripts',
      {},
      echoed({
        'x-user-id': 'u1',
        'x-user-role': 'admin',
        'x-internal-token': 't',
        'x-forwarded-for': '6.6.6.6',
        'x-request-id': 'browser-chosen-id',
      }),
    );
    const { headers } = reportOf(res);
    expect(headers['x-user-id']).toBeUndefined();
    expect(headers['x-user-role']).toBeUndefined();
    expect(headers['x-internal-token']).toBeUndefined();
    expect(headers['x-forwarded-for']).not.toContain('6.6.6.6');
    expect(headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('x-request-id')).toBe(headers['x-request-id']);
  });

  test("a listener's own read with a valid session (forwarded the short way) reaches its service as any other call does", async () => {
    const token = signer.sign({ id: 'u5', role: 'subscriber', email: 'e@f.g', sid: 's5' });
    const browserHeaders = {
      cookie: `theme=dark; ie_session=${token}`,
      'x-user-id': 'someone-else',
      'x-forwarded-for': '6.6.6.6',
      'x-request-id': 'browser-chosen-id',
    };
    const personal = await browser().api.send(
      'GET /api/saved-affirmations/:sessionId',
      { params: { sessionId: 'session_1_abcdef' }, invalidQuery: { x: '1' } },
      echoed(browserHeaders),
    );
    const other = await browser().api.send('GET /api/generate-audio/queue', {}, echoed(browserHeaders));
    const [seen, seenByOther] = [reportOf(personal), reportOf(other)];
    expect(seen.service).toBe('generation');
    expect(seen.url).toBe('/api/saved-affirmations/session_1_abcdef?x=1');
    expect(seen.headers.cookie).toBe(`theme=dark; ie_session=${token}`);
    expect(seen.headers['x-user-id']).toBeUndefined();
    expect(seen.headers['x-forwarded-for']).not.toContain('6.6.6.6');
    expect(seen.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    expect(personal.headers.get('x-request-id')).toBe(seen.headers['x-request-id']);
    // The same headers reach the service, and the browser, as on the long way.
    const names = (headers: Record<string, string>) => Object.keys(headers).sort();
    expect(names(seen.headers)).toEqual(names(seenByOther.headers));
    const answerNames = (res: { headers: Headers }) => [...res.headers.keys()].filter((name) => name !== 'etag').sort();
    expect(answerNames(personal)).toEqual(answerNames(other));
  });

  test('a valid session cookie is forwarded; one that does not verify is dropped and cleared', async () => {
    const good = signer.sign({ id: 'u1', role: 'subscriber', email: 'a@b.c', sid: 's1' });
    const ok = reportOf(await browser().api.send('GET /api/auth/user', {}, echoed({ cookie: `theme=dark; ie_session=${good}` })));
    expect(ok.headers.cookie).toContain(`ie_session=${good}`);

    const bad = await browser().api.send('GET /api/auth/user', {}, echoed({ cookie: `theme=dark; ie_session=${good.slice(0, -4)}AAAA` }));
    const body = reportOf(bad);
    expect(body.headers.cookie).toBe('theme=dark');
    expect(bad.headers.getSetCookie().some((c) => c.startsWith('ie_session=;'))).toBe(true);
  });

  test('a session cookie that cannot even be decoded is dropped and cleared, and the call goes on anonymously', async () => {
    for (const garbage of ['%E0%A4%A', '%%%garbage', 'a'.repeat(5000)]) {
      const res = await browser().api.send('GET /api/transcripts', {}, echoed({ cookie: `theme=dark; ie_session=${garbage}` }));
      expect(res.status).toBe(200);
      expect(reportOf(res).headers.cookie).toBe('theme=dark');
      expect(res.headers.getSetCookie().some((c) => c.startsWith('ie_session=;'))).toBe(true);
    }
  });

  test('a revoked session is dropped and cleared, alongside the cookies the service itself sets', async () => {
    const token = signer.sign({ id: 'u2', role: 'subscriber', email: 'b@c.d', sid: 'revoked-session' });
    revoked.add('revoked-session');
    const res = await browser().api.send(
      'GET /api/login',
      { invalidQuery: { 'set-cookie': '1' } },
      echoed({ cookie: `ie_session=${token}` }),
    );
    expect(reportOf(res).headers.cookie).toBeUndefined();
    const cookies = res.headers.getSetCookie();
    expect(cookies.some((c) => c.startsWith('ie_session=;'))).toBe(true);
    expect(cookies.some((c) => c.startsWith('ie_returning=1'))).toBe(true);
    // The browser also drops what it kept for the ended session (offline audio, stored ids).
    expect(res.headers.get('clear-site-data')).toBe('"cache", "storage"');
  });

  test('a session checked before is still refused once it is revoked (the signature check is remembered, revocation is not)', async () => {
    const token = signer.sign({ id: 'u4', role: 'subscriber', email: 'd@e.f', sid: 'later-revoked' });
    const readUser = (cookie: string) => browser().api.send('GET /api/auth/user', {}, echoed({ cookie }));
    for (let i = 0; i < 2; i++) {
      const valid = await readUser(`ie_session=${token}`);
      expect(reportOf(valid).headers.cookie).toBe(`ie_session=${token}`);
    }
    revoked.add('later-revoked');
    const res = await readUser(`ie_session=${token}`);
    expect(reportOf(res).headers.cookie).toBeUndefined();
    expect(res.headers.getSetCookie().some((c) => c.startsWith('ie_session=;'))).toBe(true);
    // A token altered after a valid one was remembered is checked afresh, and refused.
    const tampered = `${token.slice(0, -4)}${token.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
    const forged = await readUser(`ie_session=${tampered}`);
    expect(reportOf(forged).headers.cookie).toBeUndefined();
  });

  test('a session that cannot be checked right now (identity unreachable) goes on to the service, which answers "try again", and stays in the browser', async () => {
    const token = signer.sign({ id: 'u3', role: 'subscriber', email: 'c@d.e', sid: 'some-session' });
    const res = await browser(httpsGatewayUrl).api.send('GET /api/auth/user', {}, echoed({ cookie: `ie_session=${token}` }));
    expect(reportOf(res).headers.cookie).toBe(`ie_session=${token}`);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  test('a compressed body is refused with 415 before it is forwarded', async () => {
    for (const encoding of ['gzip', 'br', 'deflate']) {
      const res = await call('POST', '/api/custom-affirmations', {
        body: 'not really compressed',
        headers: { 'content-type': 'application/json', 'content-encoding': encoding },
      });
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ error: 'Compressed request bodies are not accepted', code: 'UNSUPPORTED_ENCODING' });
    }
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
      statuses.push((await browser().api.send('POST /api/login', { invalidBody: {} }, echoed({ origin: '' }))).status);
    expect(statuses).toEqual([200, 200, 200, 429, 429]);
    // Reading the sign-in page is not an attempt.
    expect((await browser().api.send('GET /api/login', {}, echoed())).status).toBe(200);
  });

  test('a service that is down answers a fast 503 with Retry-After and a readable error', async () => {
    const billing = servers[SERVICE_NAMES.indexOf('billing')];
    await new Promise((r) => billing.close(r));
    billing.closeAllConnections();
    const res = await browser().api.send('POST /api/create-checkout-session', { body: { plan: 'monthly' } }, { headers: { origin: '' } });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.data.error).toBe('This part of InnerEcho is not responding. Please try again shortly.');
  });
});

describe('answers streamed as they are made', () => {
  /** Reads the first half through the gateway, lets the service go on, and says how the rest ended. */
  const readStreamed = async (ending: 'whole' | 'cut') => {
    const res = await call('GET', `/api/generate-audio/queue?streamed=${ending}`);
    const reader = res.body!.getReader();
    const first = Buffer.from((await reader.read()).value!).toString();
    readFirstHalf();
    let rest = '';
    try {
      for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) rest += Buffer.from(chunk.value).toString();
      return { status: res.status, first, rest, completed: true };
    } catch {
      return { status: res.status, first, rest, completed: false };
    }
  };

  test('the first bytes reach the browser before the service has sent the rest, and the rest follows', async () => {
    // Were the gateway to hold the answer until it was whole, the first half would never come.
    expect(await readStreamed('whole')).toEqual({ status: 201, first: 'ABCD', rest: 'EFGH', completed: true });
  });

  test("a service that cuts its answer after the first bytes cuts the browser's download too, rather than leaving it open", async () => {
    expect(await readStreamed('cut')).toEqual({ status: 201, first: 'ABCD', rest: '', completed: false });
  });
});

describe('headers', () => {
  test('API answers are not stored by default and could not run as a page; a service may choose its own caching', async () => {
    const personal = await browser().api.send('GET /api/auth/user', {}, echoed());
    expect(personal.headers.get('cache-control')).toBe('no-store');
    expect(personal.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
    const chosen = await browser().api.send(
      'GET /api/saved-affirmations/:sessionId',
      { params: { sessionId: 'session_1_abcdef' }, invalidQuery: { cache: 'private, max-age=60' } },
      echoed(),
    );
    expect(chosen.headers.get('cache-control')).toBe('private, max-age=60');
  });

  test('every answer refuses framing and sniffing; HSTS only where the site is served over https', async () => {
    for (const path of ['/', '/api/transcripts']) {
      const res = await call('GET', path);
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
    const secure = await fetch(`${httpsGatewayUrl}/`);
    expect(secure.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
  });

  test("the app's policy runs this site's scripts and the shell's own inline script by its hash, and no other inline script", async () => {
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256').update(THEME_SCRIPT).digest('base64');
    for (const path of ['/', '/affirmations', '/index.html']) {
      const policy = (await call('GET', path)).headers.get('content-security-policy')!;
      const scripts = policy.split('; ').find((d) => d.startsWith('script-src'))!;
      expect(scripts).toBe(`script-src 'self' 'sha256-${hash}'`);
      expect(policy).toContain("frame-ancestors 'none'");
    }
  });
});

describe('errors', () => {
  test('an address that is not valid percent-encoding answers 400 without internals, as JSON or as a page', async () => {
    const json = await call('GET', '/page-assets/%E0%A4%A', { headers: { accept: 'application/json' } });
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({ error: 'The request could not be read', code: 'BAD_REQUEST' });
    const page = await call('GET', '/page-assets/%E0%A4%A', { headers: { accept: 'text/html' } });
    expect(page.status).toBe(400);
    const html = await page.text();
    expect(html).toContain('The request could not be read');
    expect(html).not.toMatch(/\bat \S+ \(|node_modules|\/work\/|\.ts:\d+/);
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

  test('/forgot-password, typed by hand, goes on to the forgot-password page identity renders', async () => {
    const res = await call('GET', '/forgot-password');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/api/auth/forgot-password');
  });

  test('the installable app: its manifest, icons and service worker are served under their own names, always revalidated, and the policy lets only this site provide them', async () => {
    const shell = join(frontendsDir, 'shell', 'dist');
    writeFileSync(join(shell, 'manifest.webmanifest'), JSON.stringify({ name: 'InnerEcho', start_url: '/affirmations?tab=saved' }));
    writeFileSync(join(shell, 'sw.js'), '/* worker */');
    writeFileSync(join(shell, 'icon-192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    const manifest = await call('GET', '/manifest.webmanifest');
    expect(manifest.headers.get('content-type')).toBe('application/manifest+json; charset=utf-8');
    expect(manifest.headers.get('cache-control')).toBe('no-cache');
    expect(await manifest.json()).toMatchObject({ name: 'InnerEcho' });
    const worker = await call('GET', '/sw.js');
    expect(worker.headers.get('content-type')).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers.get('cache-control')).toBe('no-cache');
    const icon = await call('GET', '/icon-192.png');
    expect([icon.headers.get('content-type'), icon.headers.get('cache-control')]).toEqual(['image/png', 'no-cache']);
    const policy = (await call('GET', '/affirmations')).headers.get('content-security-policy')!.split('; ');
    expect(policy).toEqual(expect.arrayContaining(["worker-src 'self'", "manifest-src 'self'"]));
  });

  test('remotes are served under /remotes/<name>/ and a missing asset is a 404, not the shell', async () => {
    const remote = await call('GET', '/remotes/public/remoteEntry.js');
    expect(remote.status).toBe(200);
    expect(await remote.text()).toContain('public');
    expect((await call('GET', '/remotes/public/missing.js')).status).toBe(404);
    expect((await call('GET', '/missing.js')).status).toBe(404);
  });

  test('files the build compressed are sent compressed, with their own type, Vary and the caching of their name; ranges get the plain file', async () => {
    const script = Buffer.from(`/* hashed bundle */ ${'console.log("calm");\n'.repeat(400)}`);
    const dist = join(frontendsDir, 'public', 'dist');
    writeFileSync(join(dist, 'main.0a1b2c3d.js'), script);
    writeFileSync(join(dist, 'main.0a1b2c3d.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'main.0a1b2c3d.js.gz'), gzipSync(script));
    const shell = readFileSync(join(frontendsDir, 'shell', 'dist', 'index.html'));
    writeFileSync(join(frontendsDir, 'shell', 'dist', 'index.html.br'), brotliCompressSync(shell));

    const br = await rawGet('/remotes/public/main.0a1b2c3d.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^text\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.body).equals(script)).toBe(true);

    const gz = await rawGet('/remotes/public/main.0a1b2c3d.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.body).equals(script)).toBe(true);

    const plain = await rawGet('/remotes/public/main.0a1b2c3d.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe(br.headers['content-type']);
    expect(plain.body.equals(script)).toBe(true);

    const range = await rawGet('/remotes/public/main.0a1b2c3d.js', { 'accept-encoding': 'br', range: 'bytes=0-9' });
    expect(range.status).toBe(206);
    expect(range.headers['content-encoding']).toBeUndefined();
    expect(range.body.equals(script.subarray(0, 10))).toBe(true);

    // The shell's page, at its own path and as the history fallback, keeps its no-cache and its policy.
    for (const path of ['/', '/affirmations']) {
      const page = await rawGet(path, { 'accept-encoding': 'br' });
      expect(page.headers['content-encoding']).toBe('br');
      expect(page.headers['content-type']).toMatch(/^text\/html/);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers['content-security-policy']).toContain("script-src 'self'");
      expect(brotliDecompressSync(page.body).equals(shell)).toBe(true);
    }
  });
});

/** A GET with the bytes as sent (fetch would decompress them). */
function rawGet(path: string, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const req = httpGet(`${gatewayUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
