import jwt from 'jsonwebtoken';
import { generateKeyPairSync } from 'node:crypto';
import { startTestSystem, TestClient, uniqueEmail, newSessionId, type TestSystem } from '@innerecho/embedded';

jest.setTimeout(120_000);

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem({ env: { ...process.env, ADMIN_EMAILS: 'boss@example.com' } });
});
afterAll(() => system?.stop());

const client = () => new TestClient(system.url);

describe('sign-up', () => {
  test('a new account is signed in at once and /api/auth/user returns it', async () => {
    const c = client();
    const email = uniqueEmail();
    const res = await c.api.send('POST /api/signup', {
      body: { email: `  ${email.toUpperCase()} `, password: 'correct horse battery', name: 'Ada' },
    });
    expect(res.status).toBe(201);
    const cookie = res.headers.getSetCookie().find((l) => l.startsWith('ie_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Path=\//);

    const me = await c.api.send('GET /api/auth/user', {});
    expect(me.status).toBe(200);
    expect(me.data).toEqual({ id: expect.any(String), email, name: 'Ada', role: 'subscriber', subscriptionStatus: 'inactive' });
  });

  test('the same email twice is refused with 409 and a clear message', async () => {
    const email = uniqueEmail();
    await client().signUp(email);
    const res = await client().api.send('POST /api/signup', { body: { email, password: 'another password' } });
    expect(res.status).toBe(409);
    expect(res.data.error).toBe('An account with this email already exists. Sign in instead.');
  });

  test('a short password or a bad email is refused with 400 and says why', async () => {
    const short = await client().api.send('POST /api/signup', { invalidBody: { email: uniqueEmail(), password: 'short' } });
    expect(short.status).toBe(400);
    expect(short.data.error).toBe('Password must be at least 8 characters');
    const bad = await client().api.send('POST /api/signup', { invalidBody: { email: 'not-an-email', password: 'long enough pw' } });
    expect(bad.status).toBe(400);
    expect(bad.data.error).toBe('Enter a valid email address');
  });

  test('an email listed in ADMIN_EMAILS becomes an admin', async () => {
    const user = await client().signUp('boss@example.com');
    expect(user.role).toBe('admin');
  });

  test('the seeded admin can sign in with the printed password and is an admin', async () => {
    const c = client();
    const res = await c.api.send('POST /api/login', { body: { email: system.admin.email, password: system.admin.password } });
    expect(res.status).toBe(200);
    expect(res.data.role).toBe('admin');
  });
});

describe('sign-in', () => {
  test('the right password signs in; a wrong one is refused with "Incorrect email or password"', async () => {
    const email = uniqueEmail();
    await client().signUp(email, 'the right password');

    const wrong = await client().api.send('POST /api/login', { body: { email, password: 'the wrong password' } });
    expect(wrong.status).toBe(401);
    expect(wrong.data.error).toBe('Incorrect email or password');

    const unknown = await client().api.send('POST /api/login', { body: { email: uniqueEmail(), password: 'whatever it is' } });
    expect(unknown.status).toBe(401);
    expect(unknown.data.error).toBe('Incorrect email or password');

    const c = client();
    const ok = await c.api.send('POST /api/login', { body: { email: email.toUpperCase(), password: 'the right password' } });
    expect(ok.status).toBe(200);
    expect((await c.api.send('GET /api/auth/user', {})).data.email).toBe(email);
  });

  test('the built-in page signs in by form and returns to where the user was going', async () => {
    const email = uniqueEmail();
    await client().signUp(email, 'the right password');
    const page = await client().api.send('GET /api/login', { query: { returnTo: '/record-voice' } });
    expect(page.status).toBe(200);
    expect(page.text).toContain('<label for="email">Email</label>');
    expect(page.text).toContain('value="/record-voice"');

    const c = client();
    const origin = { origin: system.url };
    const wrong = await c.api.send(
      'POST /api/login',
      { form: { email, password: 'nope nope', returnTo: '/record-voice' } },
      { headers: origin },
    );
    expect(wrong.status).toBe(401);
    expect(wrong.text).toContain('role="alert">Incorrect email or password<');

    const ok = await c.api.send(
      'POST /api/login',
      { form: { email, password: 'the right password', returnTo: '/record-voice' } },
      { headers: origin },
    );
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/record-voice');
  });

  test('a return address on another site is ignored (no open redirect)', async () => {
    const email = uniqueEmail();
    await client().signUp(email, 'the right password');
    for (const evil of ['//evil.example', 'https://evil.example/x', '/\\evil.example']) {
      const res = await client().api.send('POST /api/login', { form: { email, password: 'the right password', returnTo: evil } });
      expect(res.status).toBe(303);
      expect(res.headers.get('location')).toBe('/affirmations');
    }
  });

  test('a sign-in form posted from another site is refused', async () => {
    const email = uniqueEmail();
    await client().signUp(email, 'the right password');
    const res = await client().api.send(
      'POST /api/login',
      { form: { email, password: 'the right password' } },
      { headers: { origin: 'https://evil.example' } },
    );
    expect(res.status).toBe(403);
    expect(res.headers.getSetCookie().some((l) => l.startsWith('ie_session=e'))).toBe(false);
  });
});

describe('sessions', () => {
  test('logout clears the session and returns to the home page', async () => {
    const c = client();
    await c.signUp(uniqueEmail());
    const res = await c.api.send('GET /api/logout', {});
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/');
    expect((await c.api.send('GET /api/auth/user', {})).status).toBe(401);
  });

  test('/api/auth/user answers 401 when signed out', async () => {
    const res = await client().api.send('GET /api/auth/user', {});
    expect(res.status).toBe(401);
    expect(res.data).toEqual({ error: 'Please sign in to continue', code: 'UNAUTHENTICATED' });
  });

  test('/api/auth/session answers 200 with a null user when signed out, and the user when signed in', async () => {
    const visitor = await client().api.send('GET /api/auth/session', {});
    expect(visitor.status).toBe(200);
    expect(visitor.data).toEqual({ user: null });
    expect(visitor.headers.get('cache-control')).toBe('no-store');

    const c = client();
    const email = uniqueEmail();
    await c.signUp(email);
    const signedIn = await c.api.send('GET /api/auth/session', {});
    expect(signedIn.status).toBe(200);
    expect(signedIn.data.user).toMatchObject({ email, role: 'subscriber', subscriptionStatus: 'inactive' });
    await c.api.send('GET /api/logout', {});
    expect((await c.api.send('GET /api/auth/session', {})).data).toEqual({ user: null });
  });

  test('a tampered token is refused and the gateway clears it', async () => {
    const c = client();
    const user = await c.signUp(uniqueEmail());
    const token = c.cookies.get('ie_session')!;
    const [header, , signature] = token.split('.');
    const forgedPayload = Buffer.from(
      JSON.stringify({ role: 'admin', email: 'x@y.z', sub: user.id, aud: 'innerecho', iss: 'innerecho-identity', exp: 9999999999 }),
    ).toString('base64url');
    c.cookies.set('ie_session', `${header}.${forgedPayload}.${signature}`);
    const res = await c.api.send('GET /api/auth/user', {});
    expect(res.status).toBe(401);
    expect(res.headers.getSetCookie().some((l) => /^ie_session=;/.test(l))).toBe(true);
  });

  test('an expired token is refused', async () => {
    const c = client();
    const user = await c.signUp(uniqueEmail());
    const key = system.identityKeys.signingKey;
    const expired = jwt.sign({ role: 'subscriber', email: user.email }, key.privateKey, {
      algorithm: 'ES256',
      keyid: key.kid,
      subject: user.id,
      issuer: 'innerecho-identity',
      audience: 'innerecho',
      expiresIn: -10,
    });
    c.cookies.set('ie_session', expired);
    expect((await c.api.send('GET /api/auth/user', {})).status).toBe(401);
  });

  test('a token signed by a key that is not ours is refused, even with our key id', async () => {
    const c = client();
    const user = await c.signUp(uniqueEmail());
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const forged = jwt.sign({ role: 'admin', email: user.email }, privateKey, {
      algorithm: 'ES256',
      keyid: system.identityKeys.signingKey.kid,
      subject: user.id,
      issuer: 'innerecho-identity',
      audience: 'innerecho',
      expiresIn: 600,
    });
    c.cookies.set('ie_session', forged);
    expect((await c.api.send('GET /api/auth/user', {})).status).toBe(401);
  });

  test('identity headers set by the browser are ignored', async () => {
    const c = client();
    const user = await c.signUp(uniqueEmail());
    const anonymous = client();
    const forged: Record<string, string>[] = [
      { 'x-user-id': user.id },
      { 'x-user-role': 'admin', 'x-user-id': user.id },
      { 'x-forwarded-user': user.email },
    ];
    for (const headers of forged) {
      expect((await anonymous.api.send('GET /api/auth/user', {}, { headers })).status).toBe(401);
      expect(
        (await anonymous.api.send('GET /api/voice-profile/:sessionId', { params: { sessionId: newSessionId() } }, { headers })).status,
      ).toBe(401);
    }
  });

  test('after a key rotation, old sessions still work and new ones are signed with the new key', async () => {
    const before = client();
    await before.signUp(uniqueEmail());
    const oldKid = system.identityKeys.signingKey.kid;
    system.identityKeys.rotate();
    try {
      const after = client();
      await after.signUp(uniqueEmail());
      const newKid = jwt.decode(after.cookies.get('ie_session')!, { complete: true })!.header.kid as string;
      expect(newKid).not.toBe(oldKid);
      // Both verify everywhere: identity itself and the voice service (through the JWKS).
      for (const c of [before, after]) {
        expect((await c.api.send('GET /api/auth/user', {})).status).toBe(200);
        expect((await c.api.send('GET /api/voice-profile/:sessionId', { params: { sessionId: newSessionId() } })).status).toBe(200);
      }
    } finally {
      // no cleanup needed: the in-memory key store lives with this system
    }
  });
});

describe('the anonymous sessionId', () => {
  test('is bound to the first signed-in user who uses it and refused to anyone else', async () => {
    const owner = client();
    await owner.signUp(uniqueEmail());
    const other = client();
    await other.signUp(uniqueEmail());
    const sessionId = newSessionId();

    const voiceProfile = (c: TestClient) => c.api.send('GET /api/voice-profile/:sessionId', { params: { sessionId } });
    expect((await voiceProfile(owner)).status).toBe(200);
    expect((await voiceProfile(owner)).status).toBe(200);
    const refused = await voiceProfile(other);
    expect(refused.status).toBe(403);
    expect(refused.data).toEqual({ error: 'This session belongs to another account', code: 'SESSION_NOT_OWNED' });
  });

  test('needs a signed-in user and a sessionId of the form session_<letters, digits, _>', async () => {
    expect((await client().api.send('GET /api/voice-profile/:sessionId', { params: { sessionId: newSessionId() } })).status).toBe(401);
    const c = client();
    await c.signUp(uniqueEmail());
    const bad = await c.api.send('GET /api/voice-profile/:sessionId', { params: { sessionId: 'not-a-session' } });
    expect(bad.status).toBe(400);
    expect(bad.data.error).toBe('Invalid session id');
  });
});
