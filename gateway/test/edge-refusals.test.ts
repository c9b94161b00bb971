import { request } from 'node:http';
import { eventually, startTestSystem, TestClient, uniqueEmail, type TestSystem } from '@innerecho/embedded';

jest.setTimeout(180_000);

/**
 * The gateway in front of the real services: an admin's cookie carried by another site's
 * form post changes nothing, refusals made before any route runs still answer
 * `{ error, code }`, and the figures are for operators only.
 */
let system: TestSystem;
let admin: TestClient;
beforeAll(async () => {
  system = await startTestSystem({ env: { ...process.env, METRICS_TOKEN: '' } });
  admin = new TestClient(system.url);
  expect((await admin.api.send('POST /api/login', { body: system.admin })).status).toBe(200);
});
afterAll(() => system?.stop());

const port = () => new URL(system.url).port;

/**
 * One raw request (node:http: headers and bodies exactly as written); the answer with its body.
 * By hand, since the refusals tested here are of what no declared call sends: headers past the
 * parser's limit, bodies past the route's.
 */
function raw(url: string, options: { method?: string; headers?: Record<string, string>; body?: Buffer | string } = {}) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; text: string }>((resolve, reject) => {
    const req = request(url, { method: options.method ?? 'GET', headers: options.headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, text: Buffer.concat(chunks).toString('utf8') }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

describe("another site's form post with an admin's cookie", () => {
  const transcriptForm = (title: string) => ({ title, content: 'I am calm and clear.', category: 'Calm & Relaxation' as const });
  const creatorForm = (name: string, code: string) => ({
    name,
    bio: 'A bio',
    profilePicUrl: 'https://example.com/a.jpg',
    youtubeChannel: 'https://youtube.com/@a',
    email: uniqueEmail('planted-creator'),
    password: 'a creator password',
    referralCode: code,
  });
  const titles = async () => ((await admin.api.send('GET /api/transcripts', {})).data as { title: string }[]).map((t) => t.title);
  const creatorNames = async () => ((await admin.api.send('GET /api/creators', {})).data as { name: string }[]).map((c) => c.name);

  test.each([
    ['another port', () => `http://localhost:${Number(port()) + 1}`],
    ['another port (3001)', () => 'http://localhost:3001'],
    ['a sibling subdomain', () => `http://evil.localhost:${port()}`],
    ['a sibling subdomain (:3000)', () => 'http://evil.localhost:3000'],
  ])('from %s creates no transcript and no creator', async (_what, origin) => {
    const tag = Math.random().toString(36).slice(2, 8);
    // Forms, which these writes do not take, sent by hand as another site's page would post them.
    const transcript = await admin.request('POST', '/api/transcripts', {
      form: transcriptForm(`Planted ${tag}`),
      headers: { origin: origin(), 'sec-fetch-site': 'same-site' },
    });
    expect(transcript.status).toBe(403);
    expect(transcript.data).toEqual({ error: 'Cross-site requests are not allowed', code: 'CROSS_SITE' });
    const creator = await admin.request('POST', '/api/creators', {
      form: creatorForm(`Planted Creator ${tag}`, `planted${tag}`),
      headers: { origin: origin() },
    });
    expect(creator.status).toBe(403);
    expect(creator.data.code).toBe('CROSS_SITE');

    expect(await titles()).not.toContain(`Planted ${tag}`);
    // A creator would reach the library's list through an event: none is on its way either.
    const control = `Control ${tag}`;
    expect((await admin.api.send('POST /api/creators', { body: creatorForm(control, `control${tag}`) })).status).toBe(201);
    await eventually(async () => expect(await creatorNames()).toContain(control));
    expect(await creatorNames()).not.toContain(`Planted Creator ${tag}`);
    // The admin is still signed in: the refusal is the origin, not the session.
    expect((await admin.api.send('GET /api/auth/user', {})).data.role).toBe('admin');
  });

  test("a mail's one-click unsubscribe is the one write taken from any site; the mail settings form is not", async () => {
    const evil = `http://evil.localhost:${port()}`;
    // Mail programs post it with no Origin; a page elsewhere may too: only the token decides (here an unknown one).
    const callers: Record<string, string>[] = [{ origin: '' }, { origin: evil, 'sec-fetch-site': 'cross-site' }];
    for (const headers of callers) {
      const res = await new TestClient(system.url).api.send(
        'POST /api/notifications/unsubscribe',
        { query: { token: 'x'.repeat(43) }, form: { 'List-Unsubscribe': 'One-Click' } },
        { headers },
      );
      expect(res.status).toBe(404);
      expect(res.text).toContain('This link is not known');
    }
    const settings = await admin.api.send('POST /api/notifications/mail-settings', { form: {} }, { headers: { origin: evil } });
    expect(settings.status).toBe(403);
    expect(settings.data?.code).toBe('CROSS_SITE');
  });

  test('the same form from this site is refused too (API writes take JSON); the same fields as JSON create both', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    // By hand: a form, which this declared JSON write does not take.
    const asForm = await admin.request('POST', '/api/transcripts', { form: transcriptForm(`Form ${tag}`) });
    expect(asForm.status).toBe(415);
    expect(asForm.data.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(await titles()).not.toContain(`Form ${tag}`);

    expect((await admin.api.send('POST /api/transcripts', { body: { ...transcriptForm(`Json ${tag}`), creatorId: null } })).status).toBe(
      201,
    );
    expect(await titles()).toContain(`Json ${tag}`);
    expect((await admin.api.send('POST /api/creators', { body: creatorForm(`Json Creator ${tag}`, `json${tag}`) })).status).toBe(201);
    // The library learns of a new creator from creator-referral's event.
    await eventually(async () => expect(await creatorNames()).toContain(`Json Creator ${tag}`));
  });
});

describe('refusals made before any route', () => {
  test('headers past the parser limit answer 431 with { error, code } and the usual security headers', async () => {
    const res = await raw(`${system.url}/api/transcripts`, { headers: { 'x-padding': 'a'.repeat(20_000) } });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.text)).toEqual({ error: 'The request headers are too large', code: 'HEADERS_TOO_LARGE' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
    // A service's own listener answers the same way.
    const direct = await raw(`${system.services.library.url}/api/transcripts`, { headers: { 'x-padding': 'a'.repeat(20_000) } });
    expect(direct.status).toBe(431);
    expect(JSON.parse(direct.text).code).toBe('HEADERS_TOO_LARGE');
  });

  test('a body over the limit answers 413 with { error, code }', async () => {
    const res = await raw(`${system.url}/api/custom-affirmations`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: system.url },
      body: Buffer.alloc(1024 * 1024 + 10, 0x20),
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text)).toEqual({ error: 'The request is too large', code: 'PAYLOAD_TOO_LARGE' });
  });

  test.each(['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf'])(
    'the sign-in and account pages take ?notice=%s as no notice',
    async (notice) => {
      const login = await new TestClient(system.url).api.send('GET /api/login', { query: { notice: notice } });
      expect(login.status).toBe(200);
      expect(login.text).not.toContain('role="status"');
      const account = await admin.api.send('GET /api/auth/account', { query: { notice: notice } });
      expect(account.status).toBe(200);
      expect(account.text).not.toContain('role="status"');
    },
  );
});

describe('figures for operators', () => {
  test("/metrics is served on the operators' port only, with the same security headers; the public port answers 404", async () => {
    const publicAnswer = await raw(`${system.url}/metrics`);
    expect(publicAnswer.status).toBe(404);
    expect(JSON.parse(publicAnswer.text)).toEqual({ error: 'Not found', code: 'NOT_FOUND' });
    expect(publicAnswer.text).not.toContain('innerecho_');

    const scrape = await raw(`${system.gateway.metricsUrl}/metrics`);
    expect(scrape.status).toBe(200);
    expect(scrape.text).toContain('innerecho_http_requests_total');
    for (const [name, value] of [
      ['x-content-type-options', 'nosniff'],
      ['x-frame-options', 'DENY'],
      ['cache-control', 'no-store'],
      ['content-security-policy', "default-src 'none'; frame-ancestors 'none'"],
    ])
      expect(scrape.headers[name]).toBe(value);
    const elsewhere = await new TestClient(system.gateway.metricsUrl!).api.send('GET /api/transcripts', {});
    expect(elsewhere.status).toBe(404);
    expect(elsewhere.data.code).toBe('NOT_FOUND');
  });
});
