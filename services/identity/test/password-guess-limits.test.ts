import { request } from 'node:http';
import { startTestSystem, TestClient, uniqueEmail, type TestSystem } from '@innerecho/embedded';

jest.setTimeout(180_000);

/**
 * Every route confirmed with the password (signing in, deleting the account with DELETE or
 * the page's form, changing the password; a creator's sign-in on its own budget) is a
 * password guess, limited like signing in: one budget per client address shared with the
 * sign-in form, and one per account whatever the address (the signed-in account, or the
 * account a sign-in names).
 */
const LIMIT = 5;
const LIMITED = { error: 'Too many sign-in attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' };
const PASSWORD = 'the right password';

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem({ env: { ...process.env, SIGN_IN_RATE_LIMIT: String(LIMIT) } });
});
afterAll(() => system?.stop());

/**
 * A JSON call with a browser's cookies from another client address: the gateway counts per
 * address, and every 127.x.y.z address is this machine's loopback.
 */
function fromAddress(localAddress: string, browser: TestClient, method: string, path: string, json: unknown, form = false) {
  const url = new URL(path, system.url);
  url.hostname = '127.0.0.1';
  const body = form ? new URLSearchParams(json as Record<string, string>).toString() : JSON.stringify(json);
  const headers = {
    'content-type': form ? 'application/x-www-form-urlencoded' : 'application/json',
    accept: 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    host: new URL(system.url).host,
    origin: system.url,
    cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
  return new Promise<{ status: number; data: any; retryAfter?: string; setCookie?: string[] }>((resolve, reject) => {
    const req = request(url, { method, headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString();
        const data = res.headers['content-type']?.includes('json') ? JSON.parse(text || 'null') : text;
        const retryAfter = res.headers['retry-after'] as string | undefined;
        const setCookie = res.headers['set-cookie'];
        resolve({ status: res.statusCode!, data, ...(retryAfter ? { retryAfter } : {}), ...(setCookie ? { setCookie } : {}) });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

test('wrong passwords to DELETE /api/auth/account are limited like sign-in, and draw on the same budget as the sign-in form and password changes', async () => {
  const listener = new TestClient(system.url);
  const { email } = await listener.signUp(uniqueEmail(), PASSWORD);

  const statuses: number[] = [];
  for (let i = 0; i < 25; i++)
    statuses.push((await listener.request('DELETE', '/api/auth/account', { json: { password: `guess ${i}` } })).status);
  expect(statuses).toEqual([...Array(LIMIT).fill(400), ...Array(25 - LIMIT).fill(429)]);

  // Past the limit even the right password is not tried: the account is still there.
  const right = await listener.request('DELETE', '/api/auth/account', { json: { password: PASSWORD } });
  expect(right.status).toBe(429);
  expect(right.data).toEqual(LIMITED);
  expect(right.headers.get('ratelimit-policy')).toBeTruthy();
  expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await listener.get('/api/auth/user')).status).toBe(200);

  // The same address's other password routes are out of guesses too, whatever the method or body type.
  expect((await listener.postJson('/api/auth/password', { currentPassword: PASSWORD, newPassword: 'another long one' })).status).toBe(429);
  expect((await listener.request('POST', '/api/auth/account/delete', { form: { password: PASSWORD } })).status).toBe(429);
  expect((await new TestClient(system.url).postJson('/api/login', { email, password: PASSWORD })).status).toBe(429);
  // Reading the sign-in page is not a guess.
  expect((await new TestClient(system.url).get('/api/login')).status).toBe(200);
});

test('guesses spread over many addresses with one session stop at the same limit for that account', async () => {
  const listener = new TestClient(system.url);
  await listener.signUp(uniqueEmail(), PASSWORD);

  const statuses: number[] = [];
  for (let i = 0; i < LIMIT + 2; i++) {
    const address = `127.0.1.${10 + i}`; // a fresh address each time: only the account's budget can run out
    // DELETE and the page's form post (POST) in turn: both draw on the account's one budget.
    const attempt =
      i % 2 === 0
        ? fromAddress(address, listener, 'DELETE', '/api/auth/account', { password: `guess ${i}` })
        : fromAddress(address, listener, 'POST', '/api/auth/account/delete', { password: `guess ${i}` }, true);
    statuses.push((await attempt).status);
  }
  expect(statuses).toEqual([...Array(LIMIT).fill(400), 429, 429]);

  const change = await fromAddress('127.0.1.50', listener, 'POST', '/api/auth/password', {
    currentPassword: PASSWORD,
    newPassword: 'another long one',
  });
  expect(change).toEqual({ status: 429, data: LIMITED, retryAfter: expect.stringMatching(/^[1-9]\d*$/) });
  // Another account from a fresh address still has its own guesses.
  const other = new TestClient(system.url);
  await other.signUp(uniqueEmail(), PASSWORD);
  expect((await fromAddress('127.0.1.60', other, 'DELETE', '/api/auth/account', { password: 'a wrong one' })).status).toBe(400);
});

test('sign-in guesses at one account from many addresses stop at the limit for that account; the same password from a fresh address then too; other accounts still sign in', async () => {
  const { email } = await new TestClient(system.url).signUp(uniqueEmail(), PASSWORD);
  const nobody = new TestClient(system.url);
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT + 2; i++) {
    // A fresh address each time, the email in another spelling now and then: only the account's budget can run out.
    const spelled = i % 2 === 0 ? email : ` ${email.toUpperCase()} `;
    const form = i % 3 === 0;
    statuses.push(
      (await fromAddress(`127.0.2.${10 + i}`, nobody, 'POST', '/api/login', { email: spelled, password: `guess ${i}` }, form)).status,
    );
  }
  expect(statuses.slice(0, LIMIT).every((status) => status !== 429 && status >= 400)).toBe(true);
  expect(statuses.slice(LIMIT)).toEqual([429, 429]);

  const right = await fromAddress('127.0.2.40', nobody, 'POST', '/api/login', { email, password: PASSWORD });
  expect(right).toEqual({ status: 429, data: LIMITED, retryAfter: expect.stringMatching(/^[1-9]\d*$/) });
  // Another account, from one of the same addresses, signs in: the body the gateway read reaches identity whole.
  const other = await new TestClient(system.url).signUp(uniqueEmail(), PASSWORD);
  const signedIn = await fromAddress('127.0.2.41', nobody, 'POST', '/api/login', { email: other.email, password: PASSWORD });
  expect(signedIn.status).toBe(200);
  const byForm = await fromAddress('127.0.2.42', nobody, 'POST', '/api/login', { email: other.email, password: PASSWORD }, true);
  expect([200, 302, 303]).toContain(byForm.status);
});

/** A new account signed up from its own address (this address's sign-ups are spent by now), and its browser. */
async function signedUpFrom(address: string) {
  const listener = new TestClient(system.url);
  const email = uniqueEmail();
  const answer = await fromAddress(address, listener, 'POST', '/api/signup', { email, password: PASSWORD, name: 'Guess Target' });
  expect(answer.status).toBe(201);
  for (const line of answer.setCookie ?? []) {
    const [pair] = line.split(';');
    listener.cookies.set(pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1));
  }
  return { listener, email };
}

test('an account has one budget of guesses: sign-ins naming it and guesses made with its session count together', async () => {
  const { listener, email } = await signedUpFrom('127.0.4.1');
  const nobody = new TestClient(system.url);
  // Sign-in guesses from fresh addresses use up part of the account's budget...
  for (let i = 0; i < LIMIT - 2; i++) {
    const answer = await fromAddress(`127.0.4.${10 + i}`, nobody, 'POST', '/api/login', { email, password: `guess ${i}` });
    expect(answer.status).toBe(401);
  }
  // ...and guesses made with the account's session, from other fresh addresses, the rest.
  const withSession: number[] = [];
  for (let i = 0; i < 4; i++) {
    withSession.push((await fromAddress(`127.0.4.${30 + i}`, listener, 'DELETE', '/api/auth/account', { password: `guess ${i}` })).status);
  }
  expect(withSession).toEqual([400, 400, 429, 429]);
  // Spent either way, the budget is spent for signing in too.
  expect((await fromAddress('127.0.4.50', nobody, 'POST', '/api/login', { email, password: PASSWORD })).status).toBe(429);
  expect((await listener.get('/api/auth/user')).status).toBe(200);
});

test("a creator's sign-in guesses are limited per address and per creator account named, with 429, Retry-After and { error, code }", async () => {
  const nobody = new TestClient(system.url);
  const creatorEmail = `${uniqueEmail()}`.replace('@', '.creator@');
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT + 1; i++) {
    const answer = await fromAddress(`127.0.3.${10 + i}`, nobody, 'POST', '/api/creator-auth/login', {
      email: creatorEmail,
      password: `guess ${i}`,
    });
    statuses.push(answer.status);
  }
  expect(statuses.slice(0, LIMIT).every((status) => status !== 429 && status >= 400)).toBe(true);
  expect(statuses[LIMIT]).toBe(429);
  const refused = await fromAddress('127.0.3.40', nobody, 'POST', '/api/creator-auth/login', { email: creatorEmail, password: 'another' });
  expect(refused).toEqual({ status: 429, data: LIMITED, retryAfter: expect.stringMatching(/^[1-9]\d*$/) });

  // One address trying many creator accounts stops at the address's limit.
  const fromOne: number[] = [];
  for (let i = 0; i < LIMIT + 1; i++) {
    fromOne.push(
      (await fromAddress('127.0.3.50', nobody, 'POST', '/api/creator-auth/login', { email: `c${i}.${creatorEmail}`, password: 'x' }))
        .status,
    );
  }
  expect(fromOne[LIMIT]).toBe(429);
  expect(fromOne.slice(0, LIMIT)).not.toContain(429);
});
