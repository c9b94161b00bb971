import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { STARTER_CREATOR_IDS } from '@innerecho/contracts';
import { eventually, startTestSystem, TestClient, uniqueEmail, type TestSystem } from '@innerecho/embedded';
import { creators, outbox } from '../src/data-access/schema';

jest.setTimeout(120_000);

let system: TestSystem;
let admin: TestClient;
beforeAll(async () => {
  system = await startTestSystem({ env: { ...process.env, STARTER_CONTENT: 'off' } });
  admin = new TestClient(system.url);
  expect((await admin.api.send('POST /api/login', { body: { email: system.admin.email, password: system.admin.password } })).status).toBe(
    200,
  );
});
afterAll(() => system?.stop());

const db = () => system.services.creatorReferral.context.db;
const body = (over: Record<string, unknown> = {}) => ({
  name: 'Iris Stone',
  bio: 'Breath and balance.',
  profilePicUrl: 'https://example.com/iris.jpg',
  youtubeChannel: 'https://www.youtube.com/@iris',
  email: uniqueEmail('iris'),
  password: 'iris secret password',
  referralCode: `iris${randomBytes(3).toString('hex')}`,
  ...over,
});

describe('creator accounts written by an admin', () => {
  test('the password is stored only as an argon2id hash, and the email is kept lowercase', async () => {
    const email = uniqueEmail('Mixed.Case').toUpperCase();
    const res = await admin.api.send('POST /api/creators', { body: body({ email }) });
    expect(res.status).toBe(201);
    const [row] = await db().select().from(creators).where(eq(creators.id, res.data.id));
    expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row.passwordHash).not.toContain('iris secret password');
    expect(row.email).toBe(email.toLowerCase());
  });

  test('the published profile event carries the public profile, never the email or the password', async () => {
    const res = await admin.api.send('POST /api/creators', { body: body() });
    const rows = await db().select({ envelope: outbox.envelope }).from(outbox).where(eq(outbox.subject, 'creator.profile.published.v1'));
    const payloads = rows.map((r) => (r.envelope as { payload: { creatorId: string } }).payload);
    const mine = payloads.find((p: { creatorId: string }) => p.creatorId === res.data.id);
    expect(mine).toEqual({
      creatorId: res.data.id,
      name: 'Iris Stone',
      bio: 'Breath and balance.',
      profilePicUrl: 'https://example.com/iris.jpg',
      youtubeChannel: 'https://www.youtube.com/@iris',
      referralCode: res.data.referralCode,
    });
    expect(JSON.stringify(payloads)).not.toContain('iris secret password');
  });

  test('an edit changes the profile only; an unknown creator is "Creator not found"', async () => {
    const created = (await admin.api.send('POST /api/creators', { body: body() })).data;
    // The email and referral code are not the admin's to edit: the edit ignores them.
    const withIgnoredFields = {
      name: '  Iris S.  ',
      bio: '',
      profilePicUrl: '',
      youtubeChannel: '',
      email: 'ignored@example.com',
      referralCode: 'ignored',
    };
    const edited = await admin.api.send('PUT /api/creators/:id', { params: { id: created.id }, body: withIgnoredFields });
    expect(edited.status).toBe(200);
    expect(edited.data).toMatchObject({ name: 'Iris S.', email: created.email, referralCode: created.referralCode });
    const missing = await admin.api.send('PUT /api/creators/:id', {
      params: { id: '00000000-0000-4000-8000-000000000000' },
      body: { name: 'x' },
    });
    expect(missing.status).toBe(404);
    expect(missing.data.error).toBe('Creator not found');
  });

  test('an admin can set a new password through the API (for the starter creators); a short one is refused', async () => {
    const created = (await admin.api.send('POST /api/creators', { body: body() })).data;
    const [before] = await db().select().from(creators).where(eq(creators.id, created.id));
    const short = await admin.api.send('PUT /api/creators/:id', {
      params: { id: created.id },
      body: { name: 'Iris Stone', password: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.data.error).toBe('Password must be at least 8 characters');
    const reset = await admin.api.send('PUT /api/creators/:id', {
      params: { id: created.id },
      body: { name: 'Iris Stone', password: 'a brand new password' },
    });
    expect(reset.status).toBe(200);
    expect(reset.data).not.toHaveProperty('passwordHash');
    const [after] = await db().select().from(creators).where(eq(creators.id, created.id));
    expect(after.passwordHash).toMatch(/^\$argon2id\$/);
    expect(after.passwordHash).not.toBe(before.passwordHash);
  });

  test('deleting a creator removes their account', async () => {
    const created = (await admin.api.send('POST /api/creators', { body: body() })).data;
    expect((await admin.api.send('DELETE /api/creators/:id', { params: { id: created.id } })).status).toBe(204);
    expect(await db().select().from(creators).where(eq(creators.id, created.id))).toEqual([]);
    expect((await admin.api.send('DELETE /api/creators/:id', { params: { id: created.id } })).status).toBe(404);
  });

  test('the starter creators exist with their fixed ids, and nobody knows their passwords', async () => {
    for (const id of Object.values(STARTER_CREATOR_IDS)) {
      const row = await eventually(async () => {
        const [found] = await db().select().from(creators).where(eq(creators.id, id));
        return found ?? Promise.reject(new Error(`starter creator ${id} not there yet`));
      });
      expect(row.passwordHash).toMatch(/^\$argon2id\$/);
    }
  });
});
