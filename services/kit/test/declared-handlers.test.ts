import { once } from 'node:events';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { z } from 'zod';
import { answers, declareEndpoints } from '@innerecho/contracts';
import { createLogger, declaredRoutes, errorMiddleware } from '../src';

/**
 * Handlers mounted through their declaration: given the parsed input, held to the declared
 * answer (status, headers and, with CHECK_ANSWERS, the body's schema), behind the declared access.
 */
const ENDPOINTS = declareEndpoints('billing', {
  'POST /things/:id': {
    summary: 'A thing',
    access: 'listener',
    params: z.object({ id: z.string().regex(/^\d+$/) }),
    query: z.object({ limit: z.coerce.number().int().max(50).default(10) }),
    body: z.object({ name: z.string().min(1) }),
    answers: {
      201: answers.json(z.object({ id: z.string(), name: z.string(), limit: z.number(), by: z.string() }), 'Made', {
        'x-thing': 'The thing',
      }),
    },
  },
  'GET /wrong': { summary: 'Answers not as declared', access: 'public', answers: { 200: answers.json(z.object({ n: z.number() })) } },
  'GET /old-wrong': {
    summary: 'The old way, not as declared',
    access: 'public',
    answers: { 200: answers.json(z.object({ n: z.number() })) },
  },
  'GET /admins': { summary: 'Admins only', access: 'admin', answers: { 204: answers.empty() } },
  'POST /greetings': {
    summary: 'A form or JSON',
    access: 'public',
    body: z.object({ name: z.string().trim().min(1, 'Enter your name'), times: z.coerce.number().int().default(1) }),
    answers: { 200: answers.json(z.object({ greeting: z.string() })), 400: answers.page('The form again, saying why') },
    bodyKind: 'json-or-form',
  },
});

let server: Server;
let base: string;

beforeAll(async () => {
  expect(process.env.CHECK_ANSWERS).toBe('true'); // the jest setup turns it on for every test
  const routes = declaredRoutes(ENDPOINTS)
    .answer('POST /things/:id', ({ params, query, body, user }) => ({
      status: 201,
      body: { id: params.id, name: body.name, limit: query.limit, by: user.email },
      headers: { 'x-thing': 'yes', 'cache-control': 'no-store' },
    }))
    .answer('GET /wrong', () => ({ status: 200, body: { n: 'one' as unknown as number } }))
    .handle('GET /old-wrong', (_req, res) => void res.json({ n: 'one' }))
    .answer('GET /admins', () => ({ status: 204 }))
    // A refused form is answered by its handler (a page, here its words), never by the kit.
    .raw('POST /greetings', ({ body, res }) => {
      if (!body.ok)
        return void res
          .status(400)
          .type('html')
          .send(`<p>${body.message}</p><input value="${String(body.posted.name)}">`);
      const { name, times } = body.value;
      res.json({ greeting: `hello ${name}`.repeat(times) });
    });
  const app = express();
  app.use(express.json());
  app.use(express.urlencoded({ extended: false }));
  app.use((req, _res, next) => {
    const role = req.header('x-test-role');
    if (role === 'admin' || role === 'subscriber') req.user = { id: 'u1', role, email: 'a@example.com', sid: 's1' };
    next();
  });
  app.use(routes.router);
  app.use(errorMiddleware(createLogger('declared-handlers-test', 'silent')));
  server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

const call = (method: string, path: string, role?: string, body?: unknown) =>
  fetch(base + path, {
    method,
    headers: { ...(role ? { 'x-test-role': role } : {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

test('the handler is given the parsed input and its reply is sent with its declared status and headers', async () => {
  const res = await call('POST', '/things/7', 'subscriber', { name: 'n' });
  expect(res.status).toBe(201);
  expect(res.headers.get('x-thing')).toBe('yes');
  expect(res.headers.get('cache-control')).toBe('no-store');
  expect(await res.json()).toEqual({ id: '7', name: 'n', limit: 10, by: 'a@example.com' });
});

test('the declared access, params, query and body are checked before the handler', async () => {
  expect((await call('POST', '/things/7', undefined, { name: 'n' })).status).toBe(401);
  expect((await call('POST', '/things/x', 'subscriber', { name: 'n' })).status).toBe(404);
  expect((await call('POST', '/things/7?limit=99', 'subscriber', { name: 'n' })).status).toBe(400);
  expect((await call('POST', '/things/7', 'subscriber', { name: '' })).status).toBe(400);
  expect((await call('GET', '/admins', 'subscriber')).status).toBe(403);
  expect((await call('GET', '/admins', 'admin')).status).toBe(204);
});

test('an answer not as declared fails loudly, both ways of mounting', async () => {
  for (const path of ['/wrong', '/old-wrong']) {
    const res = await call('GET', path);
    expect(res.status).toBe(500);
    expect(await res.json()).toMatchObject({ code: 'ANSWER_NOT_AS_DECLARED' });
  }
});

test('mounting an undeclared id, or a subscriber route with no way to ask for the plan, throws at start', () => {
  const sub = declareEndpoints('billing', { 'GET /plan': { summary: 'Plan', access: 'subscriber', answers: { 204: answers.empty() } } });
  expect(() => declaredRoutes(sub).answer('GET /plan', () => ({ status: 204 }))).toThrow(/subscribers/);
  expect(() => declaredRoutes(ENDPOINTS).answer('GET /nope' as 'GET /wrong', () => ({ status: 200, body: { n: 1 } }))).toThrow(
    /not declared/,
  );
});

test("a form route's handler is given the typed value of a good form or JSON body, and the refusal of a bad one to answer with its page", async () => {
  const form = (fields: Record<string, string>) =>
    fetch(`${base}/greetings`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });
  // Parsed by the declaration: trimmed, and the count coerced from text.
  const fromForm = await form({ name: '  Ada ', times: '2' });
  expect(fromForm.status).toBe(200);
  expect(await fromForm.json()).toEqual({ greeting: 'hello Adahello Ada' });
  const fromJson = await call('POST', '/greetings', undefined, { name: 'Bo' });
  expect(await fromJson.json()).toEqual({ greeting: 'hello Bo' });

  // Refused: the handler's own page with the schema's message and the field as it was typed, not the kit's JSON 400.
  const refusedForm = await form({ name: '   ' });
  expect(refusedForm.status).toBe(400);
  expect(refusedForm.headers.get('content-type')).toMatch(/^text\/html/);
  expect(await refusedForm.text()).toBe('<p>Enter your name</p><input value="   ">');
  const refusedJson = await call('POST', '/greetings', undefined, { name: 7 });
  expect(refusedJson.status).toBe(400);
  expect(await refusedJson.text()).toMatch(/^<p>Invalid input: expected string, received number<\/p>/);
});
