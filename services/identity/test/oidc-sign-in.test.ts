import { startTestSystem, TestClient, type TestSystem } from '@innerecho/embedded';
import { startOidcProvider } from './oidc-provider';

jest.setTimeout(120_000);

/** Identity configured for an OpenID provider, driven through openid-client against a local provider. */
let provider: Awaited<ReturnType<typeof startOidcProvider>>;
let system: TestSystem;

beforeAll(async () => {
  provider = await startOidcProvider({ sub: 'provider-user-1', email: 'Grace@Example.com', name: 'Grace', email_verified: true });
  system = await startTestSystem({
    env: { ...process.env, OIDC_ISSUER: provider.issuer, OIDC_CLIENT_ID: provider.client.id, OIDC_CLIENT_SECRET: provider.client.secret },
  });
});
afterAll(async () => {
  await system?.stop();
  await provider?.stop();
});

/** Follows the browser's path: gateway → provider → back to the callback. */
async function signInThroughProvider(returnTo: string) {
  const browser = new TestClient(system.url);
  const start = await browser.api.send('GET /api/login', { query: { returnTo } });
  expect(start.status).toBe(302);
  const authorizeUrl = new URL(start.headers.get('location')!);
  expect(authorizeUrl.origin).toBe(provider.issuer);
  const back = await fetch(authorizeUrl, { redirect: 'manual' });
  const callback = new URL(back.headers.get('location')!);
  const done = await browser.get(callback.pathname + callback.search);
  return { browser, authorizeUrl, done };
}

test('/api/login redirects to the provider with PKCE, and the callback signs the user in and returns where they were going', async () => {
  const { browser, authorizeUrl, done } = await signInThroughProvider('/record-voice');
  expect(authorizeUrl.searchParams.get('code_challenge_method')).toBe('S256');
  expect(authorizeUrl.searchParams.get('state')).toBeTruthy();
  expect(authorizeUrl.searchParams.get('nonce')).toBeTruthy();
  expect(authorizeUrl.searchParams.get('redirect_uri')).toBe(`${system.url}/api/auth/callback`);
  expect(provider.seen.verifierChecked).toBe(true);
  expect(done.status).toBe(302);
  expect(done.headers.get('location')).toBe('/record-voice');

  const me = await browser.api.send('GET /api/auth/user', {});
  expect(me.status).toBe(200);
  expect(me.data).toMatchObject({ email: 'grace@example.com', name: 'Grace', role: 'subscriber' });
});

test('signing in again through the provider reaches the same account', async () => {
  const first = await signInThroughProvider('/affirmations');
  const second = await signInThroughProvider('/affirmations');
  const a = await first.browser.api.send('GET /api/auth/user', {});
  const b = await second.browser.api.send('GET /api/auth/user', {});
  expect(a.data.id).toBe(b.data.id);
});

test('a callback whose state does not match the one we sent is refused', async () => {
  const browser = new TestClient(system.url);
  const start = await browser.api.send('GET /api/login', {});
  const authorizeUrl = new URL(start.headers.get('location')!);
  const back = await fetch(authorizeUrl, { redirect: 'manual' });
  const callback = new URL(back.headers.get('location')!);
  callback.searchParams.set('state', 'forged-state');
  const done = await browser.get(callback.pathname + callback.search);
  expect(done.status).toBe(401);
  expect(done.data.error).toBe('Sign-in with the provider failed. Please try again.');
  expect((await browser.api.send('GET /api/auth/user', {})).status).toBe(401);
});

test('a callback without the pending sign-in cookie is refused', async () => {
  const res = await new TestClient(system.url).api.send('GET /api/auth/callback', { query: { code: 'abc', state: 'xyz' } });
  expect(res.status).toBe(400);
  expect(res.data?.code).toBe('SIGN_IN_EXPIRED');
});

test('with a provider configured, password sign-up is closed', async () => {
  const res = await new TestClient(system.url).api.send('POST /api/signup', {
    body: { email: 'x@example.com', password: 'long enough pw' },
  });
  expect(res.status).toBe(403);
});
