import { sql } from 'drizzle-orm';
import { startTestSystem, TestClient, uniqueEmail, type TestSystem, eventually } from '@innerecho/embedded';
import { runDemoBillingClock } from '@innerecho/billing';

jest.setTimeout(120_000);

let system: TestSystem;
beforeAll(async () => {
  const env = { ...process.env };
  delete env.STRIPE_SECRET_KEY;
  system = await startTestSystem({ env });
});
afterAll(() => system?.stop());

const client = () => new TestClient(system.url);
const becomes = (c: TestClient, expected: string) =>
  eventually(async () => expect((await c.api.send('GET /api/auth/user', {})).data.subscriptionStatus).toBe(expected));

async function demoCheckout(c: TestClient, plan: 'monthly' | 'yearly', referralCode?: string) {
  const res = await c.api.send('POST /api/create-checkout-session', { body: { plan, referralCode } });
  expect(res.status).toBe(200);
  expect(res.data.url).toMatch(/^\/api\/billing\/demo-checkout\/demo_cs_/);
  return res.data.url as string;
}

describe('the demo checkout (no Stripe key)', () => {
  test('is a clearly labelled page that asks a visitor for the email to attach the subscription to', async () => {
    const url = await demoCheckout(client(), 'yearly');
    const page = await client().get(url);
    expect(page.status).toBe(200);
    expect(page.text).toContain('This is a demo checkout; no card is charged.');
    // Operator detail (keys, configuration) is for the README and the logs, not for listeners.
    expect(page.text).not.toMatch(/stripe|secret|key/i);
    expect(page.text).toContain('$79.99 per year');
    expect(page.headers.get('content-security-policy')).toMatch(/^default-src 'none'; script-src 'nonce-[^']+'/);
    // The tab icon is inline: the page asks for no /favicon.ico (which this site does not have).
    expect(page.text).toContain('<link rel="icon" href="data:image/svg+xml,');
    const fonts = [...page.text.matchAll(/url\((\/page-assets\/[^)]+)\)/g)].map((m) => m[1]);
    expect(fonts).toHaveLength(2);
    for (const font of fonts) expect((await client().get(font)).status).toBe(200);
    expect(page.text).toContain('name="email"');

    const missing = await client().request('POST', `${url}/complete`, { form: { email: 'nope' } });
    expect(missing.status).toBe(400);
    expect(missing.text).toContain('Enter a valid email address');
  });

  test('completing it goes to /success with the session id, and the account signing up with that email is active', async () => {
    const email = uniqueEmail('demo');
    const url = await demoCheckout(client(), 'monthly');
    const done = await client().request('POST', `${url}/complete`, { form: { email } });
    expect(done.status).toBe(303);
    const id = url.split('/').at(-1)!;
    expect(done.headers.get('location')).toBe(`/success?session_id=${id}`);
    // Completing twice (a double submit) changes nothing.
    expect((await client().request('POST', `${url}/complete`, { form: { email } })).status).toBe(303);
    expect((await client().get(url)).headers.get('location')).toBe(`/success?session_id=${id}`);

    const c = client();
    await c.signUp(email);
    await becomes(c, 'active');
    const subs = (
      (await system.services.billing.context.db.execute(
        sql`select count(*)::int as n from billing.subscriptions where email = ${email}`,
      )) as any
    ).rows;
    expect(subs[0].n).toBe(1);
  });

  test('/success learns whether its checkout really finished, and only the browser that started it or the account that bought it is told', async () => {
    const status = async (c: TestClient, id: string) => {
      const res = await c.api.send('GET /api/billing/checkout-status/:checkoutId', { params: { checkoutId: id } });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
      return res.data;
    };
    const unknown = { status: 'unknown', plan: null };
    const starter = client();
    const url = await demoCheckout(starter, 'yearly');
    const id = url.split('/').at(-1)!;
    // Opened but never paid: nothing to welcome anyone to.
    expect(await status(starter, id)).toEqual(unknown);
    expect(await status(starter, 'demo_cs_madeup')).toEqual(unknown);
    expect(await status(starter, '../../etc')).toEqual(unknown);

    const email = uniqueEmail('finished');
    await starter.request('POST', `${url}/complete`, { form: { email } });
    expect(await status(starter, id)).toEqual({ status: 'complete', plan: 'yearly' });
    // Anyone else holding the id (a link passed on, a browser history) learns nothing, as for an unknown id.
    expect(await status(client(), id)).toEqual(unknown);
    const buyer = client();
    await buyer.signUp(email);
    expect(await status(buyer, id)).toEqual({ status: 'complete', plan: 'yearly' });
    // Someone else signed in is told nothing about it.
    const stranger = client();
    await stranger.signUp(uniqueEmail('stranger'));
    expect(await status(stranger, id)).toEqual(unknown);
  });

  test('a visitor checkout with the email of an account that already has an active subscription is refused, pointing to sign in', async () => {
    const email = uniqueEmail('subscribed');
    const owner = client();
    await owner.signUp(email);
    const own = await demoCheckout(owner, 'monthly');
    await owner.request('POST', `${own}/complete`, { form: {} });
    await becomes(owner, 'active');

    const url = await demoCheckout(client(), 'yearly');
    const refused = await client().request('POST', `${url}/complete`, { form: { email: email.toUpperCase() } });
    expect(refused.status).toBe(409);
    expect(refused.text).toContain('This email already has an active subscription, so this checkout was not started.');
    expect(refused.text).toContain('<a href="/api/login?mode=signin&amp;returnTo=%2Faffirmations">Sign in</a>');
    const page = await owner.api.send('GET /api/billing/demo-portal', {});
    expect(page.text.match(/class="summary"/g)).toHaveLength(1);
  });

  test('a visitor buying twice with the same email before signing up gets one subscription', async () => {
    const email = uniqueEmail('twice');
    const first = await demoCheckout(client(), 'monthly');
    expect((await client().request('POST', `${first}/complete`, { form: { email } })).status).toBe(303);
    const second = await demoCheckout(client(), 'monthly');
    expect((await client().request('POST', `${second}/complete`, { form: { email } })).status).toBe(409);
    const subs = (
      (await system.services.billing.context.db.execute(
        sql`select count(*)::int as n from billing.subscriptions where email = ${email}`,
      )) as any
    ).rows;
    expect(subs[0].n).toBe(1);
  });

  test('drives the same events as Stripe: the trial invoice of $0, and the first payment when simulated', async () => {
    const email = uniqueEmail('demo');
    const url = await demoCheckout(client(), 'monthly', 'somecode');
    await client().request('POST', `${url}/complete`, { form: { email, simulateFirstPayment: 'on' } });
    const rows = (
      (await system.services.billing.context.db.execute(
        sql`select envelope from billing.outbox where subject = 'billing.invoice.paid.v1' and envelope::text like ${`%${email}%`}`,
      )) as any
    ).rows.map((r: any) => r.envelope.payload);
    expect(rows.map((p: any) => p.amountPaidCents).sort((a: number, b: number) => a - b)).toEqual([0, 999]);
    expect(rows.every((p: any) => p.referralCode === 'somecode' && p.plan === 'monthly')).toBe(true);
  });

  test('a signed-in buyer is attached at once and can cancel in the demo portal, keeping access until the period ends', async () => {
    const c = client();
    const email = uniqueEmail('demo');
    await c.signUp(email);
    expect((await c.api.send('POST /api/billing/portal', {})).status).toBe(404);
    const url = await demoCheckout(c, 'monthly');
    expect((await c.get(url)).text).toContain(email);
    await c.request('POST', `${url}/complete`, { form: {} });
    await becomes(c, 'active');

    const again = await c.api.send('POST /api/create-checkout-session', { body: { plan: 'yearly' } });
    expect(again.status).toBe(409);
    expect(again.data.error).toBe('You already have an active subscription. Use Manage subscription to change your plan.');

    const portal = await c.api.send('POST /api/billing/portal', {});
    expect(portal.data).toEqual({ url: '/api/billing/demo-portal' });
    const page = await c.api.send('GET /api/billing/demo-portal', {});
    expect(page.text).toContain('This is a demo of subscription management; no card is charged.');
    expect(page.text).toContain('Cancel subscription');
    const subscriptionId = page.text.match(/demo-portal\/(demo_sub_[^/]+)\/cancel/)![1];

    // Someone else cannot cancel it, nor can a cross-site form.
    const other = client();
    await other.signUp(uniqueEmail());
    expect(
      (
        await other.api.send('POST /api/billing/demo-portal/:subscriptionId/:action', {
          params: { subscriptionId, action: 'cancel' },
          form: {},
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await c.api.send(
          'POST /api/billing/demo-portal/:subscriptionId/:action',
          { params: { subscriptionId, action: 'cancel' }, form: {} },
          { headers: { origin: 'https://evil.example' } },
        )
      ).status,
    ).toBe(403);

    expect(
      (
        await c.api.send('POST /api/billing/demo-portal/:subscriptionId/:action', {
          params: { subscriptionId, action: 'cancel' },
          form: {},
        })
      ).status,
    ).toBe(303);
    await eventually(async () => expect((await c.api.send('GET /api/billing/demo-portal', {})).text).toContain('Keep my subscription'));
    expect((await c.api.send('GET /api/auth/user', {})).data.subscriptionStatus).toBe('active');

    await runDemoBillingClock(system.services.billing.context, new Date(Date.now() + 4 * 86_400_000));
    await becomes(c, 'inactive');
  });

  test('when the trial ends and nobody cancelled, the demo renews and charges the plan price', async () => {
    const email = uniqueEmail('demo');
    const url = await demoCheckout(client(), 'yearly');
    await client().request('POST', `${url}/complete`, { form: { email } });
    await runDemoBillingClock(system.services.billing.context, new Date(Date.now() + 4 * 86_400_000));
    const rows = (
      (await system.services.billing.context.db.execute(
        sql`select envelope from billing.outbox where subject = 'billing.invoice.paid.v1' and envelope::text like ${`%${email}%`}`,
      )) as any
    ).rows.map((r: any) => r.envelope.payload.amountPaidCents);
    expect(rows.sort((a: number, b: number) => a - b)).toEqual([0, 7999]);
  });

  test('the Stripe webhook endpoint does not exist without Stripe', async () => {
    expect((await client().api.send('POST /api/billing/webhook', { body: {} })).status).toBe(404);
  });
});
