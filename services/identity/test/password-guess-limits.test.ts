import { startTestSystem, TestClient, uniqueEmail, type TestSystem } from '@innerecho/embedded';

jest.setTimeout(180_000);

/**
 * Every route confirmed with the password (signing in, deleting the account with DELETE or
 * the page's form, changing the password; a creator's sign-in on its own budget) is a
 * password guess, limited like signing in: one budget per client address shared with the
 * sign-in form, and one per account whatever the address (the signed-in account, or the
 * account a sign-in names). The gateway counts per client address: a browser calls from
 * another address of this machine with `from` (every 127.x.y.z is its loopback).
 */
const LIMIT = 5;
const LIMITED = { error: 'Too many sign-in attempts. Please wait a few minutes and try again.', code: 'RATE_LIMITED' };
const PASSWORD = 'the right password';

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem({ env: { ...process.env, SIGN_IN_RATE_LIMIT: String(LIMIT) } });
});
afterAll(() => system?.stop());

/** What a refused guess shows: its status, its body, when to try again, and the cookies it sets. */
const refusalOf = (answer: { status: number; data: unknown; headers: Headers }) => [
  answer.status,
  answer.data,
  answer.headers.get('retry-after'),
  answer.headers.getSetCookie(),
];
/** Out of guesses: 429 with the limit's words, a whole number of seconds to wait, and no cookie. */
const OUT_OF_GUESSES = [429, LIMITED, expect.stringMatching(/^[1-9]\d*$/), []];

test('wrong passwords to DELETE /api/auth/account are limited like sign-in, and draw on the same budget as the sign-in form and password changes', async () => {
  const listener = new TestClient(system.url);
  const { email } = await listener.signUp(uniqueEmail(), PASSWORD);

  const statuses: number[] = [];
  for (let i = 0; i < 25; i++)
    statuses.push((await listener.api.send('DELETE /api/auth/account', { body: { password: `guess ${i}` } })).status);
  expect(statuses).toEqual([...Array(LIMIT).fill(400), ...Array(25 - LIMIT).fill(429)]);

  // Past the limit even the right password is not tried: the account is still there.
  const right = await listener.api.send('DELETE /api/auth/account', { body: { password: PASSWORD } });
  expect(right.status).toBe(429);
  expect(right.data).toEqual(LIMITED);
  expect(right.headers.get('ratelimit-policy')).toBeTruthy();
  expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
  expect((await listener.api.send('GET /api/auth/user', {})).status).toBe(200);

  // The same address's other password routes are out of guesses too, whatever the method or body type.
  expect(
    (await listener.api.send('POST /api/auth/password', { body: { currentPassword: PASSWORD, newPassword: 'another long one' } })).status,
  ).toBe(429);
  expect((await listener.api.send('POST /api/auth/account/delete', { form: { password: PASSWORD } })).status).toBe(429);
  expect((await new TestClient(system.url).api.send('POST /api/login', { body: { email, password: PASSWORD } })).status).toBe(429);
  // Reading the sign-in page is not a guess.
  expect((await new TestClient(system.url).api.send('GET /api/login', {})).status).toBe(200);
});

test('guesses spread over many addresses with one session stop at the same limit for that account', async () => {
  const listener = new TestClient(system.url);
  await listener.signUp(uniqueEmail(), PASSWORD);

  const statuses: number[] = [];
  for (let i = 0; i < LIMIT + 2; i++) {
    const address = `127.0.1.${10 + i}`; // a fresh address each time: only the account's budget can run out
    // DELETE and the page's form post (POST) in turn: both draw on the account's one budget.
    const there = listener.from(address);
    const attempt =
      i % 2 === 0
        ? there.api.send('DELETE /api/auth/account', { body: { password: `guess ${i}` } })
        : there.api.send('POST /api/auth/account/delete', { form: { password: `guess ${i}` } });
    statuses.push((await attempt).status);
  }
  expect(statuses).toEqual([...Array(LIMIT).fill(400), 429, 429]);

  const change = await listener.from('127.0.1.50').api.send('POST /api/auth/password', {
    body: { currentPassword: PASSWORD, newPassword: 'another long one' },
  });
  expect(refusalOf(change)).toEqual(OUT_OF_GUESSES);
  // Another account from a fresh address still has its own guesses.
  const other = new TestClient(system.url);
  await other.signUp(uniqueEmail(), PASSWORD);
  expect((await other.from('127.0.1.60').api.send('DELETE /api/auth/account', { body: { password: 'a wrong one' } })).status).toBe(400);
});

test('sign-in guesses at one account from many addresses stop at the limit for that account; the same password from a fresh address then too; other accounts still sign in', async () => {
  const { email } = await new TestClient(system.url).signUp(uniqueEmail(), PASSWORD);
  const nobody = new TestClient(system.url);
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT + 2; i++) {
    // A fresh address each time, the email in another spelling now and then: only the account's budget can run out.
    const spelled = i % 2 === 0 ? email : ` ${email.toUpperCase()} `;
    const guess = { email: spelled, password: `guess ${i}` };
    const there = nobody.from(`127.0.2.${10 + i}`);
    statuses.push((await there.api.send('POST /api/login', i % 3 === 0 ? { form: guess } : { body: guess })).status);
  }
  expect(statuses.slice(0, LIMIT).every((status) => status !== 429 && status >= 400)).toBe(true);
  expect(statuses.slice(LIMIT)).toEqual([429, 429]);

  const right = await nobody.from('127.0.2.40').api.send('POST /api/login', { body: { email, password: PASSWORD } });
  expect(refusalOf(right)).toEqual(OUT_OF_GUESSES);
  // Another account, from one of the same addresses, signs in: the body the gateway read reaches identity whole.
  const other = await new TestClient(system.url).signUp(uniqueEmail(), PASSWORD);
  const signedIn = await nobody.from('127.0.2.41').api.send('POST /api/login', { body: { email: other.email, password: PASSWORD } });
  expect(signedIn.status).toBe(200);
  const byForm = await nobody.from('127.0.2.42').api.send('POST /api/login', { form: { email: other.email, password: PASSWORD } });
  expect([200, 302, 303]).toContain(byForm.status);
});

/** A new account signed up from its own address (this address's sign-ups are spent by now), and its browser. */
async function signedUpFrom(address: string) {
  const listener = new TestClient(system.url);
  const email = uniqueEmail();
  const there = listener.from(address);
  const answer = await there.api.send('POST /api/signup', { body: { email, password: PASSWORD, name: 'Guess Target' } });
  expect(answer.status).toBe(201);
  for (const [name, value] of there.cookies) listener.cookies.set(name, value);
  return { listener, email };
}

test('an account has one budget of guesses: sign-ins naming it and guesses made with its session count together', async () => {
  const { listener, email } = await signedUpFrom('127.0.4.1');
  const nobody = new TestClient(system.url);
  // Sign-in guesses from fresh addresses use up part of the account's budget...
  for (let i = 0; i < LIMIT - 2; i++) {
    const answer = await nobody.from(`127.0.4.${10 + i}`).api.send('POST /api/login', { body: { email, password: `guess ${i}` } });
    expect(answer.status).toBe(401);
  }
  // ...and guesses made with the account's session, from other fresh addresses, the rest.
  const withSession: number[] = [];
  for (let i = 0; i < 4; i++) {
    const there = listener.from(`127.0.4.${30 + i}`);
    withSession.push((await there.api.send('DELETE /api/auth/account', { body: { password: `guess ${i}` } })).status);
  }
  expect(withSession).toEqual([400, 400, 429, 429]);
  // Spent either way, the budget is spent for signing in too.
  expect((await nobody.from('127.0.4.50').api.send('POST /api/login', { body: { email, password: PASSWORD } })).status).toBe(429);
  expect((await listener.api.send('GET /api/auth/user', {})).status).toBe(200);
});

test("a creator's sign-in guesses are limited per address and per creator account named, with 429, Retry-After and { error, code }", async () => {
  const nobody = new TestClient(system.url);
  const creatorEmail = `${uniqueEmail()}`.replace('@', '.creator@');
  const statuses: number[] = [];
  for (let i = 0; i < LIMIT + 1; i++) {
    const answer = await nobody.from(`127.0.3.${10 + i}`).api.send('POST /api/creator-auth/login', {
      body: { email: creatorEmail, password: `guess ${i}` },
    });
    statuses.push(answer.status);
  }
  expect(statuses.slice(0, LIMIT).every((status) => status !== 429 && status >= 400)).toBe(true);
  expect(statuses[LIMIT]).toBe(429);
  const refused = await nobody.from('127.0.3.40').api.send('POST /api/creator-auth/login', {
    body: { email: creatorEmail, password: 'another' },
  });
  expect(refusalOf(refused)).toEqual(OUT_OF_GUESSES);

  // One address trying many creator accounts stops at the address's limit.
  const fromOne: number[] = [];
  for (let i = 0; i < LIMIT + 1; i++) {
    const guess = { email: `c${i}.${creatorEmail}`, password: 'x' };
    fromOne.push((await nobody.from('127.0.3.50').api.send('POST /api/creator-auth/login', { body: guess })).status);
  }
  expect(fromOne[LIMIT]).toBe(429);
  expect(fromOne.slice(0, LIMIT)).not.toContain(429);
});
