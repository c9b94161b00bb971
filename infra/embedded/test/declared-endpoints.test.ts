import { ENDPOINTS_BY_SERVICE, PUBLIC_ENDPOINTS, type ServiceName } from '@innerecho/contracts';
import { ROUTE_TABLE } from '@innerecho/gateway';
import { mountedRoutes } from '@innerecho/kit';
import { startTestSystem, type TestSystem } from '../src';

jest.setTimeout(180_000);

/**
 * Every endpoint is declared once (@innerecho/contracts) and mounted through its declaration.
 * This reads what each running service really mounts, from its Express router, and compares
 * it with the declarations both ways: nothing mounted undeclared, nothing declared unmounted.
 */
let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(() => system?.stop());

/** The kit's operations routes, the same on every service and outside the API (answered before logging and sessions). */
const OPERATIONS = ['GET /health', 'GET /ready', 'GET /metrics'];

test('each service mounts exactly the endpoints declared for it, each once', () => {
  const services = Object.values(system.services);
  expect(services.map((service) => service.name).sort()).toEqual(Object.keys(ENDPOINTS_BY_SERVICE).sort());
  for (const service of services) {
    const mounted = mountedRoutes(service.app).filter((route) => !OPERATIONS.includes(route));
    const declared = Object.keys(ENDPOINTS_BY_SERVICE[service.name as ServiceName]);
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

test('the gateway forwards exactly the declared /api endpoints, each to its owning service', () => {
  expect(ROUTE_TABLE.map((row) => `${row.id} → ${row.service}`)).toEqual(
    PUBLIC_ENDPOINTS.map((endpoint) => `${endpoint.id} → ${endpoint.service}`),
  );
  expect(ROUTE_TABLE.length).toBeGreaterThan(90);
});
