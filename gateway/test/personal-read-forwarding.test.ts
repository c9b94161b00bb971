import { createServer, request, type RequestListener, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLogger, createTokenSigner, createTokenVerifier, KeyStore, localKeyResolver, USER_TOKEN_ISSUER } from '@innerecho/kit';
import type { CurrentUser } from '@innerecho/contracts';
import { eventually, TestClient } from '@innerecho/embedded';
import { createGateway, ZGatewayEnv } from '../src';
import { upstreamFailure } from '../src/personal-read-lane';
import { SERVICE_NAMES } from '../src/route-table';

/**
 * A listener's own reads go the short way, forwarded with undici: each of undici's failures
 * becomes the gateway's answer for it. Identity here misbehaves on purpose, by the `mode` the
 * test asks for: it never answers, closes the connection before answering, or stops half-way
 * through its body; voice is not listening at all.
 */
const keys = KeyStore.inMemory();
const signer = createTokenSigner(keys, USER_TOKEN_ISSUER, 600);
const servers: Server[] = [];
/** Service answers the identity server holds open, to end them after each test. */
const held = new Set<ServerResponse>();
/** Requests identity saw closed by the gateway before it answered them. */
let abortedAtService = 0;
let gatewayUrl = '';
const TIMEOUT_MS = 300;

const listen = (handler: RequestListener) =>
  new Promise<Server>((resolve) => {
    const s = createServer(handler).listen(0, '127.0.0.1', () => resolve(s));
  });
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

/** What identity answers for the signed-in listener when it behaves. */
const SIGNED_IN: CurrentUser = { id: 'u1', email: 'a@b.c', name: 'Listener', role: 'subscriber', subscriptionStatus: 'active' };

const identity: RequestListener = (req, res) => {
  const mode = new URL(req.url ?? '/', 'http://x').searchParams.get('mode');
  res.on('close', () => {
    if (!res.writableFinished) abortedAtService++;
  });
  if (mode === 'hang') return void held.add(res);
  if (mode === 'cut') return void req.socket.destroy();
  if (mode === 'stall-body') {
    held.add(res);
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
    res.write('{"partial":');
    return;
  }
  res.writeHead(200, { 'content-type': 'application/json' });
  res.end(JSON.stringify(SIGNED_IN));
};

beforeAll(async () => {
  const urls: Record<string, string> = {};
  for (const name of SERVICE_NAMES) {
    const s = await listen(name === 'identity' ? identity : (_req, res) => res.end('{}'));
    servers.push(s);
    urls[name] = urlOf(s);
  }
  // Voice stops listening: its port refuses connections.
  const voice = servers[SERVICE_NAMES.indexOf('voice')];
  await new Promise((r) => voice.close(r));
  const config = ZGatewayEnv.parse({
    PORT: '0',
    IDENTITY_URL: urls.identity,
    VOICE_URL: urls.voice,
    LIBRARY_URL: urls.library,
    GENERATION_URL: urls.generation,
    BILLING_URL: urls.billing,
    CREATOR_REFERRAL_URL: urls['creator-referral'],
    READ_RETRY_SECONDS: '1',
  });
  const gateway = await listen(
    createGateway({
      config,
      logger: createLogger('gateway-test', 'silent'),
      verifier: createTokenVerifier(localKeyResolver(keys), USER_TOKEN_ISSUER),
      personalReadTimeoutMs: TIMEOUT_MS,
    }),
  );
  servers.push(gateway);
  gatewayUrl = urlOf(gateway);
});

afterEach(() => {
  for (const res of held) res.destroy();
  held.clear();
});

afterAll(async () => {
  await Promise.all(servers.filter((s) => s.listening).map((s) => new Promise((r) => s.close(r))));
});

const cookie = () => `ie_session=${signer.sign({ id: 'u1', role: 'subscriber', email: 'a@b.c', sid: 's1' })}`;
/** By hand: the answer is read as a stream that stalls, or left before it comes, which the typed client's whole reads cannot show. */
const read = (path: string) => fetch(gatewayUrl + path, { headers: { cookie: cookie() } });
/** The listener's own record, read with `mode` telling identity how to misbehave. */
const readUser = (mode?: 'cut' | 'hang') =>
  new TestClient(gatewayUrl).api.send('GET /api/auth/user', mode ? { invalidQuery: { mode } } : {}, { headers: { cookie: cookie() } });

describe("a listener's own read forwarded with undici", () => {
  test('answers as the service answered', async () => {
    const res = await readUser();
    expect(res.status).toBe(200);
    expect(res.data).toEqual(SIGNED_IN);
  });

  test('a service that refuses the connection (ECONNREFUSED): 503 with Retry-After, after the long way retried it', async () => {
    const res = await new TestClient(gatewayUrl).api.send(
      'GET /api/voice-profile/:sessionId',
      { params: { sessionId: 'session_1_abcdef' } },
      { headers: { cookie: cookie() } },
    );
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.data.code).toBe('SERVICE_UNAVAILABLE');
  });

  test('a service that closes the connection before its answer (UND_ERR_SOCKET, as a draining instance does): retried, then 503 with Retry-After', async () => {
    const res = await readUser('cut');
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('1');
    expect(res.data).toEqual({
      error: 'This part of InnerEcho is not responding. Please try again shortly.',
      code: 'SERVICE_UNAVAILABLE',
    });
  });

  test('a service that sends no headers in time (UND_ERR_HEADERS_TIMEOUT): 504', async () => {
    const res = await readUser('hang');
    expect(res.status).toBe(504);
    expect(res.data.code).toBe('SERVICE_TIMEOUT');
  });

  test('a body that stops half-way (UND_ERR_BODY_TIMEOUT) after the headers went out: the connection is closed, never a whole-looking answer', async () => {
    const res = await read('/api/auth/user?mode=stall-body');
    expect(res.status).toBe(200);
    await expect(res.text()).rejects.toThrow();
  });

  test('a browser that leaves (aborted): the service request is closed too', async () => {
    const before = abortedAtService;
    const req = request(`${gatewayUrl}/api/auth/user?mode=hang`, { headers: { cookie: cookie() } });
    req.on('error', () => undefined);
    req.end();
    await eventually(async () => expect(held.size).toBe(1));
    req.destroy();
    await eventually(async () => expect(abortedAtService).toBe(before + 1));
  });

  test("each of undici's error codes maps to its answer", () => {
    expect(upstreamFailure('ECONNREFUSED')).toBe('long-way');
    expect(upstreamFailure('UND_ERR_CONNECT_TIMEOUT')).toBe('long-way');
    expect(upstreamFailure('UND_ERR_ABORTED')).toBe('gone');
    expect(upstreamFailure('ABORT_ERR')).toBe('gone');
    expect(upstreamFailure('UND_ERR_SOCKET')).toBe('long-way');
    expect(upstreamFailure('ECONNRESET')).toBe('long-way');
    expect(upstreamFailure('UND_ERR_INFO')).toEqual({ status: 502, code: 'SERVICE_UNAVAILABLE' });
    expect(upstreamFailure('UND_ERR_HEADERS_TIMEOUT')).toEqual({ status: 504, code: 'SERVICE_TIMEOUT' });
    expect(upstreamFailure('UND_ERR_BODY_TIMEOUT')).toEqual({ status: 504, code: 'SERVICE_TIMEOUT' });
  });
});
