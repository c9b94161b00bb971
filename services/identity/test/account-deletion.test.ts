import { sql } from 'drizzle-orm';
import { customAffirmationRef, VOICE_SAMPLE_SENTENCES } from '@innerecho/contracts';
import {
  adminWithNewCreator,
  cloneVoiceInNewSession,
  commissionsOf,
  eventually,
  signedInAdmin,
  startTestSystem,
  subscribeThroughDemoCheckout,
  TestClient,
  uniqueEmail,
  uploadRecordingThroughApi,
  type TestSystem,
  spokenSample,
} from '@innerecho/embedded';
import type { Db } from '@innerecho/kit';

jest.setTimeout(300_000);

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem();
});
afterAll(() => system?.stop());

const PASSWORD = 'a long enough password';
const rows = async (db: Db, query: ReturnType<typeof sql>) => {
  const result = (await db.execute(query)) as unknown as { rows?: unknown[] } | unknown[];
  return (Array.isArray(result) ? result : (result.rows ?? [])) as Record<string, unknown>[];
};

test('a listener deletes their account: their voice, own recordings, saved and custom affirmations and listening days go; the subscription ends; the creator keeps the commission', async () => {
  const services = system.services;
  // A creator's referral, a subscription through the demo checkout, a cloned voice, a custom
  // affirmation the listener read themselves, and a saved affirmation made from it.
  const { admin, creator } = await adminWithNewCreator(system.url, system.admin);
  const listener = new TestClient(system.url);
  const email = uniqueEmail('leaving');
  const user = await listener.signUp(email, PASSWORD);
  await subscribeThroughDemoCheckout(system.url, { client: listener, email, referralCode: creator.referralCode });
  await eventually(async () => expect((await listener.api.send('GET /api/auth/session', {})).data.user?.subscriptionStatus).toBe('active'));
  const sessionId = await cloneVoiceInNewSession(listener);
  const content = VOICE_SAMPLE_SENTENCES.slice(0, 3).join(' ');
  const custom = await listener.api.send('POST /api/custom-affirmations', {
    body: { sessionId, title: 'Mine To Keep', content, category: 'Other' },
  });
  expect(custom.status).toBe(201);
  const take = await uploadRecordingThroughApi(listener, await spokenSample({ sentences: 3 }));
  const reading = await listener.api.send('PUT /api/own-recordings/:sessionId/:affirmationId', {
    params: { sessionId, affirmationId: customAffirmationRef(custom.data.id) },
    body: { uploadURL: take },
  });
  expect([reading.status, reading.data?.code]).toEqual([200, undefined]);
  const generated = await listener.api.send('POST /api/generate-audio', {
    body: { sessionId, customAffirmationId: custom.data.id, audioDuration: '60', voiceSpeed: '1.0' },
  });
  expect(generated.status).toBe(201);
  const savedOf = (client: TestClient) => client.api.send('GET /api/saved-affirmations/:sessionId', { params: { sessionId } });
  const [saved] = (await savedOf(listener)).data;
  expect(saved.voice).toBe('own');
  const play = await listener.api.send('POST /api/saved-affirmations/:sessionId/:id/plays', {
    params: { sessionId, id: saved.id },
    body: { timeZone: 'UTC' },
  });
  expect(play.data.days).toBe(1);
  await eventually(async () => expect(await commissionsOf(admin, creator.id)).toHaveLength(1));
  const fileKeys = (
    await rows(
      services.generation.context.db,
      sql`select file_key from generation.saved_affirmations where owner_id = ${user.id}
          union all select file_key from generation.own_recordings where owner_id = ${user.id}`,
    )
  ).map((r) => String(r.file_key));
  expect(fileKeys).toHaveLength(2);
  const [voice] = await rows(services.voice.context.db, sql`select sample_key from voice.voice_profiles where user_id = ${user.id}`);
  expect(await services.voice.context.files.stat(String(voice.sample_key))).not.toBeNull();

  // The wrong password (or none) deletes nothing.
  for (const body of [{ password: 'not my password' }, {}]) {
    const refused = await listener.api.send('DELETE /api/auth/account', { body });
    expect([refused.status, refused.data.code, refused.data.error]).toEqual([400, 'WRONG_PASSWORD', 'Your password is not correct']);
  }
  expect((await savedOf(listener)).data).toHaveLength(1);

  const oldCookies = new Map(listener.cookies);
  const deleted = await listener.api.send('DELETE /api/auth/account', { body: { password: PASSWORD } });
  expect([deleted.status, deleted.data]).toEqual([200, { deleted: true }]);
  expect(listener.cookies.has('ie_session')).toBe(false);

  // The old session is refused everywhere at once.
  const stale = new TestClient(system.url);
  for (const [name, value] of oldCookies) stale.cookies.set(name, value);
  expect((await stale.api.send('GET /api/auth/session', {})).data.user).toBeNull();
  await eventually(async () => expect((await savedOf(stale)).status).toBe(401));

  // Every service forgets the listener.
  await eventually(async () => {
    const generation = services.generation.context.db;
    expect(await rows(generation, sql`select 1 from generation.saved_affirmations where owner_id = ${user.id}`)).toEqual([]);
    expect(await rows(generation, sql`select 1 from generation.own_recordings where owner_id = ${user.id}`)).toEqual([]);
    expect(await rows(generation, sql`select 1 from generation.listening_days where user_id = ${user.id}`)).toEqual([]);
    expect(await rows(generation, sql`select 1 from generation.daily_usage where user_id = ${user.id}`)).toEqual([]);
    for (const key of fileKeys) expect(await services.generation.context.files.stat(key)).toBeNull();
    expect(await rows(services.voice.context.db, sql`select 1 from voice.voice_profiles where user_id = ${user.id}`)).toEqual([]);
    expect(await rows(services.library.context.db, sql`select 1 from library.custom_affirmations where owner_id = ${user.id}`)).toEqual([]);
    const billing = services.billing.context.db;
    expect(await rows(billing, sql`select status, email from billing.subscriptions where user_id = ${user.id}`)).toEqual([
      { status: 'canceled', email: null },
    ]);
    expect(await rows(billing, sql`select 1 from billing.accounts where user_id = ${user.id}`)).toEqual([]);
    expect(
      await rows(services.creatorReferral.context.db, sql`select email from creator_referral.attributions where user_id = ${user.id}`),
    ).toEqual([{ email: null }]);
  });
  expect(await services.voice.context.files.stat(String(voice.sample_key))).toBeNull();
  // The creator's earned commission stands.
  expect(await commissionsOf(admin, creator.id)).toHaveLength(1);

  // The email is free again, for a new account that starts with nothing.
  const again = new TestClient(system.url);
  const newcomer = await again.signUp(email, PASSWORD);
  expect(newcomer.id).not.toBe(user.id);
  expect(newcomer.subscriptionStatus).toBe('inactive');
});

test("the account page's form deletes the account and lands on the sign-up page with a notice; a wrong password shows the page again with the reason", async () => {
  const listener = new TestClient(system.url);
  await listener.signUp(uniqueEmail('page'), PASSWORD);
  const page = await listener.api.send('GET /api/auth/account', {});
  expect(page.text).toContain('Delete account');
  const origin = { origin: system.url };
  const deleteByForm = (password: string, headers: Record<string, string>) =>
    listener.api.send('POST /api/auth/account/delete', { form: { password } }, { headers });
  const wrong = await deleteByForm('nope nope nope', origin);
  expect(wrong.status).toBe(400);
  expect(wrong.text).toContain('Your password is not correct');
  const crossSite = await deleteByForm(PASSWORD, { origin: 'https://elsewhere.example' });
  expect(crossSite.status).toBe(403);
  const done = await deleteByForm(PASSWORD, origin);
  expect([done.status, done.headers.get('location')]).toEqual([303, '/api/login?mode=signup&notice=account-deleted']);
  const landing = await new TestClient(system.url).api.send('GET /api/login', { query: { mode: 'signup', notice: 'account-deleted' } });
  expect(landing.text).toContain('Your account has been deleted');
});

test('the only admin cannot delete their account', async () => {
  const admin = await signedInAdmin(system.url, system.admin);
  const refused = await admin.api.send('DELETE /api/auth/account', { body: { password: system.admin.password } });
  expect([refused.status, refused.data.code]).toEqual([409, 'LAST_ADMIN']);
  expect((await admin.api.send('GET /api/auth/session', {})).data.user?.role).toBe('admin');
});
