import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { earnCommissions, eventually, startTestSystem, TestClient, uniqueEmail, type TestSystem } from '@innerecho/embedded';
import { creatorReferralTables } from '@innerecho/creator-referral';
import { createCreator, signInCreator } from './support/referral-fixtures';

jest.setTimeout(180_000);

const { creators } = creatorReferralTables;

let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem({ env: { ...process.env, STARTER_CONTENT: 'off' } });
});
afterAll(() => system?.stop());

const client = () => new TestClient(system.url);
const db = () => system.services.creatorReferral.context.db;

async function adminClient() {
  const c = client();
  expect((await c.api.send('POST /api/login', { body: system.admin })).status).toBe(200);
  return c;
}

const earn = (creatorId: string, ...amounts: number[]) => earnCommissions(db(), creatorId, amounts);

describe('a creator asks for a payout', () => {
  test('they see the threshold and the review time, can ask once enough is available, and only once at a time', async () => {
    const creator = await createCreator(system);
    const asCreator = await signInCreator(system, creator.email);
    await earn(creator.id, 999, 999);

    const before = await asCreator.api.send('GET /api/payouts/creator/:creatorId/summary', { params: { creatorId: creator.id } });
    expect(before.status).toBe(200);
    expect(before.data).toEqual({ availableBalance: 1998, threshold: 2500, reviewDays: 7, openRequest: null, lastDecision: null });

    const tooEarly = await asCreator.api.send('POST /api/payouts/creator/:creatorId/request', { params: { creatorId: creator.id } });
    expect(tooEarly.status).toBe(400);
    expect(tooEarly.data).toEqual({
      error: 'You can ask for a payout once $25.00 is available (now $19.98)',
      code: 'PAYOUT_BELOW_THRESHOLD',
    });

    await earn(creator.id, 999);
    const asked = await asCreator.api.send('POST /api/payouts/creator/:creatorId/request', { params: { creatorId: creator.id } });
    expect(asked.status).toBe(201);
    expect(asked.data).toMatchObject({ amount: 2997, status: 'pending', requestedAt: expect.any(String), declineReason: null });
    expect(asked.data.commissionIds).toHaveLength(3);

    const again = await asCreator.api.send('POST /api/payouts/creator/:creatorId/request', { params: { creatorId: creator.id } });
    expect(again.status).toBe(409);
    expect(again.data.code).toBe('PAYOUT_ALREADY_REQUESTED');

    const after = (await asCreator.api.send('GET /api/payouts/creator/:creatorId/summary', { params: { creatorId: creator.id } })).data;
    expect(after).toMatchObject({ availableBalance: 0, openRequest: { id: asked.data.id, amount: 2997 } });
    // The admin sees the request among the payouts, marked as the creator's.
    const admin = await adminClient();
    const listed = ((await admin.api.send('GET /api/payouts', {})).data as any[]).find((p) => p.id === asked.data.id);
    expect(listed).toMatchObject({ creatorId: creator.id, status: 'pending', requestedAt: asked.data.requestedAt });
  });

  test('two requests at the same moment make one payout', async () => {
    const creator = await createCreator(system);
    const asCreator = await signInCreator(system, creator.email);
    await earn(creator.id, 3000);
    const answers = await Promise.all(
      [1, 2, 3].map(() => asCreator.api.send('POST /api/payouts/creator/:creatorId/request', { params: { creatorId: creator.id } })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409, 409]);
    const history = (await asCreator.api.send('GET /api/payouts/creator/:creatorId', { params: { creatorId: creator.id } })).data as any[];
    expect(history).toHaveLength(1);
  });

  test('only the creator themself asks: another creator, a listener, an admin and a visitor are refused', async () => {
    const creator = await createCreator(system);
    const other = await signInCreator(system, (await createCreator(system)).email);
    await earn(creator.id, 5000);
    const listener = client();
    await listener.signUp(uniqueEmail('listener'));
    const admin = await adminClient();
    const path = `/api/payouts/creator/${creator.id}/request`;

    expect((await other.postJson(path, {})).status).toBe(403);
    expect((await other.api.send('GET /api/payouts/creator/:creatorId/summary', { params: { creatorId: creator.id } })).status).toBe(403);
    expect((await listener.postJson(path, {})).status).toBe(403);
    const byAdmin = await admin.postJson(path, {});
    expect(byAdmin.status).toBe(403);
    expect(byAdmin.data.code).toBe('CREATOR_ONLY');
    expect((await client().postJson(path, {})).status).toBe(401);
    expect(
      (await admin.api.send('GET /api/payouts/creator/:creatorId/summary', { params: { creatorId: creator.id } })).data.availableBalance,
    ).toBe(5000);
    expect((await admin.api.send('GET /api/payouts/creator/:creatorId', { params: { creatorId: creator.id } })).data).toEqual([]);
  });

  test('the admin declines with a reason the creator reads, and the commissions can be asked for again; then pays', async () => {
    const creator = await createCreator(system);
    const asCreator = await signInCreator(system, creator.email);
    const admin = await adminClient();
    await earn(creator.id, 2500, 500);
    const first = (await asCreator.api.send('POST /api/payouts/creator/:creatorId/request', { params: { creatorId: creator.id } })).data;

    const noReason = await admin.api.send('POST /api/payouts/:payoutId/fail', { params: { payoutId: first.id }, body: {} });
    expect(noReason.status).toBe(400);
    expect(noReason.data).toEqual({ error: 'Tell the creator why their request is declined', code: 'DECLINE_REASON_REQUIRED' });
    expect(
      (await asCreator.api.send('POST /api/payouts/:payoutId/fail', { params: { payoutId: first.id }, body: { reason: 'mine' } })).status,
    ).toBe(403);

    const declined = await admin.api.send('POST /api/payouts/:payoutId/fail', {
      params: { payoutId: first.id },
      body: { reason: '  We need your bank details first.  ' },
    });
    expect(declined.data).toMatchObject({ status: 'failed', declineReason: 'We need your bank details first.' });
    const told = (await asCreator.api.send('GET /api/payouts/creator/:creatorId/summary', { params: { creatorId: creator.id } })).data;
    expect(told).toMatchObject({
      availableBalance: 3000,
      openRequest: null,
      lastDecision: { id: first.id, status: 'failed', declineReason: 'We need your bank details first.' },
    });

    const second = (await asCreator.api.send('POST /api/payouts/creator/:creatorId/request', { params: { creatorId: creator.id } })).data;
    expect(second.amount).toBe(3000);
    expect((await admin.api.send('POST /api/payouts/:payoutId/complete', { params: { payoutId: second.id } })).data.status).toBe(
      'completed',
    );
    const paid = (await asCreator.api.send('GET /api/payouts/creator/:creatorId/summary', { params: { creatorId: creator.id } })).data;
    expect(paid).toMatchObject({ availableBalance: 0, lastDecision: { id: second.id, status: 'completed', declineReason: null } });
    const own = (await asCreator.api.send('GET /api/commissions/creator/:creatorId', { params: { creatorId: creator.id } })).data as any[];
    expect(own.map((c) => c.status)).toEqual(['paid', 'paid']);
  });
});

describe('an admin sends a creator a link to choose their password', () => {
  const linkPath = (url: string) => {
    const u = new URL(url);
    return { path: `${u.pathname}${u.search}`, token: u.searchParams.get('token')! };
  };

  test('the link sets the password once, signs the creator in on their dashboard, and ends older sessions', async () => {
    const creator = await createCreator(system);
    const oldSession = await signInCreator(system, creator.email);
    const admin = await adminClient();

    const issued = await admin.api.send('POST /api/creators/:id/setup-link', { params: { id: creator.id } });
    expect(issued.status).toBe(201);
    expect(issued.data.url.startsWith(`${system.url}/api/creator-auth/setup?token=`)).toBe(true);
    const hours = (Date.parse(issued.data.expiresAt) - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThanOrEqual(72);
    const { path, token } = linkPath(issued.data.url);
    // The admin's list says when the unused link stops working (and nothing once it is used).
    const setupLinkOf = async () =>
      (await admin.api.call('GET /api/creator-accounts', {})).find((account) => account.id === creator.id)!.setupLinkExpiresAt;
    expect(await setupLinkOf()).toBe(issued.data.expiresAt);

    // The creator is mailed the same link, with when it stops working.
    const mail = await eventually(async () => {
      const found = system.mailbox.to(creator.email).find((m) => m.subject === 'Set up your InnerEcho creator account');
      expect(found).toBeDefined();
      return found!;
    });
    expect(mail.links[0]).toBe(issued.data.url);
    expect(mail.text).toContain('The link works once, until');

    const browser = client();
    const page = await browser.get(path);
    expect(page.status).toBe(200);
    expect(page.text).toContain('Choose your creator password');
    expect(page.headers.get('referrer-policy')).toBe('strict-origin');

    const mismatch = await browser.api.send('POST /api/creator-auth/setup', {
      form: { token, password: 'a new password 1', confirm: 'another one' },
    });
    expect(mismatch.status).toBe(400);
    expect(mismatch.text).toContain('The two passwords are not the same');
    const short = await browser.api.send('POST /api/creator-auth/setup', { form: { token, password: 'short', confirm: 'short' } });
    expect(short.status).toBe(400);
    expect(short.text).toContain('Password must be at least 8 characters');

    const set = await browser.api.send('POST /api/creator-auth/setup', {
      form: { token, password: 'my creator password', confirm: 'my creator password' },
    });
    expect(set.status).toBe(303);
    expect(set.headers.get('location')).toBe('/creator-dashboard');
    expect((await browser.api.send('GET /api/creator-auth/current', {})).data).toMatchObject({ id: creator.id, email: creator.email });
    expect(await setupLinkOf()).toBeNull();
    // The session signed in with the old password has ended.
    expect((await oldSession.api.send('GET /api/creator-auth/current', {})).status).toBe(401);
    // The new password signs in; the link does not work twice.
    const signIn = await client().api.send('POST /api/creator-auth/login', {
      body: { email: creator.email, password: 'my creator password' },
    });
    expect(signIn.status).toBe(200);
    const reused = await client().api.send('POST /api/creator-auth/setup', {
      form: { token, password: 'someone else 123', confirm: 'someone else 123' },
    });
    expect(reused.status).toBe(410);
    expect(reused.text).toContain('This link is not valid any more');
    expect((await client().get(path)).status).toBe(410);
  });

  test('a newer link replaces an unused one; a made-up token is refused', async () => {
    const creator = await createCreator(system);
    const admin = await adminClient();
    const older = linkPath((await admin.api.send('POST /api/creators/:id/setup-link', { params: { id: creator.id } })).data.url);
    const newer = linkPath((await admin.api.send('POST /api/creators/:id/setup-link', { params: { id: creator.id } })).data.url);
    expect((await client().get(older.path)).status).toBe(410);
    expect((await client().get(newer.path)).status).toBe(200);
    expect((await client().api.send('GET /api/creator-auth/setup', { query: { token: 'made-up' } })).status).toBe(410);
    expect((await client().api.send('GET /api/creator-auth/setup', {})).status).toBe(410);
    const [row] = await db().select({ hash: creators.passwordHash }).from(creators).where(eq(creators.id, creator.id));
    expect(row.hash).toMatch(/^\$argon2id\$/);
  });

  test('only an admin makes links; an unknown creator is "Creator not found"', async () => {
    const creator = await createCreator(system);
    const asCreator = await signInCreator(system, creator.email);
    const listener = client();
    await listener.signUp(uniqueEmail('listener'));
    expect((await asCreator.api.send('POST /api/creators/:id/setup-link', { params: { id: creator.id } })).status).toBe(403);
    expect((await listener.api.send('POST /api/creators/:id/setup-link', { params: { id: creator.id } })).status).toBe(403);
    const admin = await adminClient();
    const missing = await admin.api.send('POST /api/creators/:id/setup-link', { params: { id: randomUUID() } });
    expect(missing.status).toBe(404);
    expect(missing.data.error).toBe('Creator not found');
  });
});

describe('the admin reads creator accounts', () => {
  test('every account with its sign-in email and referral code, never a password hash; admins only', async () => {
    const creator = await createCreator(system, { name: 'Aaron Account' });
    const admin = await adminClient();
    const res = await admin.api.send('GET /api/creator-accounts', {});
    expect(res.status).toBe(200);
    const mine = (res.data as any[]).find((a) => a.id === creator.id);
    expect(mine).toEqual({
      id: creator.id,
      name: 'Aaron Account',
      email: creator.email,
      bio: '',
      profilePicUrl: '',
      youtubeChannel: '',
      referralCode: creator.referralCode,
      setupLinkExpiresAt: null,
    });
    expect(res.text).not.toContain('argon2');
    const listener = client();
    await listener.signUp(uniqueEmail('listener'));
    expect((await listener.api.send('GET /api/creator-accounts', {})).status).toBe(403);
    expect((await client().api.send('GET /api/creator-accounts', {})).status).toBe(401);
    expect((await (await signInCreator(system, creator.email)).api.send('GET /api/creator-accounts', {})).status).toBe(403);
  });
});
