import {
  createCreatorThroughAdmin,
  eventually,
  signedInAdmin,
  startTestSystem,
  TestClient,
  uniqueEmail,
  type TestSystem,
} from '@innerecho/embedded';

jest.setTimeout(60_000);

let system: TestSystem;
let admin: TestClient;
beforeAll(async () => {
  system = await startTestSystem();
  admin = await signedInAdmin(system.url, system.admin);
});
const createCreator = () => createCreatorThroughAdmin(admin);

async function signInCreator(email: string, password: string) {
  const client = new TestClient(system.url);
  expect((await client.api.send('POST /api/creator-auth/login', { body: { email, password } })).status).toBe(200);
  return client;
}
afterAll(() => system?.stop());

/** The forgot-password page's form, posted. */
const askForLink = (client: TestClient, email: string) => client.api.send('POST /api/creator-auth/forgot-password', { form: { email } });
/** The reset page's form, posted: the new password, typed twice. */
const chooseNewPassword = (client: TestClient, token: string, password: string) =>
  client.api.send('POST /api/creator-auth/reset-password', { form: { token, password, confirm: password } });
/** The status of the page a reset link opens. */
const resetPageStatus = async (client: TestClient, token: string) =>
  (await client.api.send('GET /api/creator-auth/reset-password', { query: { token } })).status;
/** The status a creator's sign-in gets, from a fresh browser. */
const signInStatus = async (email: string, password: string) =>
  (await new TestClient(system.url).api.send('POST /api/creator-auth/login', { body: { email, password } })).status;
const SUBJECT = 'Choose a new InnerEcho creator password';

async function resetMail(email: string, index = 0) {
  return eventually(async () => {
    const mails = system.mailbox.to(email).filter((mail) => mail.subject === SUBJECT);
    expect(mails.length).toBeGreaterThan(index);
    return mails[index];
  });
}

describe("creators' forgot password", () => {
  it('answers the same words and status whether or not a creator has the address', async () => {
    const creator = await createCreator();
    const visitor = new TestClient(system.url);
    const known = await askForLink(visitor, creator.email);
    const unknown = await askForLink(visitor, uniqueEmail('no-creator'));
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    const words = (text: string) => text.replace(/nonce="[^"]*"/g, '');
    expect(words(known.text)).toBe(words(unknown.text));
    expect(known.text).toContain('If a creator account uses that address');
    await resetMail(creator.email);
    expect((await askForLink(visitor, 'not an address')).status).toBe(400);
  });

  it("mails a link that works once, ends the creator's sessions and tells them", async () => {
    const creator = await createCreator();
    const signedIn = await signInCreator(creator.email, creator.password);
    const visitor = new TestClient(system.url);
    await askForLink(visitor, creator.email);
    const link = new URL((await resetMail(creator.email)).links[0]);
    expect(link.origin).toBe(new URL(system.services.identity.context.config.PUBLIC_URL).origin);
    expect(link.pathname).toBe('/api/creator-auth/reset-password');
    const token = link.searchParams.get('token')!;
    expect(await resetPageStatus(visitor, token)).toBe(200);

    const done = await chooseNewPassword(visitor, token, 'a new creator pass 2');
    expect(done.status).toBe(200);
    expect(done.text).toContain('Your password is changed');
    await eventually(async () => expect((await signedIn.api.send('GET /api/creator-auth/current', {})).status).toBe(401));
    expect(await signInStatus(creator.email, creator.password)).toBe(401);
    expect(await signInStatus(creator.email, 'a new creator pass 2')).toBe(200);

    const reused = await chooseNewPassword(visitor, token, 'a third pass 333');
    expect(reused.status).toBe(410);
    expect(reused.text).toContain('expired or has already been used');
    const json = await visitor.api.send('POST /api/creator-auth/reset-password', {
      body: { token, password: 'a third pass 333', confirm: 'a third pass 333' },
    });
    expect(json.status).toBe(410);
    expect(json.data).toMatchObject({ code: 'RESET_LINK_INVALID' });

    const changed = await eventually(async () => {
      const found = system.mailbox.to(creator.email).find((m) => m.subject === 'Your InnerEcho creator password was changed');
      expect(found).toBeDefined();
      return found!;
    });
    expect(changed.links[0]).toContain('/api/creator-auth/forgot-password');
  });

  it('refuses a link after its hour, and mails at most three links an hour, even asked for six times at once', async () => {
    const creator = await createCreator();
    const visitor = new TestClient(system.url);
    const asked = await Promise.all(Array.from({ length: 6 }, () => askForLink(visitor, creator.email)));
    expect(asked.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, 200]);
    const first = new URL((await resetMail(creator.email, 2)).links[0]).searchParams.get('token')!;
    const marker = await createCreator();
    await askForLink(visitor, marker.email);
    await resetMail(marker.email);
    expect(system.mailbox.to(creator.email).filter((m) => m.subject === SUBJECT)).toHaveLength(3);

    await system.services.creatorReferral.context.db.execute(
      `update creator_referral.creator_password_reset_tokens set expires_at = now() - interval '1 second' where creator_id = '${creator.id}'`,
    );
    expect(await resetPageStatus(visitor, first)).toBe(410);
  });
});
