import { PUBLIC_ENDPOINTS, type Endpoint } from '@innerecho/contracts';
import { startTestSystem, TestClient, type TestSystem } from '../src';

jest.setTimeout(180_000);

/**
 * A refusal comes in the form its caller asked for: `{ error, code }` JSON, with a JSON
 * content type, to a caller that sent JSON or whose `Accept` prefers JSON; a page to a
 * browser navigating or posting a form. Pages the services render and the files the gateway
 * serves are where a refusal could take the wrong form, so every declared route that answers
 * a page, and the served files, are asked both ways with input they refuse.
 */
let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(() => system?.stop());

const ASKS_JSON = { accept: 'application/json' };
const NAVIGATES = { accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8' };

/** Routes that answer pages, or take the pages' forms. */
const answersPages = (endpoint: Endpoint) =>
  endpoint.fields.bodyKind === 'json-or-form' || Object.values(endpoint.fields.answers).some((answer) => answer.kind === 'page');
/** Each path parameter filled with something that names nothing, and a one-time token that is no token. */
const refusedPath = (endpoint: Endpoint) => endpoint.path.replace(/[:*](\w+)/g, 'unknown-0') + '?token=no-such-token';

type Answer = Awaited<ReturnType<TestClient['request']>>;
const expectJsonRefusal = (label: string, res: Answer) => {
  expect({ label, type: res.headers.get('content-type') }).toEqual({ label, type: 'application/json; charset=utf-8' });
  expect({ label, body: res.data }).toEqual({
    label,
    body: expect.objectContaining({ error: expect.any(String), code: expect.any(String) }),
  });
};
const expectPage = (label: string, res: Answer) => {
  expect({ label, type: res.headers.get('content-type') }).toEqual({ label, type: 'text/html; charset=utf-8' });
  expect(res.text).toMatch(/^<!doctype html>/);
};

test('every route that answers pages refuses a JSON caller with JSON, and a browser with a page', async () => {
  const pageRoutes = PUBLIC_ENDPOINTS.filter(answersPages);
  // The sign-in, account, setup, demo checkout and portal pages and their forms.
  expect(pageRoutes.length).toBeGreaterThanOrEqual(15);
  let refusals = 0;
  for (const endpoint of pageRoutes) {
    const path = refusedPath(endpoint);
    const write = endpoint.method !== 'GET';
    const asJson = await new TestClient(system.url).request(endpoint.method, path, {
      headers: ASKS_JSON,
      ...(write ? { json: { token: 'no-such-token', password: 'one password', confirm: 'another password' } } : {}),
    });
    const asBrowser = await new TestClient(system.url).request(endpoint.method, path, {
      headers: NAVIGATES,
      ...(write ? { form: { token: 'no-such-token', password: 'one password', confirm: 'another password' } } : {}),
    });
    if (asJson.status >= 400) {
      refusals++;
      expectJsonRefusal(`${endpoint.id} asked for JSON`, asJson);
    }
    if (asBrowser.status >= 400 && asBrowser.status !== 401 && asBrowser.status !== 403)
      expectPage(`${endpoint.id} as a browser`, asBrowser);
  }
  expect(refusals).toBeGreaterThanOrEqual(6);
});

test('a one-time setup link that is no link answers 410 in the form asked, for admins and creators alike', async () => {
  for (const path of ['/api/auth/admin-setup', '/api/creator-auth/setup']) {
    const posted = await new TestClient(system.url).postJson(path, {
      token: 'used-or-made-up',
      password: 'a new password',
      confirm: 'a new password',
    });
    expect(posted.status).toBe(410);
    expectJsonRefusal(`POST ${path}`, posted);
    expect(posted.data.code).toBe('SETUP_LINK_INVALID');

    const opened = await new TestClient(system.url).get(`${path}?token=used-or-made-up`, NAVIGATES);
    expect(opened.status).toBe(410);
    expectPage(`GET ${path}`, opened);
    const asked = await new TestClient(system.url).get(`${path}?token=used-or-made-up`, ASKS_JSON);
    expect(asked.status).toBe(410);
    expect(asked.data.code).toBe('SETUP_LINK_INVALID');
  }
});

test('a range outside a served file is refused as JSON to a program and as a page to a browser, never JSON labelled as HTML', async () => {
  const outside = { range: 'bytes=999999999-' };
  for (const path of ['/', '/affirmations', '/manifest.webmanifest']) {
    const program = await new TestClient(system.url).get(path, { ...outside, accept: '*/*' });
    expect(program.status).toBe(416);
    expectJsonRefusal(`GET ${path} from a program`, program);
    const browser = await new TestClient(system.url).get(path, { ...outside, ...NAVIGATES });
    expect(browser.status).toBe(416);
    expectPage(`GET ${path} from a browser`, browser);
  }
});
