import { eq, sql } from 'drizzle-orm';
import {
  newSessionId,
  startTestSystem,
  TestClient,
  uniqueEmail,
  type TestSystem,
  eventually,
  FakeStripe,
  FAKE_PRICES,
  signedWebhook,
  stripeEnv,
} from '@innerecho/embedded';
import { billingTables } from '@innerecho/billing';

jest.setTimeout(120_000);

let fake: FakeStripe;
let system: TestSystem;
beforeAll(async () => {
  fake = await FakeStripe.start();
  system = await startTestSystem({ env: { ...process.env, ...stripeEnv(fake) } });
});
afterAll(async () => {
  await system?.stop();
  await fake?.stop();
});

const client = () => new TestClient(system.url);
const billingDb = () => system.services.billing.context.db;

async function sendWebhook(event: ReturnType<FakeStripe['event']>) {
  const { payload, header } = signedWebhook(event);
  return client().api.send(
    'POST /api/billing/webhook',
    { bytes: payload },
    { headers: { 'content-type': 'application/json', 'stripe-signature': header } },
  );
}

async function statusOf(c: TestClient) {
  const me = await c.api.send('GET /api/auth/user', {});
  return me.data.subscriptionStatus as string;
}

/** Up to 30 s: the change goes billing → events → identity, which a machine busy with other test files can hold up. */
const becomes = (c: TestClient, expected: string) =>
  eventually(async () => {
    expect(await statusOf(c)).toBe(expected);
  }, 300);

/** A visitor's or user's checkout through the API, completed at the fake Stripe. */
async function checkout(c: TestClient, plan: 'monthly' | 'yearly', email: string, referralCode?: string) {
  const res = await c.api.send('POST /api/create-checkout-session', { body: { plan, ...(referralCode ? { referralCode } : {}) } });
  expect(res.status).toBe(200);
  const sessionId = [...fake.checkoutSessions.values()].at(-1).id as string;
  const done = fake.completeCheckout(sessionId, email);
  return { url: res.data.url as string, ...done };
}

async function countOutbox(subject: string, like: string) {
  const rows = (await billingDb().execute(
    sql`select count(*)::int as n from billing.outbox where subject = ${subject} and envelope::text like ${`%${like}%`}`,
  )) as any;
  return (rows.rows ?? rows)[0].n as number;
}

describe('checkout with Stripe', () => {
  test('a visitor gets a Stripe Checkout url for a subscription with a 3-day trial and the plan and code in metadata', async () => {
    const res = await client().api.send('POST /api/create-checkout-session', { body: { plan: 'yearly', referralCode: ' MayaCalm ' } });
    expect(res.status).toBe(200);
    expect(res.data.url).toMatch(/^https:\/\/checkout\.stripe\.test\//);
    const session = [...fake.checkoutSessions.values()].at(-1);
    expect(session.mode).toBe('subscription');
    expect(session.line_items_params[0]).toEqual({ price: FAKE_PRICES.yearly, quantity: '1' });
    expect(session.subscription_data.trial_period_days).toBe('3');
    expect(session.metadata).toEqual({ plan: 'yearly', referralCode: 'mayacalm' });
    expect(session.client_reference_id).toBeNull();
    // Back through billing first, which sends the buyer on to /success?session_id=….
    expect(session.success_url).toMatch(/\/api\/billing\/checkout-return\?session_id=\{CHECKOUT_SESSION_ID\}$/);
  });

  test('a signed-in user checkout carries their id as client_reference_id', async () => {
    const c = client();
    const user = await c.signUp(uniqueEmail());
    await c.api.send('POST /api/create-checkout-session', { body: { plan: 'monthly' } });
    const session = [...fake.checkoutSessions.values()].at(-1);
    expect(session.client_reference_id).toBe(user.id);
    expect(session.customer_email).toBe(user.email);
  });

  test('an unknown plan is refused with 400 and says which plans exist', async () => {
    const res = await client().api.send('POST /api/create-checkout-session', { invalidBody: { plan: 'weekly' } });
    expect(res.status).toBe(400);
    expect(res.data.error).toBe('Choose the monthly or yearly plan');
  });
});

describe('webhooks', () => {
  test('a payload with a bad signature is refused with 400 and changes nothing', async () => {
    const c = client();
    const email = uniqueEmail();
    await c.signUp(email);
    const { session } = await checkout(c, 'monthly', email);
    const event = fake.event('checkout.session.completed', session);
    const { payload } = signedWebhook(event, 'whsec_someone_else');
    const forged = Stripe_header(payload);
    const res = await client().api.send(
      'POST /api/billing/webhook',
      { bytes: payload },
      { headers: { 'content-type': 'application/json', 'stripe-signature': forged } },
    );
    expect(res.status).toBe(400);
    expect(res.data.code).toBe('BAD_SIGNATURE');
    const unsigned = await client().api.send(
      'POST /api/billing/webhook',
      { bytes: payload },
      { headers: { 'content-type': 'application/json' } },
    );
    expect(unsigned.status).toBe(400);
    expect(await statusOf(c)).toBe('inactive');
    const [processed] = await billingDb()
      .select()
      .from(billingTables.processedWebhooks)
      .where(eq(billingTables.processedWebhooks.id, event.id));
    expect(processed).toBeUndefined();
  });

  test('a signed-in checkout completes: the user is active, attached by client_reference_id', async () => {
    const c = client();
    await c.signUp(uniqueEmail());
    // Stripe lets the buyer type another email: the account still comes from client_reference_id.
    const { session } = await checkout(c, 'monthly', uniqueEmail('other'));
    expect((await sendWebhook(fake.event('checkout.session.completed', session))).status).toBe(200);
    await becomes(c, 'active');
  });

  test('when the same invoice.paid event arrives twice, one invoice event is published', async () => {
    const c = client();
    const email = uniqueEmail();
    await c.signUp(email);
    const { session, subscription } = await checkout(c, 'monthly', email);
    await sendWebhook(fake.event('checkout.session.completed', session));
    const invoice = fake.invoice(subscription.id, 999);
    const event = fake.event('invoice.paid', invoice);
    const first = await sendWebhook(event);
    const second = await sendWebhook(event);
    expect(first.data).toEqual({ received: true, duplicate: false });
    expect(second.data).toEqual({ received: true, duplicate: true });
    // A different event about the same invoice (Stripe may send one) is also one effect.
    await sendWebhook(fake.event('invoice.paid', invoice));
    expect(await countOutbox('billing.invoice.paid.v1', invoice.id)).toBe(1);
  });

  test('a subscription update arriving before the checkout completion ends in the same state', async () => {
    const inOrder = client();
    const outOfOrder = client();
    const emailA = uniqueEmail();
    const emailB = uniqueEmail();
    await inOrder.signUp(emailA);
    await outOfOrder.signUp(emailB);

    const a = await checkout(inOrder, 'yearly', emailA);
    const b = await checkout(outOfOrder, 'yearly', emailB);
    const end = Math.floor(Date.now() / 1000) + 365 * 86400;
    for (const sub of [a.subscription, b.subscription]) fake.setSubscription(sub.id, { status: 'active', current_period_end: end });

    await sendWebhook(fake.event('checkout.session.completed', a.session));
    await sendWebhook(fake.event('customer.subscription.updated', a.subscription));
    await sendWebhook(fake.event('customer.subscription.updated', b.subscription));
    await sendWebhook(fake.event('checkout.session.completed', b.session));

    await becomes(inOrder, 'active');
    await becomes(outOfOrder, 'active');
    const rows = await billingDb().select().from(billingTables.subscriptions);
    const pick = (id: string) => {
      const row = rows.find((r) => r.id === id)!;
      return {
        plan: row.plan,
        status: row.status,
        end: row.currentPeriodEnd?.getTime(),
        attached: Boolean(row.userId),
        cancel: row.cancelAtPeriodEnd,
      };
    };
    expect(pick(b.subscription.id)).toEqual(pick(a.subscription.id));
    expect(pick(a.subscription.id)).toEqual({ plan: 'yearly', status: 'active', end: end * 1000, attached: true, cancel: false });
  });

  test('a visitor checkout attaches to the account that signs up with the checkout email', async () => {
    const email = uniqueEmail('visitor');
    const visitor = client();
    const { session } = await checkout(visitor, 'monthly', email);
    await sendWebhook(fake.event('checkout.session.completed', session));

    const c = client();
    await c.signUp(email);
    await becomes(c, 'active');
  });

  test('a visitor checkout with the email of an existing account attaches to it at once', async () => {
    const email = uniqueEmail('existing');
    const owner = client();
    await owner.signUp(email);
    const { session } = await checkout(client(), 'monthly', email.toUpperCase());
    await sendWebhook(fake.event('checkout.session.completed', session));
    await becomes(owner, 'active');
  });

  test('a visitor checkout paid with the email of a subscribed account is cancelled at once, and the visitor is sent to sign in', async () => {
    const email = uniqueEmail('subscribed');
    const owner = client();
    await owner.signUp(email);
    const first = await checkout(owner, 'monthly', email);
    await sendWebhook(fake.event('checkout.session.completed', first.session));
    await becomes(owner, 'active');

    // The same person, signed out, buys again with the same email.
    const second = await checkout(client(), 'yearly', email);
    const back = await client().api.send('GET /api/billing/checkout-return', { query: { session_id: second.session.id } });
    expect(back.status).toBe(409);
    expect(back.text).toContain(
      'This email already has an active subscription, so the new one was cancelled at once and nothing will be charged.',
    );
    expect(back.text).toContain('href="/api/login?mode=signin&amp;returnTo=%2Faffirmations"');
    expect(fake.subscriptions.get(second.subscription.id)!.status).toBe('canceled');

    // Stripe's webhook arrives too (it may come first): the refusal holds, nothing is attached as active.
    expect((await sendWebhook(fake.event('checkout.session.completed', second.session))).status).toBe(200);
    const [checkoutRow] = await billingDb()
      .select()
      .from(billingTables.checkoutSessions)
      .where(eq(billingTables.checkoutSessions.id, second.session.id));
    expect(checkoutRow.status).toBe('refused');
    const [refusedRow] = await billingDb()
      .select()
      .from(billingTables.subscriptions)
      .where(eq(billingTables.subscriptions.id, second.subscription.id));
    expect(refusedRow.status).toBe('canceled');
    const active = (await billingDb().select().from(billingTables.subscriptions)).filter(
      (s) => s.email === email && (s.status === 'active' || s.status === 'trialing'),
    );
    expect(active.map((s) => s.id)).toEqual([first.subscription.id]);
    expect(await statusOf(owner)).toBe('active');
  });

  test('when only the webhook arrives, a second subscription is still cancelled at Stripe', async () => {
    const email = uniqueEmail('webhook-only');
    const owner = client();
    await owner.signUp(email);
    const first = await checkout(owner, 'monthly', email);
    await sendWebhook(fake.event('checkout.session.completed', first.session));
    const second = await checkout(client(), 'monthly', email);
    await sendWebhook(fake.event('checkout.session.completed', second.session));
    expect(fake.subscriptions.get(second.subscription.id)!.status).toBe('canceled');
    expect(fake.subscriptions.get(first.subscription.id)!.status).toBe('trialing');
  });

  test("a first subscription's buyer returning from Stripe goes on to /success", async () => {
    const { session } = await checkout(client(), 'monthly', uniqueEmail('first'));
    const back = await client().api.send('GET /api/billing/checkout-return', { query: { session_id: session.id } });
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`/success?session_id=${session.id}`);
    expect(
      (await client().api.send('GET /api/billing/checkout-return', { query: { session_id: 'cs_unknown' } })).headers.get('location'),
    ).toBe('/#pricing');
  });

  test('cancelling in the customer portal keeps access until the period ends, then ends it', async () => {
    const c = client();
    const email = uniqueEmail();
    await c.signUp(email);
    expect((await c.api.send('POST /api/billing/portal', {})).status).toBe(404);
    const { session, subscription } = await checkout(c, 'monthly', email);
    await sendWebhook(fake.event('checkout.session.completed', session));
    await becomes(c, 'active');

    const portal = await c.api.send('POST /api/billing/portal', {});
    expect(portal.status).toBe(200);
    expect(portal.data.url).toMatch(/^https:\/\/billing\.stripe\.test\//);

    fake.setSubscription(subscription.id, { cancel_at_period_end: true });
    await sendWebhook(fake.event('customer.subscription.updated', subscription));
    await eventually(async () => {
      const [row] = await billingDb().select().from(billingTables.subscriptions).where(eq(billingTables.subscriptions.id, subscription.id));
      expect(row.cancelAtPeriodEnd).toBe(true);
    });
    expect(await statusOf(c)).toBe('active');

    fake.setSubscription(subscription.id, { status: 'canceled' });
    await sendWebhook(fake.event('customer.subscription.deleted', subscription));
    await becomes(c, 'inactive');
  });

  test('the portal needs a signed-in user', async () => {
    expect((await client().api.send('POST /api/billing/portal', {})).status).toBe(401);
  });
});

describe('entitlement', () => {
  test('cloning a voice and generating audio are refused with 402 SUBSCRIPTION_REQUIRED until the checkout completes', async () => {
    const c = client();
    const email = uniqueEmail();
    await c.signUp(email);
    const sessionId = newSessionId();
    const refused = await c.api.send('POST /api/voice-profile/clone', { body: { sessionId, uploadURL: '/nowhere' } });
    expect(refused.status).toBe(402);
    expect(refused.data.code).toBe('SUBSCRIPTION_REQUIRED');
    const generation = { sessionId, voiceSpeed: '1.0', audioDuration: '180', transcriptId: '00000000-0000-4000-8000-000000000000' };
    const refusedGeneration = await c.api.send('POST /api/generate-audio', { body: generation });
    expect(refusedGeneration.status).toBe(402);
    expect(refusedGeneration.data?.code).toBe('SUBSCRIPTION_REQUIRED');

    const { session } = await checkout(c, 'monthly', email);
    await sendWebhook(fake.event('checkout.session.completed', session));
    await becomes(c, 'active');
    const allowed = await c.api.send('POST /api/voice-profile/clone', { body: { sessionId, uploadURL: '/nowhere' } });
    expect(allowed.status).not.toBe(402);
    expect((await c.api.send('POST /api/generate-audio', { body: generation })).status).not.toBe(402);
  });
});

/** A header signed with the wrong secret. */
function Stripe_header(payload: string) {
  const { header } = signedWebhook(JSON.parse(payload), 'whsec_wrong_secret');
  return header;
}
