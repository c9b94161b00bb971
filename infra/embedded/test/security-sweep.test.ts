import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { ROUTE_TABLE } from '@innerecho/gateway';
import { newSessionId, startTestSystem, TestClient, uniqueEmail, type TestSystem } from '../src';

jest.setTimeout(2_400_000);

/**
 * The security sweep. Every route of the gateway's route table, as a visitor, a subscriber
 * and an admin, is sent what an attacker would send: malformed session cookies, NUL and
 * control characters and over-long strings in every path parameter, query field and body
 * field, the names every plain object inherits (`__proto__`, `constructor`, `toString`) as
 * the value and as the name of every path parameter, query field and body field, ids that
 * are not ids, wrong content types and encodings. No answer may be a 5xx
 * or carry a stack trace or a file path; every refusal is `{ error, code }` (or, for the
 * pages services render, an error page); and every request carrying bad input is refused
 * with a 4xx, except where a field is documented as ignored when unusable (TOLERATED).
 */

const UUID = randomUUID();
const OVER_LONG = 'x'.repeat(20_000);
const OVER_LONG_IN_URL = 'x'.repeat(3_000);
const TEXT = { title: 'Calm morning', content: 'I am calm and clear.', category: 'Calm & Relaxation' };

/** What a real caller sends to each route that takes a body (spec section 7 and the READMEs). */
const BODIES: Record<string, (sessionId: string) => Record<string, unknown>> = {
  'POST /api/login': () => ({ email: 'sweep@example.com', password: 'a long enough password', returnTo: '/affirmations' }),
  'POST /api/signup': () => ({ name: 'Sweep', email: uniqueEmail('sweep'), password: 'a long enough password', returnTo: '/affirmations' }),
  'POST /api/auth/password': () => ({ currentPassword: 'a long enough password', newPassword: 'another long password' }),
  'POST /api/voice-profile/clone': (sessionId) => ({
    sessionId,
    uploadURL: '/api/files/voice/samples/x.webm',
    consent: { accepted: true },
  }),
  'POST /api/transcripts': () => ({ ...TEXT, creatorId: null }),
  'PUT /api/transcripts/:id': () => ({ ...TEXT, creatorId: null }),
  'POST /api/creators': () => ({
    name: 'Sweep Creator',
    bio: 'Bio',
    profilePicUrl: 'https://example.com/a.jpg',
    youtubeChannel: 'https://youtube.com/@a',
    email: uniqueEmail('sweep-creator'),
    password: 'a creator password',
    referralCode: 'sweepcode',
  }),
  'PUT /api/creators/:id': () => ({ name: 'Sweep Creator', bio: 'Bio', profilePicUrl: '', youtubeChannel: '', password: 'a new password' }),
  'POST /api/custom-affirmations': (sessionId) => ({ sessionId, ...TEXT, category: 'Other' }),
  'PUT /api/custom-affirmations/:id': () => ({ ...TEXT, category: 'Other' }),
  'POST /api/background-music': () => ({ title: 'Rain', uploadURL: '/api/files/library/music-uploads/x.mp3', duration: 300 }),
  'POST /api/background-music/upload': () => ({ filename: 'rain.mp3', contentType: 'audio/mpeg' }),
  'POST /api/uploads/s3/multipart': () => ({ filename: 'rain.mp3', type: 'audio/mpeg', metadata: {} }),
  'POST /api/uploads/s3/multipart/:uploadId/complete': () => ({ parts: [{ PartNumber: 1, ETag: '"etag"' }] }),
  'POST /api/generate-audio': (sessionId) => ({
    sessionId,
    voiceSpeed: '1.0',
    audioDuration: '180',
    transcriptId: UUID,
    backgroundMusicId: UUID,
  }),
  'POST /api/create-checkout-session': () => ({ plan: 'monthly', referralCode: 'anna' }),
  'POST /api/billing/webhook': () => ({ id: 'evt_sweep', type: 'checkout.session.completed' }),
  'POST /api/billing/demo-checkout/:id/complete': () => ({ email: 'buyer@example.com', simulateFirstPayment: 'on' }),
  'POST /api/referrals/click': () => ({ referralCode: 'anna' }),
  'POST /api/creator-auth/login': () => ({ email: 'creator@example.com', password: 'a creator password' }),
  'POST /api/payouts': () => ({ creatorId: UUID, commissionIds: [UUID], notes: 'March' }),
};

/** Query strings routes read. */
const SIGNED = { op: 'get', exp: '9999999999', sig: 'not-a-signature' };
const UPLOAD_KEY = { key: 'music-uploads/x.mp3' };
const QUERIES: Record<string, Record<string, string>> = {
  'GET /api/login': { returnTo: '/affirmations', mode: 'signin', notice: 'signed-out-everywhere' },
  'GET /api/auth/account': { notice: 'password-changed' },
  'GET /api/auth/callback': { code: 'code', state: 'state' },
  'GET /api/transcripts': { category: 'All' },
  'GET /api/creators/:id/analytics': { limit: '6' },
  'GET /api/creator-analytics/:creatorId': { period: 'monthly' },
  'GET /api/commissions/creator/:creatorId': { limit: '10' },
  'GET /api/uploads/s3/params': { filename: 'rain.mp3', type: 'audio/mpeg' },
  'GET /api/uploads/s3/multipart/:uploadId': UPLOAD_KEY,
  'GET /api/uploads/s3/multipart/:uploadId/:partNumber': UPLOAD_KEY,
  'POST /api/uploads/s3/multipart/:uploadId/complete': UPLOAD_KEY,
  'DELETE /api/uploads/s3/multipart/:uploadId': UPLOAD_KEY,
  'GET /api/saved-affirmations/:sessionId/:id/audio': { download: 'calm-morning' },
  'GET /api/billing/checkout-return': { session_id: 'cs_sweep' },
  'GET /api/files/voice/:key': SIGNED,
  'PUT /api/files/voice/:key': { ...SIGNED, op: 'put' },
  'GET /api/files/library/:key': SIGNED,
  'PUT /api/files/library/:key': { ...SIGNED, op: 'put' },
  'GET /api/files/generation/:key': SIGNED,
};

/**
 * Fields a route ignores when they are unusable instead of refusing the request, by
 * design: a return address that is not a path on this site (the default is used), an
 * unknown page mode (the default form shows), an unknown notice (none is shown), a download name (cleaned), a list limit
 * (clamped), and upload metadata the uploader sends but nothing reads.
 */
const TOLERATED = new Set(['returnTo', 'mode', 'notice', 'download', 'limit', 'metadata', 'duration', 'code', 'state']);

/** Path parameters and the value each takes in a well-formed call. */
const paramValue = (name: string, sessionId: string) =>
  ({
    sessionId,
    id: UUID,
    creatorId: UUID,
    payoutId: UUID,
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
const failures: string[] = [];

beforeAll(async () => {
  system = await startTestSystem({ env: { ...process.env, API_RATE_LIMIT: '10000000', SIGN_IN_RATE_LIMIT: '10000000' } });
});
afterAll(() => system?.stop());

function buildPath(template: string, values: Record<string, string>) {
  return template.replace(/:(\w+)/g, (_, name: string) => values[name]);
}

const withQuery = (path: string, query: Record<string, string>) => {
  const q = new URLSearchParams(query).toString();
  return q ? `${path}?${q}` : path;
};

/** Every attack on one route, for one identity. */
function attacksOn(route: string, sessionId: string): Attack[] {
  const [method, template] = route.split(' ');
  const params = [...template.matchAll(/:(\w+)/g)].map((m) => m[1]);
  const good = Object.fromEntries(params.map((p) => [p, encodeURIComponent(paramValue(p, sessionId))]));
  const query = QUERIES[route] ?? {};
  const path = withQuery(buildPath(template, good), query);
  const body = BODIES[route]?.(sessionId);
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
        mustRefuse: !TOLERATED.has(field),
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
  for (const field of Object.keys(body ?? {})) {
    const mutations: [string, unknown][] = [
      ['NUL', 'a\u0000b'],
      ['over-long', OVER_LONG],
      ['wrong type', { nested: ['object'] }],
      ...(/Id$|Ids$/.test(field) ? [['not an id', 'not-an-id'] as [string, unknown]] : []),
    ];
    for (const [what, value] of mutations) {
      attacks.push({
        ...base,
        name: `body.${field} ${what}`,
        path,
        body: JSON.stringify({ ...body, [field]: value }),
        mustRefuse: what === 'NUL' || !TOLERATED.has(field),
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

test('no request to any route, as a visitor, a subscriber or an admin, makes a service fail, leak or accept bad input', async () => {
  const declared = ROUTE_TABLE.map((row) => row.id.replace('*', ':'));

  const visitor = new TestClient(system.url);
  const subscriber = new TestClient(system.url);
  const user = await subscriber.signUp(uniqueEmail('sweep-subscriber'));
  await system.grantSubscription(user.id);
  const admin = new TestClient(system.url);
  expect((await admin.postJson('/api/login', system.admin)).status).toBe(200);

  const identities: [string, TestClient, string, () => Promise<unknown>][] = [
    ['visitor', visitor, newSessionId(), async () => undefined],
    [
      'subscriber',
      subscriber,
      newSessionId(),
      () => subscriber.postJson('/api/login', { email: user.email, password: 'a long enough password' }),
    ],
    ['admin', admin, newSessionId(), () => admin.postJson('/api/login', system.admin)],
  ];
  // Routes that end sessions go last; a request to them that is not refused (a dropped
  // malformed cookie, an unreadable body) may legitimately sign out, so the identity
  // signs in again after each such answer (a refusal changes nothing: no sign-in, which
  // costs an argon2 hash, after it).
  const endsSession = (route: string) =>
    /^(GET|POST) \/api\/(logout|auth\/logout-everywhere|auth\/password|creator-auth\/logout)/.test(route);
  const routes = [...declared.filter((r) => !endsSession(r)), ...declared.filter(endsSession)];
  const started = Date.now();
  for (const [who, identity, sessionId, signInAgain] of identities) {
    let checkedSession = false;
    for (const route of routes) {
      if (endsSession(route) && !checkedSession) {
        // Nothing before these routes may have ended a real session.
        checkedSession = true;
        if (who !== 'visitor' && (await identity.get('/api/auth/user')).status !== 200)
          failures.push(`${who}: the sweep ended the session`);
      }
      for (const attack of attacksOn(route, sessionId)) {
        const res = await send(attack, identity).catch((error: Error) => ({ status: 599, type: '', text: error.message }));
        judge(who, route, attack, res);
        if (endsSession(route) && res.status < 400) await signInAgain();
      }
    }
  }

  const statuses = [...outcomes.byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
  console.log(
    `security sweep: ${outcomes.requests} requests to ${routes.length} routes as ${identities.length} identities in ${Math.round((Date.now() - started) / 1000)} s; ` +
      `${outcomes.refused} refused with 4xx, ${outcomes.tolerated} answered normally (malformed cookies dropped, ignored fields); ${failures.length} failures\n` +
      `statuses: ${statuses.join(' ')}`,
  );
  expect(failures).toEqual([]);
});
