import { ApiError, ENDPOINTS_BY_SERVICE, PUBLIC_ENDPOINTS, type ServiceName } from '@innerecho/contracts';
import { ROUTE_TABLE } from '@innerecho/gateway';
import { mountedRoutes } from '@innerecho/kit';
import { newSessionId, startTestSystem, TestClient, uniqueEmail, type TestSystem } from '../src';

jest.setTimeout(180_000);

/**
 * Every endpoint is declared once (@innerecho/contracts) and mounted through its declaration.
 * This reads what each running service really mounts, from its Express router, and compares
 * it with the declarations both ways: nothing mounted undeclared, nothing declared unmounted;
 * and calls the API through the typed client made from them.
 */
let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(() => system?.stop());

/** The kit's operations routes, the same on every service and outside the API (answered before logging and sessions). */
const OPERATIONS = ['GET /health', 'GET /ready'];

test('each service mounts exactly the endpoints declared for it, each once', () => {
  const services = Object.values(system.services);
  expect(services.map((service) => service.name).sort()).toEqual(Object.keys(ENDPOINTS_BY_SERVICE).sort());
  for (const service of services) {
    const mounted = mountedRoutes(service.app).filter((route) => !OPERATIONS.includes(route));
    const declared = Object.keys(ENDPOINTS_BY_SERVICE[service.name as ServiceName] ?? {});
    expect({ service: service.name, mountedButNotDeclared: mounted.filter((route) => !declared.includes(route)) }).toEqual({
      service: service.name,
      mountedButNotDeclared: [],
    });
    expect({ service: service.name, declaredButNotMounted: declared.filter((route) => !mounted.includes(route)) }).toEqual({
      service: service.name,
      declaredButNotMounted: [],
    });
    expect({ service: service.name, mountedTwice: mounted.filter((route, i) => mounted.indexOf(route) !== i) }).toEqual({
      service: service.name,
      mountedTwice: [],
    });
    for (const route of OPERATIONS) expect(mountedRoutes(service.app)).toContain(route);
  }
});

test("no service shows its figures on its API port: they are on the operators' port only", async () => {
  for (const service of Object.values(system.services)) {
    expect({ service: service.name, status: (await fetch(`${service.url}/metrics`)).status }).toEqual({
      service: service.name,
      status: 404,
    });
  }
  const figures = await (await fetch(`${system.gateway.metricsUrl}/metrics`)).text();
  for (const service of Object.values(system.services)) expect(figures).toContain(`service="${service.name}"`);
});

test('the gateway forwards exactly the declared /api endpoints, each to its owning service', () => {
  expect(ROUTE_TABLE.map((row) => `${row.id} → ${row.service}`)).toEqual(
    PUBLIC_ENDPOINTS.map((endpoint) => `${endpoint.id} → ${endpoint.service}`),
  );
  expect(ROUTE_TABLE.length).toBeGreaterThan(90);
});

test('the typed client calls endpoints by id, with the declared request and answer', async () => {
  const visitor = new TestClient(system.url);
  const transcripts = await visitor.api.call('GET /api/transcripts', { query: { category: 'All' } });
  expect(transcripts.length).toBeGreaterThan(0);
  const one = await visitor.api.call('GET /api/transcripts/:id', { params: { id: transcripts[0].id } });
  expect(one.title).toBe(transcripts[0].title);
  expect(await visitor.api.call('GET /api/auth/session', {})).toEqual({ user: null });
  const refused = await visitor.api.call('GET /api/custom-affirmations', {}).catch((error: unknown) => error);
  expect(refused).toBeInstanceOf(ApiError);
  expect((refused as ApiError).status).toBe(401);

  const listener = new TestClient(system.url);
  const email = uniqueEmail('typed-client');
  await listener.signUp(email);
  expect((await listener.api.call('GET /api/auth/user', {})).email).toBe(email);
  const written = await listener.api.call('POST /api/custom-affirmations', {
    body: { sessionId: newSessionId(), title: 'Typed', content: 'I am typed.', category: 'Other' },
  });
  expect((await listener.api.call('GET /api/custom-affirmations/:id', { params: { id: written.id } })).content).toBe('I am typed.');
  expect(await listener.api.call('DELETE /api/custom-affirmations/:id', { params: { id: written.id } })).toBeUndefined();
  expect(listener.api.queryOptions('GET /api/saved-affirmations/:sessionId', { params: { sessionId: 'session_x' } }).queryKey).toEqual([
    'GET /api/saved-affirmations/:sessionId',
    { params: { sessionId: 'session_x' } },
  ]);
});

test('the reads answer what their declarations say (each answer parsed with its declared schema)', async () => {
  const visitor = new TestClient(system.url);
  await visitor.api.call('GET /api/voice-engine', {});
  const creators = await visitor.api.call('GET /api/creators', {});
  expect(creators.length).toBeGreaterThan(0);
  await visitor.api.call('GET /api/creators/:id', { params: { id: creators[0].id } });
  await visitor.api.call('GET /api/creators/:id/analytics', { params: { id: creators[0].id }, query: { limit: '3' } });
  await visitor.api.call('GET /api/creators/:id/transcripts', { params: { id: creators[0].id } });
  await visitor.api.call('GET /api/creator-auth/session', {});

  const listener = new TestClient(system.url);
  await listener.signUp(uniqueEmail('typed-reads'));
  const sessionId = newSessionId();
  await listener.api.call('GET /api/generate-audio/allowance', {});
  await listener.api.call('GET /api/generate-audio/queue', {});
  await listener.api.call('GET /api/saved-affirmations/:sessionId', { params: { sessionId } });
  await listener.api.call('GET /api/saved-affirmations/:sessionId/streak', { params: { sessionId }, query: { timeZone: 'Europe/Paris' } });
  await listener.api.call('GET /api/voice-profile/:sessionId', { params: { sessionId } });
  await listener.api.call('GET /api/background-music', {});
  await listener.api.call('GET /api/custom-affirmations', {});
  await listener.api.call('GET /api/own-recordings/:sessionId/:affirmationId', { params: { sessionId, affirmationId: creators[0].id } });

  const admin = new TestClient(system.url);
  expect((await admin.api.send('POST /api/login', { body: system.admin })).status).toBe(200);
  await admin.api.call('GET /api/creator-accounts', {});
  await admin.api.call('GET /api/payouts/balances', {});
  await admin.api.call('GET /api/payouts', {});
  await admin.api.call('GET /api/payouts/creator/:creatorId/summary', { params: { creatorId: creators[0].id } });
  await admin.api.call('GET /api/commissions/creator/:creatorId', { params: { creatorId: creators[0].id } });
  await admin.api.call('GET /api/creator-analytics/:creatorId', { params: { creatorId: creators[0].id }, query: { period: 'monthly' } });
});
