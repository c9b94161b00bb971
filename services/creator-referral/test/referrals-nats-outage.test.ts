import { sql } from 'drizzle-orm';
import { startTestSystem, type TestSystem, eventually, FakeStripe, PrivateNats, stripeEnv } from '@innerecho/embedded';
import { createCreator, signInCreator, StripeDriver } from './support/referral-fixtures';

jest.setTimeout(180_000);

let nats: PrivateNats;
let fake: FakeStripe;
let system: TestSystem;
beforeAll(async () => {
  // A NATS server of this test's own, so it can be stopped without disturbing anyone else on the shared one.
  nats = await PrivateNats.onFreePort();
  await nats.start();
  fake = await FakeStripe.start();
  system = await startTestSystem({ natsUrl: nats.url, env: { ...process.env, ...stripeEnv(fake) } });
});
afterAll(async () => {
  await nats?.start().catch(() => undefined); // the system's cleanup removes its streams
  await system?.stop();
  await fake?.stop();
  await nats?.remove();
});

test('with NATS stopped between billing and creator-referral and restarted, the commission appears exactly once', async () => {
  const stripe = new StripeDriver(system, fake);
  const creator = await createCreator(system);
  const asCreator = await signInCreator(system, creator.email);
  const subscriptionId = await stripe.subscribe({ plan: 'monthly', referralCode: creator.referralCode });
  await stripe.pay(subscriptionId, 999);
  await eventually(async () =>
    expect((await asCreator.api.send('GET /api/commissions/creator/:creatorId', { params: { creatorId: creator.id } })).data).toHaveLength(
      1,
    ),
  );

  await nats.stop();
  // Billing stays ready (a readiness probe would otherwise pull every instance on a NATS blip);
  // /health and the metrics say NATS is away.
  const billingUrl = system.services.billing.url;
  await eventually(async () => {
    expect(await (await fetch(`${billingUrl}/health`)).json()).toMatchObject({ status: 'ok', details: { events: 'unavailable' } });
  });
  expect((await fetch(`${billingUrl}/ready`)).status).toBe(200);
  expect(await (await fetch(`${system.gateway.metricsUrl}/metrics`)).text()).toMatch(
    /innerecho_dependency_up\{dependency="events",service="billing"\} 0/,
  );
  // Billing still takes the payment: the event waits in its outbox.
  const invoice = await stripe.pay(subscriptionId, 999);
  const billingDb = system.services.billing.context.db;
  const pending = (await billingDb.execute(
    sql`select count(*)::int as n from billing.outbox where published_at is null and envelope::text like ${`%${invoice.id}%`}`,
  )) as any;
  expect((pending.rows ?? pending)[0].n).toBe(1);

  await nats.start();
  await eventually(async () => {
    expect(await (await fetch(`${billingUrl}/health`)).json()).toMatchObject({ details: { events: 'ok' } });
  });
  const rows = await eventually(async () => {
    const list = (await asCreator.api.send('GET /api/commissions/creator/:creatorId', { params: { creatorId: creator.id } })).data as any[];
    expect(list).toHaveLength(2);
    return list;
  }, 300);
  expect(rows.map((r) => r.monthNumber).sort()).toEqual([1, 2]);

  // Exactly once: one commission row for the invoice, whatever was redelivered around the outage.
  const [once] = (
    (await system.services.creatorReferral.context.db.execute(
      sql`select count(*)::int as n from creator_referral.commissions where invoice_id = ${invoice.id}`,
    )) as any
  ).rows;
  expect(once.n).toBe(1);
  expect((await asCreator.api.send('GET /api/commissions/creator/:creatorId', { params: { creatorId: creator.id } })).data).toHaveLength(2);
});
