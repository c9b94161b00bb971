import { request } from 'node:http';
import { z } from 'zod';
import { ENDPOINTS_BY_SERVICE, EXAMPLE_ID, PUBLIC_ENDPOINTS, type Access, type Endpoint } from '@innerecho/contracts';
import { newSessionId, startTestSystem, TestClient, uniqueEmail, type TestSystem } from '../src';

jest.setTimeout(2_400_000);

/**
 * The security sweep. Every declared /api route (what the gateway forwards), as a visitor, a
 * subscriber and an admin (and the creator routes as a creator), is sent what an attacker would send: malformed session cookies, NUL and
 * control characters and over-long strings in every path parameter, query field and body
 * field, the names every plain object inherits (`__proto__`, `constructor`, `toString`) as
 * the value and as the name of every path parameter, query field and body field, ids that
 * are not ids, wrong content types and encodings. No answer may be a 5xx
 * or carry a stack trace or a file path; every refusal is `{ error, code }` (or, for the
 * pages services render, an error page); and every request carrying bad input is refused
 * with a 4xx, except where its declaration says the field is ignored when unusable (`tolerated`).
 * Every route refuses (4xx) a caller its declared access does not admit.
 */

const OVER_LONG = 'x'.repeat(20_000);
const OVER_LONG_IN_URL = 'x'.repeat(3_000);

/**
 * The routes, who may call each, and what a real caller sends come from the endpoint
 * declarations (@innerecho/contracts): every /api endpoint the gateway forwards, its example
 * params, query and body, the body schema's fields, and the fields it tolerates.
 */
const ROUTES = new Map<string, Endpoint>(PUBLIC_ENDPOINTS.map((endpoint) => [endpoint.id.replace('*', ':'), endpoint]));

/**
 * How much the sweep must cover, counted from each service's own declarations (not from the
 * routes the sweep found): every /api endpoint attacked, and every one that takes a body has
 * its body fields attacked. The floors below them fail an emptied or shrunken declaration
 * table; lower them only with the endpoints removed on purpose.
 */
const DECLARED_API = Object.values(ENDPOINTS_BY_SERVICE)
  .flatMap((declared) => Object.values(declared) as Endpoint[])
  .filter((endpoint) => endpoint.path.startsWith('/api/'));
const ROUTES_TO_SWEEP = DECLARED_API.length;
const BODIES_TO_SWEEP = DECLARED_API.filter((endpoint) => endpoint.fields.body !== undefined).length;
const AT_LEAST_ROUTES = 130;
const AT_LEAST_BODIES = 44;

/** Who each identity of the sweep is, as the declarations' access kinds name callers. */
type Who = 'visitor' | 'subscriber' | 'admin' | 'creator';
const ADMITS: Record<Access, Who[]> = {
  public: ['visitor', 'subscriber', 'admin', 'creator'],
  'signed-url': ['visitor', 'subscriber', 'admin', 'creator'],
  'payment-provider': ['visitor', 'subscriber', 'admin', 'creator'],
  listener: ['subscriber', 'admin'],
  subscriber: ['subscriber', 'admin'],
  admin: ['admin'],
  creator: ['creator'],
  'creator-or-admin': ['creator', 'admin'],
  service: [],
};

/**
 * The example body with the caller's own values: their sessionId (a sessionId is bound to the
 * first account using it), and a new address wherever an email makes an account.
 */
function bodyFor(endpoint: Endpoint, sessionId: string): Record<string, unknown> | undefined {
  const example = endpoint.fields.example?.body as Record<string, unknown> | undefined;
  if (!example) return undefined;
  const body = { ...example };
  if ('sessionId' in body) body.sessionId = sessionId;
  if ('email' in body && ['POST /api/signup', 'POST /api/creators'].includes(endpoint.id)) body.email = uniqueEmail('sweep');
  return body;
}

/** Every field the body schema names (the example shows the usual ones; optional ones are attacked too). */
function bodyFields(endpoint: Endpoint, body: Record<string, unknown> | undefined): string[] {
  const schema = endpoint.fields.body ? (z.toJSONSchema(endpoint.fields.body, { io: 'input', unrepresentable: 'any' }) as any) : {};
  return [...new Set([...Object.keys(body ?? {}), ...Object.keys(schema.properties ?? {})])];
}

/** Whether the body schema says a field holds an id (a UUID, or a list of them). */
function isIdField(endpoint: Endpoint, field: string): boolean {
  const schema = endpoint.fields.body ? (z.toJSONSchema(endpoint.fields.body, { io: 'input', unrepresentable: 'any' }) as any) : {};
  const property = schema.properties?.[field];
  return property?.format === 'uuid' || property?.items?.format === 'uuid' || /Id$|Ids$/.test(field);
}

/** Path parameters and the value each takes in a well-formed call. */
const paramValue = (name: string, sessionId: string) =>
  ({
    sessionId,
    id: EXAMPLE_ID,
    creatorId: EXAMPLE_ID,
    payoutId: EXAMPLE_ID,
    uploadId: 'upload-sweep',
    partNumber: '1',
    key: 'samples/x.webm',
    code: 'anna',
    subscriptionId: 'demo_sub_sweep',
    action: 'cancel',
  })[name] ?? 'value';

/** Parameters that name something: values that are not ids must be refused. */
const ID_PARAMS = new Set(['sessionId', 'id', 'creatorId', 'payoutId', 'uploadId', 'partNumber', 'subscriptionId', 'action', 'key']);
/** Ids of things the service stores: one that cannot exist is simply not found (404). */
const ENTITY_IDS = new Set(['id', 'creatorId', 'payoutId', 'subscriptionId']);
const NOT_IDS = ['not-an-id', '..%2F..%2Fetc%2Fpasswd', "1'%20OR%20'1'%3D'1", '-1'];
/** Names every plain object inherits: a lookup `table[input]` or `input in table` finds them. */
const PROTOTYPE_NAMES = ['__proto__', 'constructor', 'toString'];

const LEAK = /node_modules|\/work\/|\.tsx?:\d+|\n\s+at \S|\bat (Object|Function|async|new) /;

interface Attack {
  name: string;
  method: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array;
  /** True when the request carries bad input and must be refused. */
  mustRefuse: boolean;
  /** An id that cannot exist: 404 (or 401/403 when the caller may not ask at all). */
  notFound?: boolean;
  /** Leave out the identity's own cookies (the attack brings its own). */
  ownCookies?: string;
}

let system: TestSystem;
const outcomes = { requests: 0, refused: 0, tolerated: 0, byStatus: new Map<number, number>() };
/** The routes that were sent an attack and had its answer judged, and those whose body fields were. */
const swept = { routes: new Set<string>(), bodies: new Set<string>() };
const failures: string[] = [];

beforeAll(async () => {
  system = await startTestSystem({
    env: { ...process.env, API_RATE_LIMIT: '10000000', SIGN_IN_RATE_LIMIT: '10000000', CONFIRMATION_LINKS_PER_HOUR: '10000000' },
  });
});
afterAll(() => system?.stop());

function buildPath(template: string, values: Record<string, string>) {
  return template.replace(/:(\w+)/g, (_, name: string) => values[name]);
}

const withQuery = (path: string, query: Record<string, string>) => {
  const q = new URLSearchParams(query).toString();
  return q ? `${path}?${q}` : path;
};

/** What a caller brings to a well-formed request: their sessionId, and a creator their own id. */
interface Caller {
  sessionId: string;
  creatorId?: string;
}

/** Every attack on one route, for one identity. */
function attacksOn(route: string, caller: Caller): Attack[] {
  const endpoint = ROUTES.get(route)!;
  const { sessionId } = caller;
  const [method, template] = route.split(' ');
  const params = [...template.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const valueOf = (name: string) =>
    name === 'creatorId' && caller.creatorId ? caller.creatorId : (endpoint.fields.example?.params?.[name] ?? paramValue(name, sessionId));
  const good = Object.fromEntries(params.map((p) => [p, encodeURIComponent(valueOf(p))]));
  const query = endpoint.fields.example?.query ?? {};
  const path = withQuery(buildPath(template, good), query);
  const body = bodyFor(endpoint, sessionId);
  const tolerated = new Set(endpoint.fields.tolerated ?? []);
  const json = { 'content-type': 'application/json' };
  const goodBody = JSON.stringify(body ?? {});
  const hasBody = method !== 'GET';
  const attacks: Attack[] = [];
  const base = { method, headers: hasBody ? json : {}, body: hasBody ? goodBody : undefined };

  // Session cookies that cannot be decoded, or are not tokens at all.
  for (const cookie of ['ie_session=%E0%A4%A', 'ie_session=%%%garbage; ie_creator_session=%%%', `ie_session=${'A'.repeat(6000)}`]) {
    attacks.push({
      ...base,
      name: `malformed cookie ${cookie.slice(0, 30)}`,
      path,
      headers: { ...base.headers, cookie },
      ownCookies: cookie,
      mustRefuse: false,
    });
  }

  // Path parameters: NUL, a control character, an over-long value, broken percent-encoding, not an id.
  for (const param of params) {
    const values: [string, string][] = [
      ['NUL', 'a%00b'],
      ['control character', 'a%01b'],
      ['over-long', OVER_LONG_IN_URL],
      ['broken percent-encoding', '%E0%A4%A'],
      ...(ID_PARAMS.has(param) ? NOT_IDS.map((v) => ['not an id', v] as [string, string]) : []),
      ...PROTOTYPE_NAMES.map((v) => [`prototype name ${v}`, v] as [string, string]),
    ];
    for (const [what, value] of values) {
      // A prototype name is a well-formed value where the parameter is free text (a referral code).
      const mustRefuse = what.startsWith('prototype name') ? ID_PARAMS.has(param) : what !== 'over-long' || ID_PARAMS.has(param);
      attacks.push({
        ...base,
        name: `:${param} ${what}`,
        path: withQuery(buildPath(template, { ...good, [param]: value }), query),
        mustRefuse,
        notFound: ENTITY_IDS.has(param) && (what === 'not an id' || what === 'over-long' || what.startsWith('prototype name')),
      });
    }
  }

  // Query fields (and one the route does not know): NUL and over-long values.
  for (const field of [...Object.keys(query), 'sweep']) {
    attacks.push({
      ...base,
      name: `?${field} NUL`,
      path: withQuery(buildPath(template, good), { ...query, [field]: 'a\u0000b' }),
      mustRefuse: true,
    });
    if (field !== 'sweep') {
      attacks.push({
        ...base,
        name: `?${field} over-long`,
        path: withQuery(buildPath(template, good), { ...query, [field]: OVER_LONG_IN_URL }),
        mustRefuse: !tolerated.has(field),
      });
    }
    // Well-formed text that may be refused or taken, but never a 500.
    for (const name of PROTOTYPE_NAMES) {
      attacks.push({
        ...base,
        name: `?${field}=${name}`,
        path: withQuery(buildPath(template, good), { ...query, [field]: name }),
        mustRefuse: false,
      });
    }
  }
  for (const name of PROTOTYPE_NAMES) {
    attacks.push({
      ...base,
      name: `?${name}= field`,
      path: withQuery(buildPath(template, good), { ...query, [name]: 'x' }),
      mustRefuse: false,
    });
  }

  // Body fields: NUL, over-long, the wrong type, and ids that are not ids.
  for (const field of bodyFields(endpoint, body)) {
    const mutations: [string, unknown][] = [
      ['NUL', 'a\u0000b'],
      ['over-long', OVER_LONG],
      ['wrong type', { nested: ['object'] }],
      ...(isIdField(endpoint, field) ? [['not an id', 'not-an-id'] as [string, unknown]] : []),
    ];
    for (const [what, value] of mutations) {
      attacks.push({
        ...base,
        name: `body.${field} ${what}`,
        path,
        body: JSON.stringify({ ...body, [field]: value }),
        mustRefuse: what === 'NUL' || !tolerated.has(field),
      });
    }
    for (const name of PROTOTYPE_NAMES) {
      attacks.push({ ...base, name: `body.${field}=${name}`, path, body: JSON.stringify({ ...body, [field]: name }), mustRefuse: false });
    }
  }
  if (hasBody) {
    // A computed key is an own property, so JSON.stringify writes `"__proto__": …` as an attacker would.
    for (const name of PROTOTYPE_NAMES) {
      attacks.push({
        ...base,
        name: `body field named ${name}`,
        path,
        body: JSON.stringify({ ...body, [name]: { polluted: true } }),
        mustRefuse: false,
      });
    }
  }

  // Bodies the service cannot or must not read.
  const bad: [string, Record<string, string>, string | Uint8Array][] = [
    ['text/plain body', { 'content-type': 'text/plain' }, goodBody],
    ['XML body', { 'content-type': 'application/xml' }, '<a>1</a>'],
    ['multipart body', { 'content-type': 'multipart/form-data; boundary=x' }, '--x\r\n\r\nhello\r\n--x--'],
    ['unknown charset', { 'content-type': 'application/json; charset=bogus' }, goodBody],
    ['gzip that is not', { 'content-type': 'application/json', 'content-encoding': 'gzip' }, goodBody],
    ['brotli that is not', { 'content-type': 'application/json', 'content-encoding': 'br' }, goodBody],
    ['invalid JSON', { 'content-type': 'application/json' }, '{"a":'],
  ];
  for (const [what, headers, payload] of bad) attacks.push({ name: what, method, path, headers, body: payload, mustRefuse: true });
  // Bytes that are not UTF-8: read as replacement characters, never a crash.
  attacks.push({
    name: 'invalid UTF-8',
    method,
    path,
    headers: json,
    body: new Uint8Array([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]),
    mustRefuse: false,
  });
  return attacks;
}

async function send(attack: Attack, identity: TestClient) {
  const headers: Record<string, string> = { ...(attack.headers ?? {}) };
  if (!attack.ownCookies && identity.cookies.size) headers.cookie = [...identity.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  // Same-site, as the app's own pages send them: cross-site refusals would hide what follows.
  headers.origin = system.url;
  // Node sends a GET's or DELETE's body without a length unless told.
  if (attack.body !== undefined) headers['content-length'] = String(Buffer.byteLength(attack.body));
  // node:http rather than fetch: a GET may carry a body here, and paths go out exactly as written.
  return new Promise<{ status: number; type: string; text: string }>((resolve, reject) => {
    const req = request(system.url + attack.path, { method: attack.method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode!, type: String(res.headers['content-type'] ?? ''), text: Buffer.concat(chunks).toString('utf8') }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.setTimeout(15_000, () => req.destroy(new Error(`no answer within 15 s`)));
    req.end(attack.body);
  });
}

function judge(who: string, route: string, attack: Attack, res: { status: number; type: string; text: string }) {
  outcomes.requests++;
  outcomes.byStatus.set(res.status, (outcomes.byStatus.get(res.status) ?? 0) + 1);
  const where = `${who} ${route} [${attack.name}] → ${res.status}`;
  if (res.status >= 500) failures.push(`${where}: server error ${res.text.slice(0, 200)}`);
  if (LEAK.test(res.text)) failures.push(`${where}: answer shows internals ${res.text.match(LEAK)![0]}`);
  if (res.status === 429) failures.push(`${where}: rate limited, so the route was not reached`);
  if (attack.notFound && ![401, 403, 404].includes(res.status)) failures.push(`${where}: an id that cannot exist is not a 404`);
  if (res.status >= 400) {
    outcomes.refused++;
    if (res.type.includes('application/json')) {
      let body: any = null;
      try {
        body = JSON.parse(res.text);
      } catch {
        /* reported below */
      }
      if (typeof body?.error !== 'string' || !body.error || typeof body?.code !== 'string' || !/^[A-Z_]+$/.test(body.code)) {
        failures.push(`${where}: not { error, code }: ${res.text.slice(0, 200)}`);
      }
    } else if (res.type.includes('text/html')) {
      if (!res.text.startsWith('<!doctype html>')) failures.push(`${where}: not an error page`);
    } else {
      failures.push(`${where}: answered ${res.type || 'no content type'}: ${res.text.slice(0, 120)}`);
    }
  } else if (attack.mustRefuse) {
    failures.push(`${where}: bad input accepted`);
  } else {
    outcomes.tolerated++;
  }
}

/** Attacks every route gets whatever it declares: 3 malformed cookies, 7 unreadable bodies, invalid UTF-8, an unknown query field (NUL, 3 prototype names) and 3 prototype-named query fields. */
const CASES_EVERY_ROUTE = 3 + 7 + 1 + 4 + 3;

test('no request to any declared route, as a visitor, a subscriber, an admin or a creator, makes a service fail, leak, accept bad input or answer a caller its declaration does not admit', async () => {
  const declared = [...ROUTES.keys()];
  expect(declared).toHaveLength(PUBLIC_ENDPOINTS.length);

  const visitor = new TestClient(system.url);
  const subscriber = new TestClient(system.url);
  const user = await subscriber.signUp(uniqueEmail('sweep-subscriber'));
  await system.grantSubscription(user.id);
  const admin = new TestClient(system.url);
  expect((await admin.api.send('POST /api/login', { body: system.admin })).status).toBe(200);
  const creatorAccount = { email: uniqueEmail('sweep-creator'), password: 'a creator password' };
  const made = await admin.api.send('POST /api/creators', {
    body: { name: 'Sweep Creator', referralCode: `sweep${Date.now()}`, ...creatorAccount },
  });
  expect(made.status).toBe(201);
  const creator = new TestClient(system.url);
  const creatorSignIn = () => creator.api.send('POST /api/creator-auth/login', { body: creatorAccount });
  expect((await creatorSignIn()).status).toBe(200);

  const identities: { who: Who; client: TestClient; caller: Caller; signInAgain: () => Promise<unknown> }[] = [
    { who: 'visitor', client: visitor, caller: { sessionId: newSessionId() }, signInAgain: async () => undefined },
    {
      who: 'subscriber',
      client: subscriber,
      caller: { sessionId: newSessionId() },
      signInAgain: () => subscriber.api.send('POST /api/login', { body: { email: user.email, password: 'a long enough password' } }),
    },
    {
      who: 'admin',
      client: admin,
      caller: { sessionId: newSessionId() },
      signInAgain: () => admin.api.send('POST /api/login', { body: system.admin }),
    },
    { who: 'creator', client: creator, caller: { sessionId: newSessionId(), creatorId: made.data.id }, signInAgain: creatorSignIn },
  ];
  // Visitors, subscribers and admins try every route; the creator the routes declared for creators.
  const triedBy = (who: Who, route: string) =>
    who !== 'creator' || ['creator', 'creator-or-admin'].includes(ROUTES.get(route)!.fields.access);
  // Routes that end sessions go last; a request to them that is not refused (a dropped
  // malformed cookie, an unreadable body) may legitimately sign out, so the identity
  // signs in again after each such answer (a refusal changes nothing: no sign-in, which
  // costs an argon2 hash, after it).
  const endsSession = (route: string) =>
    /^(GET|POST) \/api\/(logout|auth\/logout-everywhere|auth\/password|creator-auth\/logout)/.test(route);
  const routes = [...declared.filter((r) => !endsSession(r)), ...declared.filter(endsSession)];

  // Every route that takes a body has its fields attacked.
  for (const route of routes) {
    const takesBody = ROUTES.get(route)!.fields.body !== undefined;
    const bodyAttacks = attacksOn(route, { sessionId: newSessionId() }).filter((attack) => attack.name.startsWith('body.'));
    if (takesBody && bodyAttacks.length === 0) failures.push(`${route}: takes a body, but none of its fields is attacked`);
  }

  let planned = 0;
  let routesTried = 0;
  const started = Date.now();
  for (const { who, client, caller, signInAgain } of identities) {
    let checkedSession = false;
    for (const route of routes.filter((r) => triedBy(who, r))) {
      routesTried++;
      if (endsSession(route) && !checkedSession) {
        // Nothing before these routes may have ended a real session.
        checkedSession = true;
        const probe = who === 'creator' ? '/api/creator-auth/current' : '/api/auth/user';
        if (who !== 'visitor' && (await client.get(probe)).status !== 200) failures.push(`${who}: the sweep ended the session`);
      }
      const admitted = ADMITS[ROUTES.get(route)!.fields.access].includes(who);
      const attacks = attacksOn(route, caller);
      planned += attacks.length;
      for (const attack of attacks) {
        const res = await send(attack, client).catch((error: Error) => ({ status: 599, type: '', text: error.message }));
        judge(who, route, attack, res);
        swept.routes.add(route);
        if (attack.name.startsWith('body.')) swept.bodies.add(route);
        if (!admitted && res.status < 400)
          failures.push(`${who} ${route} [${attack.name}] → ${res.status}: answered a caller its declaration does not admit`);
        if (endsSession(route) && res.status < 400) await signInAgain();
      }
    }
  }

  const statuses = [...outcomes.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  console.log(
    `security sweep: ${outcomes.requests} requests to ${swept.routes.size} of ${ROUTES_TO_SWEEP} declared routes, ${swept.bodies.size} of ${BODIES_TO_SWEEP} declared bodies (${routesTried} route and identity pairs) as ${identities.length} identities in ${Math.round((Date.now() - started) / 1000)} s; ` +
      `${outcomes.refused} refused with 4xx, ${outcomes.tolerated} answered normally (malformed cookies dropped, ignored fields); ${failures.length} failures\n` +
      `statuses: ${statuses.join(' ')}`,
  );
  expect(failures).toEqual([]);
  // Every planned request went out and was judged, and no route got fewer than the cases every route gets.
  expect(outcomes.requests).toBe(planned);
  expect(outcomes.requests).toBeGreaterThanOrEqual(routesTried * CASES_EVERY_ROUTE);
  expect(routesTried).toBeGreaterThanOrEqual(declared.length * 3);
  // Absolute floors, from the declarations: every declared /api route swept, every declared body attacked.
  expect(ROUTES_TO_SWEEP).toBeGreaterThanOrEqual(AT_LEAST_ROUTES);
  expect(BODIES_TO_SWEEP).toBeGreaterThanOrEqual(AT_LEAST_BODIES);
  expect(swept.routes.size).toBeGreaterThanOrEqual(ROUTES_TO_SWEEP);
  expect(swept.bodies.size).toBeGreaterThanOrEqual(BODIES_TO_SWEEP);
});
