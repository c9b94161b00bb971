import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { serverErrorCode, serverErrorMessage } from '../src/data/api-request';
import { apiQueryKey, createPageApi } from '../src/data/api-client';
import { createQueryClient } from '../src/data/query-client';

/** The client data layer against a real HTTP server: JSON bodies, cookies, `${status}: ${body}` errors, answers typed by their declarations. */
let server: Server;
const transcript = { id: 'abc', title: 'Calm', content: 'I am calm.', category: 'Calm & Relaxation', playCount: 2, creatorId: null };
let base = '';
const seen: { method: string; url: string; contentType?: string; body: string }[] = [];

beforeAll(async () => {
  const app = express();
  app.use(express.text({ type: '*/*' }));
  app.use((req, res, next) => {
    seen.push({
      method: req.method,
      url: req.url,
      contentType: req.header('content-type'),
      body: typeof req.body === 'string' ? req.body : '',
    });
    next();
  });
  app.get('/api/transcripts/abc', (_req, res) => res.json(transcript));
  app.get('/api/transcripts/bad', (_req, res) => res.status(400).json({ error: 'Please fill in all fields', code: 'VALIDATION_FAILED' }));
  app.get('/api/transcripts/empty', (_req, res) => res.status(503).end());
  app.get('/api/transcripts', (_req, res) => res.json([transcript]));
  app.post('/api/create-checkout-session', (_req, res) => res.json({ url: '/checkout' }));
  app.get('/api/auth/user', (_req, res) => res.status(401).json({ error: 'Please sign in to continue' }));
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

test('a call fills the declared path, sends the declared body and answers the declared shape', async () => {
  const call = createPageApi(base);
  expect(await call('GET /api/transcripts/:id', { params: { id: 'abc' } })).toEqual(transcript);
  // Each parameter is encoded; the query goes after the path.
  seen.length = 0;
  expect(await call('GET /api/transcripts', { query: { category: 'Calm & Relaxation' } })).toEqual([transcript]);
  await call('GET /api/transcripts/:id', { params: { id: 'a/b c' } }).catch(() => undefined);
  expect(seen.map((s) => s.url)).toEqual(['/api/transcripts?category=Calm+%26+Relaxation', '/api/transcripts/a%2Fb%20c']);
  expect(apiQueryKey('GET /api/transcripts/:id', { params: { id: 'abc' } })).toEqual([
    'GET /api/transcripts/:id',
    { params: { id: 'abc' } },
  ]);
  expect(apiQueryKey('GET /api/transcripts')).toEqual(['GET /api/transcripts', {}]);
});

test('a body is sent as JSON; without a body no content type is claimed', async () => {
  const call = createPageApi(base);
  seen.length = 0;
  await call('POST /api/create-checkout-session', { body: { plan: 'monthly' } });
  await call('GET /api/transcripts/:id', { params: { id: 'abc' } });
  expect(seen[0]).toMatchObject({ method: 'POST', contentType: 'application/json', body: '{"plan":"monthly"}' });
  expect(seen[1].contentType).toBeUndefined();
});

test('a non-OK answer raises "status: body", or "status: status text" when the body is empty', async () => {
  const call = createPageApi(base);
  await expect(call('GET /api/transcripts/:id', { params: { id: 'bad' } })).rejects.toThrow(
    '400: {"error":"Please fill in all fields","code":"VALIDATION_FAILED"}',
  );
  await expect(call('GET /api/transcripts/:id', { params: { id: 'empty' } })).rejects.toThrow('503: Service Unavailable');
  const error = await call('GET /api/transcripts/:id', { params: { id: 'bad' } }).catch((e: unknown) => e);
  expect(serverErrorMessage(error)).toBe('Please fill in all fields');
  expect(serverErrorCode(error)).toBe('VALIDATION_FAILED');
  const notJson = await call('GET /api/transcripts/:id', { params: { id: 'empty' } }).catch((e: unknown) => e);
  expect([serverErrorCode(notJson), serverErrorMessage(notJson)]).toEqual([undefined, undefined]);
});

test("a refused call throws the data layer's error, with the status and the server's words", async () => {
  const error = await createPageApi(base)('GET /api/auth/user').catch((e: unknown) => e);
  expect(error).toMatchObject({ status: 401, serverMessage: 'Please sign in to continue' });
});

test('queries never retry, never go stale and do not refetch on focus', () => {
  const defaults = createQueryClient().getDefaultOptions().queries!;
  expect(defaults).toMatchObject({ retry: false, staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false });
});
