import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { apiRequest, serverErrorCode, serverErrorMessage } from '../src/data/api-request';
import { createQueryClient, defaultQueryFn, getQueryFn, queryKeyToUrl } from '../src/data/query-client';

/** The client data layer against a real HTTP server: JSON bodies, cookies, `${status}: ${body}` errors, 401 as null where asked. */
let server: Server;
let base = '';
/** Calls a query function the way react-query does, with only what it reads: the key and the abort signal. */
const read = (queryFn: unknown, queryKey: unknown[], signal = new AbortController().signal) =>
  (queryFn as (context: { queryKey: unknown[]; signal: AbortSignal }) => Promise<unknown>)({ queryKey, signal });
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
  app.get('/api/transcripts/abc', (_req, res) => res.json({ id: 'abc' }));
  app.post('/api/things', (_req, res) => res.status(201).json({ ok: true }));
  app.get('/api/bad', (_req, res) => res.status(400).json({ error: 'Please fill in all fields', code: 'VALIDATION_FAILED' }));
  app.get('/api/empty', (_req, res) => res.status(503).end());
  app.get('/api/auth/user', (_req, res) => res.status(401).json({ error: 'Please sign in to continue' }));
  server = await new Promise((resolve) => {
    const s = app.listen(0, '127.0.0.1', () => resolve(s));
  });
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((r) => server.close(r)));

test('a default read GETs the path made of the query key joined with "/" and parses JSON', async () => {
  expect(queryKeyToUrl([`${base}/api/transcripts`, 'abc'])).toBe(`${base}/api/transcripts/abc`);
  const data = await read(defaultQueryFn, [`${base}/api/transcripts`, 'abc']);
  expect(data).toEqual({ id: 'abc' });
});

test('a body is sent as JSON; without a body no content type is claimed', async () => {
  seen.length = 0;
  await apiRequest('POST', `${base}/api/things`, { plan: 'monthly' });
  await apiRequest('GET', `${base}/api/transcripts/abc`);
  expect(seen[0]).toMatchObject({ method: 'POST', contentType: 'application/json', body: '{"plan":"monthly"}' });
  expect(seen[1].contentType).toBeUndefined();
});

test('a non-OK answer raises "status: body", or "status: status text" when the body is empty', async () => {
  await expect(apiRequest('GET', `${base}/api/bad`)).rejects.toThrow(
    '400: {"error":"Please fill in all fields","code":"VALIDATION_FAILED"}',
  );
  await expect(apiRequest('GET', `${base}/api/empty`)).rejects.toThrow('503: Service Unavailable');
  const error = await apiRequest('GET', `${base}/api/bad`).catch((e) => e);
  expect(serverErrorMessage(error)).toBe('Please fill in all fields');
  expect(serverErrorCode(error)).toBe('VALIDATION_FAILED');
  const notJson = await apiRequest('GET', `${base}/api/empty`).catch((e) => e);
  expect([serverErrorCode(notJson), serverErrorMessage(notJson)]).toEqual([undefined, undefined]);
});

test('a 401 is an error by default, and null only where a read asks for it', async () => {
  const signal = new AbortController().signal;
  await expect(read(defaultQueryFn, [`${base}/api/auth/user`], signal)).rejects.toThrow('401: ');
  expect(await read(getQueryFn({ on401: 'returnNull' }), [`${base}/api/auth/user`], signal)).toBeNull();
});

test('queries never retry, never go stale and do not refetch on focus', () => {
  const defaults = createQueryClient().getDefaultOptions().queries!;
  expect(defaults).toMatchObject({ retry: false, staleTime: Infinity, refetchOnWindowFocus: false, refetchInterval: false });
});
