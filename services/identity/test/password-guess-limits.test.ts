import { request } from 'node:http';
import { startTestSystem, TestClient, uniqueEmail, type TestSystem } from '@innerecho/embedded';

jest.setTimeout(180_000);

/**
 * Every route confirmed with the password (deleting the account, with DELETE or the page's
 * form; changing the password) is a password guess, limited like signing in: one budget per
 * client address shared with the sign-in form, and one per signed-in account whatever the
 * address.
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
function fromAddress(localAddress: string, browser: TestClient, method: string, path: string, json: unknown) {
  const url = new URL(path, system.url);
  url.hostname = '127.0.0.1';
  const body = JSON.stringify(json);
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    host: new URL(system.url).host,
    origin: system.url,
    cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
  return new Promise<{ status: number; data: any }>((resolve, reject) => {
    const req = request(url, { method, headers, localAddress }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode!, data: JSON.parse(Buffer.concat(chunks).toString() || 'null') }));
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
    statuses.push((await fromAddress(address, listener, 'DELETE', '/api/auth/account', { password: `guess ${i}` })).status);
  }
  expect(statuses).toEqual([...Array(LIMIT).fill(400), 429, 429]);

  const change = await fromAddress('127.0.1.50', listener, 'POST', '/api/auth/password', {
    currentPassword: PASSWORD,
    newPassword: 'another long one',
  });
  expect(change).toEqual({ status: 429, data: LIMITED });
  // Another account from a fresh address still has its own guesses.
  const other = new TestClient(system.url);
  await other.signUp(uniqueEmail(), PASSWORD);
  expect((await fromAddress('127.0.1.60', other, 'DELETE', '/api/auth/account', { password: 'a wrong one' })).status).toBe(400);
});
