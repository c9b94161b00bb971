import { createServer, type RequestListener, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import {
  createLogger,
  createTokenSigner,
  createTokenVerifier,
  EDGE_CACHE_HEADER,
  KeyStore,
  localKeyResolver,
  operatorsListener,
  ReadCache,
  USER_SESSION_COOKIE,
  USER_TOKEN_ISSUER,
} from '@innerecho/kit';
import type { CreatorProfileView, MusicTrackView, TranscriptView } from '@innerecho/contracts';
import { eventually, sumOfMetric, TestClient } from '@innerecho/embedded';
import { createGateway, ZGatewayEnv } from '../src';
import { gatewayOperations } from '../src/operations';
import { SERVICE_NAMES } from '../src/route-table';

/**
 * Public reads kept at the edge: the gateway in front of a library that keeps its reads with
 * the kit's ReadCache (so it marks them exactly as the real one does) and counts what reaches
 * it. Answers the gateway keeps must never reach someone the service would refuse, never
 * outlive a write through the gateway, and never carry the gateway's directive to a browser.
 */
const servers: Server[] = [];
const listen = (handler: RequestListener) =>
  new Promise<Server>((resolve) => {
    const s = createServer(handler).listen(0, '127.0.0.1', () => resolve(s));
    servers.push(s);
  });
const urlOf = (s: Server) => `http://127.0.0.1:${(s.address() as AddressInfo).port}`;

const keys = KeyStore.inMemory();
const signer = createTokenSigner(keys, USER_TOKEN_ISSUER, 600);
const revoked = new Set<string>();
const sessionCookie = (sid: string) => `${USER_SESSION_COOKIE}=${signer.sign({ id: `u-${sid}`, role: 'subscriber', email: 'a@b.c', sid })}`;

const transcript = (id: string, title: string, content = 'I am calm.'): TranscriptView => ({
  id,
  title,
  content,
  category: 'Calm & Relaxation',
  playCount: 0,
  creatorId: null,
});

/** The library as the gateway sees it: what reached it, and what it answers (as its endpoints declare). */
const library = {
  reached: 0,
  title: 'First title',
  edits: 0,
  /** Holds the next slow read until released. */
  holdNextRead: false,
  releaseSlowRead: null as null | (() => void),
};
let gateway = '';
/** The gateway's clock: a test moves it instead of waiting for a kept answer to age. */
let now = Date.now();
let frontendsDir = '';
/** Every service's address: the library behind all of them. */
const serviceUrls: Record<string, string> = {};

beforeAll(async () => {
  const reads = new ReadCache({ ttlMs: 60_000 });
  const app = express();
  app.use((req, _res, next) => {
    library.reached++;
    next();
  });
  // Long enough to be compressed (1 KB and more).
  app.get('/api/transcripts', (req, res) =>
    reads.send(req, res, async (): Promise<TranscriptView[]> => [transcript('t1', library.title, 'I am calm. '.repeat(200))]),
  );
  app.get('/api/transcripts/slow', (req, res) =>
    reads.send(req, res, async (): Promise<TranscriptView> => {
      const title = library.title;
      if (library.holdNextRead) {
        library.holdNextRead = false;
        await new Promise<void>((resolve) => (library.releaseSlowRead = resolve));
      }
      return transcript('slow', title);
    }),
  );
  app.get('/api/background-music', (req, res) => {
    if (!req.headers.cookie?.includes(`${USER_SESSION_COOKIE}=`))
      return void res.status(401).json({ error: 'Sign in', code: 'UNAUTHENTICATED' });
    void reads.send(req, res, async (): Promise<MusicTrackView[]> => [{ id: 'm1', title: library.title, duration: 300 }], {
      private: true,
    });
  });
  app.get('/api/creators', (req, res) => {
    res.cookie('ie_seen', '1');
    void reads.send(
      req,
      res,
      async (): Promise<CreatorProfileView[]> => [{ id: 'c1', name: library.title, bio: '', profilePicUrl: '', youtubeChannel: '' }],
    );
  });
  app.put('/api/transcripts/:id', (req, res) => {
    req.resume();
    req.on('end', () => {
      library.title = `Edited ${++library.edits}`;
      reads.invalidate();
      res.json(transcript(req.params.id, library.title));
    });
  });
  const libraryUrl = urlOf(await listen(app));
  for (const name of SERVICE_NAMES) serviceUrls[`${name.toUpperCase().replace('-', '_')}_URL`] = libraryUrl;

  frontendsDir = mkdtempSync(join(tmpdir(), 'gateway-edge-'));
  mkdirSync(join(frontendsDir, 'shell', 'dist'), { recursive: true });
  writeFileSync(join(frontendsDir, 'shell', 'dist', 'index.html'), '<!doctype html><div id="root"></div>');
  const config = ZGatewayEnv.parse({ PORT: '0', ...serviceUrls, FRONTENDS_DIR: frontendsDir });
  const verifier = createTokenVerifier(localKeyResolver(keys), USER_TOKEN_ISSUER, {
    revocation: async (claims) => (revoked.has(claims.sid) ? 'revoked' : 'active'),
  });
  gateway = urlOf(await listen(createGateway({ config, logger: createLogger('edge-test', 'silent'), verifier, clock: () => now })));
});

afterAll(async () => {
  await Promise.all(servers.map((s) => new Promise((r) => s.close(r))));
  rmSync(frontendsDir, { recursive: true, force: true });
});

/** What reached the library while `work` ran. */
async function reachedDuring(work: () => Promise<unknown>) {
  const before = library.reached;
  await work();
  return library.reached - before;
}

/** A browser without cookies of its own: a test names the session it sends. */
const client = (url = gateway) => new TestClient(url);
const readLibrary = (headers: Record<string, string> = {}, query: { category?: string } = {}) =>
  client().api.send('GET /api/transcripts', { query }, { headers });
const readMusic = (headers: Record<string, string> = {}) => client().api.send('GET /api/background-music', {}, { headers });
const readSlow = () => client().api.send('GET /api/transcripts/:id', { params: { id: 'slow' } });
const edit = () =>
  client().api.send('PUT /api/transcripts/:id', {
    params: { id: 't1' },
    body: { title: 'Edited', content: 'I am calm.', category: 'Calm & Relaxation', creatorId: null },
  });
type Answer = Awaited<ReturnType<typeof readLibrary>>;

test('a kept public read is answered by the gateway, with its ETag, and the directive never reaches the browser', async () => {
  let first!: Answer;
  expect(await reachedDuring(async () => (first = await readLibrary()))).toBe(1);
  const firstBody = first.data;
  const etag = first.headers.get('etag')!;
  expect(first.headers.get(EDGE_CACHE_HEADER)).toBeNull();

  let again!: Answer;
  expect(await reachedDuring(async () => (again = await readLibrary()))).toBe(0);
  expect(again.status).toBe(200);
  expect(again.data).toEqual(firstBody);
  expect(again.headers.get('etag')).toBe(etag);
  expect(again.headers.get('cache-control')).toBe('no-cache');
  expect(again.headers.get(EDGE_CACHE_HEADER)).toBeNull();
  // The gateway's own headers are on a kept answer as on any other.
  expect(again.headers.get('x-content-type-options')).toBe('nosniff');
  expect(again.headers.get('x-request-id')).not.toBe(first.headers.get('x-request-id'));

  let notModified!: Answer;
  expect(await reachedDuring(async () => (notModified = await readLibrary({ 'if-none-match': etag })))).toBe(0);
  expect(notModified.status).toBe(304);
});

test('each encoding is kept apart: a brotli answer is kept as brotli, the plain one stays plain', async () => {
  const plain = await readLibrary({ 'accept-encoding': 'identity' });
  const plainBytes = Buffer.from(plain.text);
  const rawBrotli = async () => {
    const res = await readLibrary({ 'accept-encoding': 'br' });
    return { encoding: res.headers.get('content-encoding'), length: Number(res.headers.get('content-length')) };
  };
  const first = await rawBrotli();
  expect(first.encoding).toBe('br');
  expect(await reachedDuring(rawBrotli)).toBe(0);
  expect(first.length).toBeLessThan(plainBytes.length);
  // The body fetch decoded is the plain one.
  const decoded = await readLibrary({ 'accept-encoding': 'br' });
  expect(Buffer.from(decoded.text).equals(plainBytes)).toBe(true);
});

test('a write through the gateway shows on the very next read', async () => {
  const before = (await readLibrary()).data[0].title;
  expect(await reachedDuring(() => readLibrary())).toBe(0);
  expect((await edit()).status).toBe(200);
  let read!: Answer;
  expect(await reachedDuring(async () => (read = await readLibrary()))).toBe(1);
  const after = read.data[0].title;
  expect(after).not.toBe(before);
  expect(after).toBe(library.title);
});

test('a read under way while a write is answered is not kept', async () => {
  library.holdNextRead = true;
  const slow = readSlow();
  // The read has reached the service, which holds it until released.
  const release = await eventually(async () => library.releaseSlowRead ?? Promise.reject(new Error('the read has not arrived yet')));
  const before = library.title;
  await edit();
  release();
  library.releaseSlowRead = null;
  expect((await slow).data.title).toBe(before);
  // Asked again: the gateway did not keep the answer made before the write.
  let again!: Awaited<ReturnType<typeof readSlow>>;
  expect(await reachedDuring(async () => (again = await readSlow()))).toBe(1);
  expect(again.data.title).toBe(library.title);
});

test('a kept answer lasts the one second the service allows, then the service is asked again', async () => {
  // A category of its own, so the read is kept from now on.
  const readFresh = () => readLibrary({}, { category: 'fresh' });
  await readFresh();
  expect(await reachedDuring(readFresh)).toBe(0);
  now += 999;
  expect(await reachedDuring(readFresh)).toBe(0);
  now += 2;
  expect(await reachedDuring(readFresh)).toBe(1);
});

test('an answer kept for signed-in listeners goes only to a session the gateway found valid', async () => {
  const listener = sessionCookie('listener');
  expect((await readMusic({ cookie: listener })).status).toBe(200);
  expect(await reachedDuring(() => readMusic({ cookie: sessionCookie('another') }))).toBe(0);

  // A visitor, a tampered cookie and a revoked session all go to the service, which refuses them.
  let visitor!: Awaited<ReturnType<typeof readMusic>>;
  expect(await reachedDuring(async () => (visitor = await readMusic()))).toBe(1);
  expect(visitor.status).toBe(401);
  const tampered = await readMusic({ cookie: `${listener.slice(0, -4)}AAAA` });
  expect(tampered.status).toBe(401);
  revoked.add('gone');
  expect((await readMusic({ cookie: sessionCookie('gone') })).status).toBe(401);
});

test('an answer that sets a cookie is never kept', async () => {
  const readCreators = () => client().api.send('GET /api/creators', {});
  await readCreators();
  expect(await reachedDuring(readCreators)).toBe(1);
});

test('a kept read still counts against the per-address limit, with its headers, and in the request figures', async () => {
  const config = ZGatewayEnv.parse({ PORT: '0', ...serviceUrls, FRONTENDS_DIR: frontendsDir, API_RATE_LIMIT: '3' });
  const verifier = createTokenVerifier(localKeyResolver(keys), USER_TOKEN_ISSUER);
  const operations = gatewayOperations();
  const limited = urlOf(await listen(createGateway({ config, logger: createLogger('edge-test', 'silent'), verifier, operations })));
  const metricsUrl = urlOf(await listen(operatorsListener({ figures: [operations.metrics] })));
  const read = () => client(limited).api.send('GET /api/transcripts', { query: { category: 'limited' } });
  const first = await read();
  expect(first.headers.get('ratelimit')).toMatch(/^limit=3, remaining=2, reset=\d+$/);
  expect(first.headers.get('ratelimit-policy')).toBe('3;w=60');
  let second!: Answer;
  expect(await reachedDuring(async () => (second = await read()))).toBe(0);
  expect(second.status).toBe(200);
  expect(second.headers.get('ratelimit')).toMatch(/^limit=3, remaining=1, reset=\d+$/);
  expect((await read()).status).toBe(200);
  const refused = await read();
  expect(refused.status).toBe(429);
  expect(refused.data).toEqual({ error: 'Too many requests. Please slow down.', code: 'RATE_LIMITED' });

  const metrics = await (await fetch(`${metricsUrl}/metrics`)).text();
  expect(sumOfMetric(metrics, 'innerecho_http_requests_total', { route: '/api/transcripts', status: '200' })).toBe(3);
  expect(sumOfMetric(metrics, 'innerecho_http_requests_total', { route: '/api/transcripts', status: '429' })).toBe(1);
});
