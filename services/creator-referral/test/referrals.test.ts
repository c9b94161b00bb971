import { sql } from 'drizzle-orm';
import { startTestSystem, TestClient, uniqueEmail, type TestSystem, eventually, FakeStripe, stripeEnv } from '@innerecho/embedded';
import { createCreator, CREATOR_PASSWORD, signInCreator, StripeDriver } from './support/referral-fixtures';

jest.setTimeout(180_000);

let fake: FakeStripe;
let system: TestSystem;
let stripe: StripeDriver;
beforeAll(async () => {
  fake = await FakeStripe.start();
  system = await startTestSystem({ env: { ...process.env, ...stripeEnv(fake) } });
  stripe = new StripeDriver(system, fake);
});
afterAll(async () => {
  await system?.stop();
  await fake?.stop();
});

const client = () => new TestClient(system.url);

async function adminClient() {
  const c = client();
  const res = await c.api.send('POST /api/login', { body: system.admin });
  expect(res.status).toBe(200);
  return c;
}

const commissionsOf = async (c: TestClient, creatorId: string) =>
  (await c.api.send('GET /api/commissions/creator/:creatorId', { params: { creatorId } })).data as any[];

/** Waits until the creator's commissions settle on the expected count, then returns them. */
const commissionsBecome = (c: TestClient, creatorId: string, count: number) =>
  eventually(async () => {
    const rows = await commissionsOf(c, creatorId);
    expect(rows).toHaveLength(count);
    return rows;
  });

describe('referral links', () => {
  test('validate answers valid true only for an existing, active creator', async () => {
    const active = await createCreator(system);
    const inactive = await createCreator(system, { active: false });
    expect((await client().api.send('GET /api/referrals/validate/:code', { params: { code: active.referralCode } })).data).toEqual({
      valid: true,
    });
    expect(
      (await client().api.send('GET /api/referrals/validate/:code', { params: { code: active.referralCode.toUpperCase() } })).data,
    ).toEqual({ valid: true });
    expect((await client().api.send('GET /api/referrals/validate/:code', { params: { code: inactive.referralCode } })).data).toEqual({
      valid: false,
    });
    expect((await client().api.send('GET /api/referrals/validate/:code', { params: { code: 'nobody-has-this' } })).data).toEqual({
      valid: false,
    });
  });

  test('repeat clicks from one client address within a day count once, whatever its cookies; another address counts', async () => {
    const creator = await createCreator(system);
    const click = (c: TestClient) => c.api.send('POST /api/referrals/click', { body: { referralCode: creator.referralCode } });
    expect((await click(client())).data).toEqual({ recorded: true });
    // A fresh browser (no cookies at all) from the same address: still the same clicker.
    expect((await click(client())).data).toEqual({ recorded: false });
    expect((await click(client())).data).toEqual({ recorded: false });
    // Another client address, as the gateway forwards it to the service.
    const elsewhere = new TestClient(system.services.creatorReferral.url);
    const other = await elsewhere.api.send(
      'POST /api/referrals/click',
      { body: { referralCode: creator.referralCode } },
      { headers: { 'x-forwarded-for': '203.0.113.7' } },
    );
    expect(other.data).toEqual({ recorded: true });
    const rows = (await system.services.creatorReferral.context.db.execute(
      sql`select count(*)::int as n, bool_and(visitor_key not like '%127.0.0.1%' and visitor_key not like '%203.0.113.7%') as keyed
          from creator_referral.referral_clicks where creator_id = ${creator.id}`,
    )) as any;
    expect((rows.rows ?? rows)[0]).toEqual({ n: 2, keyed: true });
  });

  test('a click posted from another site is refused and not counted', async () => {
    const creator = await createCreator(system);
    const res = await client().api.send(
      'POST /api/referrals/click',
      { body: { referralCode: creator.referralCode } },
      { headers: { origin: 'https://clickfarm.example' } },
    );
    expect(res.status).toBe(403);
    expect(res.data.code).toBe('CROSS_SITE');
    expect((await client().api.send('POST /api/referrals/click', { body: { referralCode: creator.referralCode } })).data).toEqual({
      recorded: true,
    });
  });

  test('a click with an unknown code is refused with 404, and a missing code with 400', async () => {
    expect((await client().api.send('POST /api/referrals/click', { body: { referralCode: 'nobody-has-this' } })).status).toBe(404);
    const missing = await client().api.send('POST /api/referrals/click', { invalidBody: {} });
    expect(missing.status).toBe(400);
    expect(missing.data.error).toBe('Referral code is required');
  });
});

describe('commissions', () => {
  test('a monthly subscription with seven paid invoices yields six commissions, Month 1/6 to 6/6, at 25% of what was paid', async () => {
    const creator = await createCreator(system);
    const creatorClient = await signInCreator(system, creator.email);
    const subscriptionId = await stripe.subscribe({ plan: 'monthly', referralCode: creator.referralCode });
    for (let i = 0; i < 7; i++) await stripe.pay(subscriptionId, 999);
    const rows = await commissionsBecome(creatorClient, creator.id, 6);
    // The seventh invoice is handled after the sixth: give it time to (not) add a commission.
    await eventually(async () => {
      const n = (await system.services.creatorReferral.context.db.execute(
        sql`select count(*)::int as n from creator_referral.inbox where subject = 'billing.invoice.paid.v1'`,
      )) as any;
      expect((n.rows ?? n)[0].n).toBeGreaterThanOrEqual(8);
    });
    const settled = await commissionsOf(creatorClient, creator.id);
    expect(settled).toHaveLength(6);
    expect(settled.map((r) => r.monthNumber).sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rows.every((r) => r.amount === 250 && r.status === 'pending' && r.subscriptionPlan === 'monthly')).toBe(true);
  });

  test('a yearly subscription earns once, and its $0 trial invoice earns nothing', async () => {
    const creator = await createCreator(system);
    const creatorClient = await signInCreator(system, creator.email);
    const subscriptionId = await stripe.subscribe({ plan: 'yearly', referralCode: creator.referralCode });
    await stripe.pay(subscriptionId, 7999);
    await stripe.pay(subscriptionId, 7999);
    const rows = await commissionsBecome(creatorClient, creator.id, 1);
    expect(rows[0]).toMatchObject({ amount: 2000, monthNumber: 1, subscriptionPlan: 'yearly', status: 'pending' });
  });

  test('a checkout with an invalid referral code is not attributed to anyone', async () => {
    const creator = await createCreator(system);
    const creatorClient = await signInCreator(system, creator.email);
    const subscriptionId = await stripe.subscribe({ plan: 'monthly', referralCode: `${creator.referralCode}x` });
    await stripe.pay(subscriptionId, 999);
    const control = await stripe.subscribe({ plan: 'monthly', referralCode: creator.referralCode });
    await stripe.pay(control, 999);
    await commissionsBecome(creatorClient, creator.id, 1);
    const attributed = (await system.services.creatorReferral.context.db.execute(
      sql`select count(*)::int as n from creator_referral.attributions where subscription_id = ${subscriptionId}`,
    )) as any;
    expect((attributed.rows ?? attributed)[0].n).toBe(0);
  });

  test('a creator referring their own email earns nothing and gains no signup', async () => {
    const creator = await createCreator(system);
    const creatorClient = await signInCreator(system, creator.email);
    const own = await stripe.subscribe({ plan: 'monthly', referralCode: creator.referralCode, email: creator.email.toUpperCase() });
    await stripe.pay(own, 999);
    const other = await stripe.subscribe({ plan: 'monthly', referralCode: creator.referralCode });
    await stripe.pay(other, 999);
    const rows = await commissionsBecome(creatorClient, creator.id, 1);
    const analytics = (
      await creatorClient.api.send('GET /api/creator-analytics/:creatorId', {
        params: { creatorId: creator.id },
        query: { period: 'monthly' },
      })
    ).data;
    expect(analytics.totalSignups).toBe(1);
    expect(rows).toHaveLength(1);
  });

  test('a refund removes a pending commission, and takes a paid one back with a negative adjustment', async () => {
    const creator = await createCreator(system);
    const creatorClient = await signInCreator(system, creator.email);
    const admin = await adminClient();
    const subscriptionId = await stripe.subscribe({ plan: 'monthly', referralCode: creator.referralCode });
    const first = await stripe.pay(subscriptionId, 999);
    const second = await stripe.pay(subscriptionId, 999);
    const rows = await commissionsBecome(creatorClient, creator.id, 2);

    // Pay the first month out, then refund both invoices.
    const paidOut = rows.find((r) => r.monthNumber === 1)!;
    const payout = await admin.api.send('POST /api/payouts', { body: { creatorId: creator.id, commissionIds: [paidOut.id] } });
    expect(payout.status).toBe(201);
    expect((await admin.api.send('POST /api/payouts/:payoutId/complete', { params: { payoutId: payout.data.id } })).status).toBe(200);

    await stripe.refund(second);
    await stripe.refund(first);
    const after = await eventually(async () => {
      const list = await commissionsOf(creatorClient, creator.id);
      expect(list.map((r) => r.amount).sort()).toEqual([-250, 250]);
      return list;
    });
    expect(after.find((r) => r.amount === 250)).toMatchObject({ status: 'paid', monthNumber: 1 });
    expect(after.find((r) => r.amount === -250)).toMatchObject({ status: 'pending', adjustment: true, monthNumber: 1 });
    const analytics = (await creatorClient.api.send('GET /api/creator-analytics/:creatorId', { params: { creatorId: creator.id } })).data;
    expect(analytics).toMatchObject({ totalRevenue: 0, pendingRevenue: -250, paidRevenue: 250 });
  });
});

describe('the creator area', () => {
  test('sign-in needs both fields, trims the email and refuses a wrong password', async () => {
    const creator = await createCreator(system);
    const missing = await client().api.send('POST /api/creator-auth/login', { invalidBody: { email: creator.email } });
    expect(missing.status).toBe(400);
    expect(missing.data.error).toBe('Please enter both email and password');
    const wrong = await client().api.send('POST /api/creator-auth/login', { body: { email: creator.email, password: 'nope' } });
    expect(wrong.status).toBe(401);
    expect(wrong.data.error).toBe('Invalid email or password');

    const c = client();
    const ok = await c.api.send('POST /api/creator-auth/login', { body: { email: `  ${creator.email}  `, password: CREATOR_PASSWORD } });
    expect(ok.status).toBe(200);
    const cookie = ok.headers.getSetCookie().find((l) => l.startsWith('ie_creator_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const current = await c.api.send('GET /api/creator-auth/current', {});
    expect(current.data).toMatchObject({ id: creator.id, name: creator.name, referralCode: creator.referralCode });
    expect(current.data).not.toHaveProperty('passwordHash');

    expect((await c.api.send('POST /api/creator-auth/logout', {})).status).toBe(200);
    expect((await c.api.send('GET /api/creator-auth/current', {})).status).toBe(401);
  });

  test('sign-out ends the creator session: a copy of the old cookie gets 401', async () => {
    const creator = await createCreator(system);
    const c = await signInCreator(system, creator.email);
    const copy = client();
    copy.cookies.set('ie_creator_session', c.cookies.get('ie_creator_session')!);
    expect((await copy.api.send('GET /api/commissions/creator/:creatorId', { params: { creatorId: creator.id } })).status).toBe(200);
    expect((await c.api.send('POST /api/creator-auth/logout', {})).status).toBe(200);
    expect((await copy.api.send('GET /api/creator-auth/current', {})).status).toBe(401);
    expect((await copy.api.send('GET /api/commissions/creator/:creatorId', { params: { creatorId: creator.id } })).status).toBe(401);
  });

  test('signing out everywhere ends every session of the creator, and an admin setting a new password does too', async () => {
    const creator = await createCreator(system);
    const laptop = await signInCreator(system, creator.email);
    const phone = await signInCreator(system, creator.email);
    expect((await laptop.api.send('POST /api/creator-auth/logout-everywhere', {})).status).toBe(200);
    expect((await phone.api.send('GET /api/creator-auth/current', {})).status).toBe(401);

    const again = await signInCreator(system, creator.email);
    const admin = await adminClient();
    const reset = await admin.api.send('PUT /api/creators/:id', {
      params: { id: creator.id },
      body: { name: creator.name, password: 'a new creator password' },
    });
    expect(reset.status).toBe(200);
    expect((await again.api.send('GET /api/creator-auth/current', {})).status).toBe(401);
  });

  test('a creator sign-in posted from another site is refused and sets no cookie, as for listeners', async () => {
    const creator = await createCreator(system);
    // A form, which this sign-in does not take: sent by hand, as another site's page would.
    const res = await client().request('POST', '/api/creator-auth/login', {
      form: { email: creator.email, password: CREATOR_PASSWORD },
      headers: { origin: 'https://evil.example' },
    });
    expect(res.status).toBe(403);
    expect(res.data).toEqual({ error: 'Cross-site sign-in is not allowed', code: 'CROSS_SITE' });
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  test('an id that cannot name a creator answers 404 on every creator route, even to an admin', async () => {
    const admin = await adminClient();
    for (const creatorId of ['not-a-uuid', '00000000-0000-4000-8000-000000000000']) {
      const params = { creatorId };
      for (const res of [
        await admin.api.send('GET /api/commissions/creator/:creatorId', { params }),
        await admin.api.send('GET /api/creator-analytics/:creatorId', { params }),
        await admin.api.send('GET /api/payouts/creator/:creatorId', { params }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.data).toEqual({ error: 'Creator not found', code: 'CREATOR_NOT_FOUND' });
      }
    }
    const payout = { payoutId: 'not-a-uuid' };
    expect((await admin.api.send('POST /api/payouts/:payoutId/complete', { params: payout })).status).toBe(404);
    expect((await admin.api.send('POST /api/payouts/:payoutId/fail', { params: payout, body: {} })).status).toBe(404);
  });

  test('/api/creator-auth/session answers 200 with null when signed out and the creator when signed in', async () => {
    const visitor = await client().api.send('GET /api/creator-auth/session', {});
    expect(visitor.status).toBe(200);
    expect(visitor.data).toEqual({ creator: null });
    const creator = await createCreator(system);
    const signedIn = await signInCreator(system, creator.email);
    const session = await signedIn.api.send('GET /api/creator-auth/session', {});
    expect(session.data.creator).toMatchObject({ id: creator.id, name: creator.name });
    expect(session.data.creator).not.toHaveProperty('passwordHash');
  });

  test("creator A cannot read creator B's commissions, analytics or payouts", async () => {
    const a = await createCreator(system);
    const b = await createCreator(system);
    const asA = await signInCreator(system, a.email);
    for (const path of [`/api/commissions/creator/${b.id}`, `/api/creator-analytics/${b.id}`, `/api/payouts/creator/${b.id}`]) {
      expect((await asA.get(path)).status).toBe(403);
      expect((await client().get(path)).status).toBe(401);
    }
    const subscriber = client();
    await subscriber.signUp(uniqueEmail());
    expect((await subscriber.api.send('GET /api/commissions/creator/:creatorId', { params: { creatorId: b.id } })).status).toBe(403);
    expect((await (await adminClient()).api.send('GET /api/commissions/creator/:creatorId', { params: { creatorId: b.id } })).status).toBe(
      200,
    );
    expect((await asA.api.send('GET /api/commissions/creator/:creatorId', { params: { creatorId: a.id } })).status).toBe(200);
  });

  test('analytics count signups, active subscribers and revenue, per period', async () => {
    const creator = await createCreator(system);
    const c = await signInCreator(system, creator.email);
    const monthly = await stripe.subscribe({ plan: 'monthly', referralCode: creator.referralCode });
    await stripe.pay(monthly, 999);
    const yearly = await stripe.subscribe({ plan: 'yearly', referralCode: creator.referralCode });
    await stripe.pay(yearly, 7999);
    fake.setSubscription(yearly, { status: 'canceled' });
    await stripe.send('customer.subscription.deleted', fake.subscriptions.get(yearly));

    const analytics = await eventually(async () => {
      const res = await c.api.send('GET /api/creator-analytics/:creatorId', {
        params: { creatorId: creator.id },
        query: { period: 'daily' },
      });
      expect(res.data).toMatchObject({ totalSignups: 2, activeSubscribers: 1, totalRevenue: 2250, pendingRevenue: 2250, paidRevenue: 0 });
      return res.data;
    });
    expect(analytics.revenueByPeriod).toHaveLength(14);
    expect(analytics.revenueByPeriod.at(-1)).toEqual({ period: new Date().toISOString().slice(0, 10), amount: 2250 });
    expect(analytics.signupsByPeriod.at(-1)).toEqual({ period: new Date().toISOString().slice(0, 10), count: 2 });
    const yearlyView = (
      await c.api.send('GET /api/creator-analytics/:creatorId', { params: { creatorId: creator.id }, query: { period: 'yearly' } })
    ).data;
    expect(yearlyView.revenueByPeriod.at(-1)).toEqual({ period: String(new Date().getUTCFullYear()), amount: 2250 });
    expect(
      (await c.api.send('GET /api/creator-analytics/:creatorId', { params: { creatorId: creator.id }, invalidQuery: { period: 'hourly' } }))
        .status,
    ).toBe(400);
  });
});

describe('payouts', () => {
  test('a completed payout marks its commissions paid; a failed one returns them to pending', async () => {
    const creator = await createCreator(system);
    const c = await signInCreator(system, creator.email);
    const admin = await adminClient();
    const subscriptionId = await stripe.subscribe({ plan: 'monthly', referralCode: creator.referralCode });
    await stripe.pay(subscriptionId, 999);
    await stripe.pay(subscriptionId, 999);
    const [one, two] = await commissionsBecome(c, creator.id, 2);

    const balances = (await admin.api.send('GET /api/payouts/balances', {})).data as any[];
    expect(balances.find((b) => b.creatorId === creator.id).pendingBalance).toBe(500);
    expect((await c.api.send('GET /api/payouts/balances', {})).status).toBe(403);
    expect((await c.api.send('POST /api/payouts', { body: { creatorId: creator.id, commissionIds: [one.id] } })).status).toBe(403);
    expect((await client().api.send('GET /api/payouts/balances', {})).status).toBe(401);

    const failed = await admin.api.send('POST /api/payouts', {
      body: { creatorId: creator.id, commissionIds: [one.id], notes: 'bank rejected' },
    });
    expect(failed.data).toMatchObject({ amount: 250, status: 'pending', commissionIds: [one.id] });
    expect((await admin.api.send('POST /api/payouts', { body: { creatorId: creator.id, commissionIds: [one.id] } })).status).toBe(409);
    expect((await admin.api.send('POST /api/payouts/:payoutId/fail', { params: { payoutId: failed.data.id }, body: {} })).data.status).toBe(
      'failed',
    );
    expect((await commissionsOf(c, creator.id)).find((r) => r.id === one.id)).toMatchObject({ status: 'pending', inPayout: false });

    const done = await admin.api.send('POST /api/payouts', { body: { creatorId: creator.id, commissionIds: [one.id, two.id] } });
    expect(done.data.amount).toBe(500);
    const completed = await admin.api.send('POST /api/payouts/:payoutId/complete', { params: { payoutId: done.data.id } });
    expect(completed.data).toMatchObject({ status: 'completed', payoutDate: expect.any(String) });
    expect((await admin.api.send('POST /api/payouts/:payoutId/fail', { params: { payoutId: done.data.id }, body: {} })).status).toBe(409);
    expect((await commissionsOf(c, creator.id)).every((r) => r.status === 'paid')).toBe(true);

    const history = (await c.api.send('GET /api/payouts/creator/:creatorId', { params: { creatorId: creator.id } })).data as any[];
    expect(history.map((p) => p.status)).toEqual(['completed', 'failed']);
    expect((await admin.api.send('GET /api/payouts/balances', {})).data.find((b: any) => b.creatorId === creator.id)?.pendingBalance).toBe(
      0,
    );
  });

  test("a payout of another creator's commissions is refused", async () => {
    const a = await createCreator(system);
    const b = await createCreator(system);
    const asA = await signInCreator(system, a.email);
    const admin = await adminClient();
    const subscriptionId = await stripe.subscribe({ plan: 'yearly', referralCode: a.referralCode });
    await stripe.pay(subscriptionId, 7999);
    const [commission] = await commissionsBecome(asA, a.id, 1);
    const res = await admin.api.send('POST /api/payouts', { body: { creatorId: b.id, commissionIds: [commission.id] } });
    expect(res.status).toBe(400);
    expect((await admin.api.send('POST /api/payouts', { body: { creatorId: b.id, commissionIds: [] } })).data.error).toBe(
      'Choose at least one commission',
    );
  });
});
