import { eventually, startTestSystem, TestClient, uniqueEmail, type TestSystem } from '@innerecho/embedded';

jest.setTimeout(60_000);

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(() => system?.stop());

/** The forgot-password page's form, posted. */
const askForLink = (client: TestClient, email: string) => client.api.send('POST /api/auth/forgot-password', { form: { email } });
/** The reset page's form, posted. */
const chooseNewPassword = (client: TestClient, token: string, password: string, confirm = password) =>
  client.api.send('POST /api/auth/reset-password', { form: { token, password, confirm } });
/** The page a reset link opens. */
const resetPage = (client: TestClient, token: string) => client.api.send('GET /api/auth/reset-password', { query: { token } });

async function resetMail(email: string, index = 0) {
  return eventually(async () => {
    const mails = system.mailbox.to(email).filter((mail) => mail.subject === 'Choose a new InnerEcho password');
    expect(mails.length).toBeGreaterThan(index);
    return mails[index];
  });
}

describe('forgot password', () => {
  it('answers the same words and status whether or not the account exists', async () => {
    const owner = new TestClient(system.url);
    const email = uniqueEmail('forgot-same');
    await owner.signUp(email);
    const visitor = new TestClient(system.url);
    const known = await askForLink(visitor, email);
    const unknown = await askForLink(visitor, uniqueEmail('nobody'));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const words = (text: string) => text.replace(/nonce="[^"]*"/g, '');
    expect(words(known.text)).toBe(words(unknown.text));
    expect(known.text).toContain('If an account uses that address');
    await resetMail(email);
    expect((await askForLink(visitor, 'not an address')).status).toBe(400);
  });

  it('mails a link that sets a new password once, ends every session and tells the owner', async () => {
    const email = uniqueEmail('forgot-flow');
    const owner = new TestClient(system.url);
    await owner.signUp(email, 'the old password 1');
    expect((await owner.api.send('GET /api/auth/user', {})).status).toBe(200);

    const visitor = new TestClient(system.url);
    await askForLink(visitor, email);
    const mail = await resetMail(email);
    // About the account's security: always sent, no unsubscribe.
    expect(mail.header('List-Unsubscribe')).toBeUndefined();
    const link = new URL(mail.links[0]);
    expect(link.origin).toBe(new URL(system.services.identity.context.config.PUBLIC_URL).origin);
    expect(link.pathname).toBe('/api/auth/reset-password');
    expect(mail.text).toContain(link.toString());
    const token = link.searchParams.get('token')!;

    const page = await resetPage(visitor, token);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Choose a new password');

    const differ = await chooseNewPassword(visitor, token, 'a new password 2', 'something else');
    expect(differ.status).toBe(400);
    const done = await chooseNewPassword(visitor, token, 'a new password 2');
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/api/login?mode=signin&notice=password-reset');

    // Every session of the account has ended; the new password signs in, the old one does not.
    await eventually(async () => expect((await owner.api.send('GET /api/auth/user', {})).status).toBe(401));
    const again = new TestClient(system.url);
    expect((await again.api.send('POST /api/login', { body: { email, password: 'the old password 1' } })).status).toBe(401);
    expect((await again.api.send('POST /api/login', { body: { email, password: 'a new password 2' } })).status).toBe(200);

    // The link works once.
    const reused = await chooseNewPassword(visitor, token, 'a third password 3');
    expect(reused.status).toBe(410);
    expect(reused.text).toContain('expired or has already been used');
    expect((await resetPage(visitor, token)).status).toBe(410);
    expect((await resetPage(visitor, 'unknown')).status).toBe(410);

    const changed = await eventually(async () => {
      const found = system.mailbox.to(email).find((m) => m.subject === 'Your InnerEcho password was changed');
      expect(found).toBeDefined();
      return found!;
    });
    expect(changed.links[0]).toContain('/api/auth/forgot-password');
  });

  it('refuses a link after its hour', async () => {
    const email = uniqueEmail('forgot-expired');
    await new TestClient(system.url).signUp(email);
    const visitor = new TestClient(system.url);
    await askForLink(visitor, email);
    const token = new URL((await resetMail(email)).links[0]).searchParams.get('token')!;
    // The hour passes (the link's expiry moved into the past, as the clock would).
    await system.services.identity.context.db.execute(`update identity.password_reset_tokens set expires_at = now() - interval '1 second'`);
    const late = await chooseNewPassword(visitor, token, 'a new password 2');
    expect(late.status).toBe(410);
  });

  it('mails at most three links per account per hour, even asked for six times at once', async () => {
    const email = uniqueEmail('forgot-limit');
    await new TestClient(system.url).signUp(email);
    const visitor = new TestClient(system.url);
    const asked = await Promise.all(Array.from({ length: 6 }, () => askForLink(visitor, email)));
    expect(asked.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    await resetMail(email, 2);
    expect((await askForLink(visitor, email)).status).toBe(200);
    const marker = uniqueEmail('forgot-marker');
    await new TestClient(system.url).signUp(marker);
    await askForLink(visitor, marker);
    await resetMail(marker);
    expect(system.mailbox.to(email).filter((m) => m.subject === 'Choose a new InnerEcho password')).toHaveLength(3);
  });
});
