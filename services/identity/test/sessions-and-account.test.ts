import { startTestSystem, TestClient, uniqueEmail, newSessionId, type TestSystem, eventually } from '@innerecho/embedded';

jest.setTimeout(180_000);

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(() => system?.stop());

const client = () => new TestClient(system.url);
const sameSite = () => ({ origin: system.url });

/** Another browser holding a copy of a session token. */
function holding(token: string, baseUrl = system.url) {
  const copy = new TestClient(baseUrl);
  copy.cookies.set('ie_session', token);
  return copy;
}

/** What a service other than identity (voice, through the gateway) makes of a browser's session. */
const voiceStatus = async (c: TestClient) =>
  (await c.api.send('GET /api/voice-profile/:sessionId', { params: { sessionId: newSessionId() } })).status;

describe('ending sessions', () => {
  test('after sign-out, a copy of the old cookie gets 401 from identity at once, and from the gateway and every service within seconds', async () => {
    const browser = client();
    await browser.signUp(uniqueEmail());
    const token = browser.cookies.get('ie_session')!;
    expect((await holding(token).api.send('GET /api/auth/user', {})).status).toBe(200);
    expect(await voiceStatus(holding(token))).toBe(200);

    const out = await browser.api.send('GET /api/logout', {});
    expect(out.status).toBe(303);
    expect(browser.cookies.has('ie_session')).toBe(false);

    const refused = await holding(token).api.send('GET /api/auth/user', {});
    expect(refused.status).toBe(401);
    expect(refused.data).toEqual({ error: 'Please sign in to continue', code: 'UNAUTHENTICATED' });
    // The question pages ask signed in or out: signed out is the answer, at once too.
    const asked = await holding(token).api.send('GET /api/auth/session', {});
    expect(asked.status).toBe(200);
    expect(asked.data).toEqual({ user: null });

    const started = Date.now();
    // The voice service, asked directly (no gateway in front), learns from identity's feed.
    await eventually(async () => expect(await voiceStatus(holding(token, system.services.voice.url))).toBe(401), 50, 100);
    // So does the gateway, which then also clears the cookie in the browser.
    await eventually(
      async () => {
        const stolen = holding(token);
        expect(await voiceStatus(stolen)).toBe(401);
        expect(stolen.cookies.has('ie_session')).toBe(false);
      },
      50,
      100,
    );
    console.log(`the revocation reached the voice service and the gateway within ${Date.now() - started} ms of sign-out`);
  });

  test('"sign out everywhere" ends every session of the account, in every browser', async () => {
    const email = uniqueEmail();
    const laptop = client();
    await laptop.signUp(email);
    const phone = client();
    expect((await phone.api.send('POST /api/login', { body: { email, password: 'a long enough password' } })).status).toBe(200);
    const someoneElse = client();
    await someoneElse.signUp(uniqueEmail());

    const res = await laptop.api.send('POST /api/auth/logout-everywhere', { form: {} }, { headers: sameSite() });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/api/login?mode=signin&notice=signed-out-everywhere');
    // This browser drops its offline audio, kept answers and stored ids before the next page shows.
    expect(res.headers.get('clear-site-data')).toBe('"cache", "storage"');
    expect((await phone.api.send('GET /api/auth/user', {})).status).toBe(401);
    await eventually(async () => expect(await voiceStatus(phone)).toBe(401), 50, 100);
    expect((await someoneElse.api.send('GET /api/auth/user', {})).status).toBe(200);

    const page = await client().get(res.headers.get('location')!);
    expect(page.text).toContain('You have been signed out on every device.');
  });

  test('a password change ends the other sessions, keeps this browser signed in, and only the new password works', async () => {
    const email = uniqueEmail();
    const here = client();
    await here.signUp(email, 'the old password');
    const elsewhere = client();
    await elsewhere.api.send('POST /api/login', { body: { email, password: 'the old password' } });

    const wrong = await here.api.send(
      'POST /api/auth/password',
      { form: { currentPassword: 'not the password', newPassword: 'the new password' } },
      { headers: sameSite() },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.text).toContain('role="alert">Your current password is not correct<');
    expect((await elsewhere.api.send('GET /api/auth/user', {})).status).toBe(200);

    const changed = await here.api.send(
      'POST /api/auth/password',
      { form: { currentPassword: 'the old password', newPassword: 'the new password' } },
      { headers: sameSite() },
    );
    expect(changed.status).toBe(303);
    expect(changed.headers.get('location')).toBe('/api/auth/account?notice=password-changed');
    expect((await here.api.send('GET /api/auth/user', {})).status).toBe(200);
    expect((await elsewhere.api.send('GET /api/auth/user', {})).status).toBe(401);
    expect((await client().api.send('POST /api/login', { body: { email, password: 'the old password' } })).status).toBe(401);
    expect((await client().api.send('POST /api/login', { body: { email, password: 'the new password' } })).status).toBe(200);
    expect((await here.get(changed.headers.get('location')!)).text).toContain('Your password has been changed.');
  });

  test('sign out everywhere and password changes posted from another site are refused', async () => {
    const c = client();
    await c.signUp(uniqueEmail(), 'the right password');
    const evil = { origin: 'https://evil.example' };
    const everywhere = await c.api.send('POST /api/auth/logout-everywhere', { form: {} }, { headers: evil });
    expect(everywhere.status).toBe(403);
    const password = await c.api.send(
      'POST /api/auth/password',
      { form: { currentPassword: 'the right password', newPassword: 'chosen by evil' } },
      { headers: evil },
    );
    expect(password.status).toBe(403);
    const me = await c.api.send('GET /api/auth/user', {});
    expect(me.status).toBe(200);
    expect((await client().api.send('POST /api/login', { body: { email: me.data.email, password: 'the right password' } })).status).toBe(
      200,
    );
  });
});

describe('the account page', () => {
  test('signed out, it sends the browser to sign in and back; signed in, it offers a password change and signing out everywhere', async () => {
    const anonymous = await client().api.send('GET /api/auth/account', {});
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toBe('/api/login?mode=signin&returnTo=%2Fapi%2Fauth%2Faccount');

    const email = uniqueEmail();
    const c = client();
    const signIn = await c.api.send('POST /api/login', { form: { email, password: 'x' } }, { headers: sameSite() });
    expect(signIn.status).toBe(401);
    await c.signUp(email);
    const page = await c.api.send('GET /api/auth/account', {});
    expect(page.status).toBe(200);
    expect(page.text).toContain(email);
    expect(page.text).toContain('<form method="post" action="/api/auth/password"');
    expect(page.text).toContain('<form method="post" action="/api/auth/logout-everywhere">');
    expect(page.headers.get('cache-control')).toBe('no-store');
  });
});

describe('the sign-in page', () => {
  test('shows sign-up first to a new browser, sign-in first to one that signed in before, and whichever ?mode asks for', async () => {
    const fresh = client();
    expect((await fresh.api.send('GET /api/login', {})).text).toContain('<h1>Create your account</h1>');
    expect((await fresh.api.send('GET /api/login', { query: { mode: 'signin' } })).text).toContain('<h1>Welcome back</h1>');

    const returning = client();
    const user = await returning.signUp(uniqueEmail());
    const marker = (
      await returning.api.send('POST /api/login', { body: { email: user.email, password: 'a long enough password' } })
    ).headers
      .getSetCookie()
      .find((line) => line.startsWith('ie_returning='))!;
    expect(marker).toMatch(/^ie_returning=1;/);
    expect(marker).toMatch(/HttpOnly/i);
    expect(Number(marker.match(/Max-Age=(\d+)/i)![1])).toBeGreaterThan(300 * 86400);
    await returning.api.send('GET /api/logout', {});
    expect(returning.cookies.get('ie_returning')).toBe('1');
    expect((await returning.api.send('GET /api/login', {})).text).toContain('<h1>Welcome back</h1>');
    expect((await returning.api.send('GET /api/login', { query: { mode: 'signup' } })).text).toContain('<h1>Create your account</h1>');
  });

  test('a browser that is already signed in goes straight on to where it was going', async () => {
    const c = client();
    await c.signUp(uniqueEmail());
    const res = await c.api.send('GET /api/login', { query: { returnTo: '/record-voice' } });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/record-voice');
  });

  test('runs only its own script and style (a fresh nonce each time) and loads the app fonts from this site', async () => {
    const first = await client().api.send('GET /api/login', {});
    const second = await client().api.send('GET /api/login', {});
    const nonceOf = (policy: string | null) => policy?.match(/script-src 'nonce-([^']+)'/)?.[1];
    const nonce = nonceOf(first.headers.get('content-security-policy'));
    expect(nonce).toBeTruthy();
    expect(nonceOf(second.headers.get('content-security-policy'))).not.toBe(nonce);
    expect(first.headers.get('content-security-policy')).not.toContain('unsafe-inline');
    expect(first.text).toContain(`<script nonce="${nonce}">`);
    expect(first.text).toContain(`<style nonce="${nonce}">`);
    expect(first.text).not.toMatch(/ style="/);
    const font = first.text.match(/url\((\/page-assets\/inter-[^)]+\.woff2)\)/)![1];
    const res = await fetch(system.url + font);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('font/woff2');
  });

  test('a session cookie that cannot be decoded is dropped: the page shows, the cookie is cleared', async () => {
    for (const garbage of ['%E0%A4%A', '%%%garbage']) {
      const browser = client();
      browser.cookies.set('ie_session', garbage);
      const res = await browser.api.send('GET /api/login', {});
      expect(res.status).toBe(200);
      expect(res.text).toContain('<h1>Create your account</h1>');
      expect(res.headers.getSetCookie().some((line) => line.startsWith('ie_session=;'))).toBe(true);
    }
  });
});
