import { eq, like } from 'drizzle-orm';
import { billingTables } from '@innerecho/billing';
import { eventually, PrivateNats, startTestSystem, TestClient, uniqueEmail, type TestSystem } from '../src';

jest.setTimeout(180_000);

/**
 * The system's events go through a NATS server of this test's own, which it stops while
 * users keep signing up and then restarts: every registration still reaches billing,
 * exactly once.
 */
let nats: PrivateNats;
let system: TestSystem;

/** Accounts billing learnt of for this test's users (the seeded admin registers too). */
const accountsInBilling = async () =>
  (await system.services.billing.context.db.select().from(billingTables.accounts).where(like(billingTables.accounts.email, 'nats.%')))
    .length;
const allAccounts = async () => (await system.services.billing.context.db.select().from(billingTables.accounts)).length;
const handledByBilling = async () =>
  (
    await system.services.billing.context.db
      .select()
      .from(billingTables.inbox)
      .where(eq(billingTables.inbox.subject, 'identity.user.registered.v1'))
  ).length;

beforeAll(async () => {
  nats = await PrivateNats.onFreePort();
  await nats.start();
  system = await startTestSystem({ natsUrl: nats.url });
});

afterAll(async () => {
  await nats?.start().catch(() => undefined); // so the system can clean its streams
  await system?.stop();
  await nats?.remove();
});

test('with NATS stopped and restarted mid-flow, every event still arrives, once', async () => {
  const signUp = () => new TestClient(system.url).signUp(uniqueEmail('nats'));

  for (let i = 0; i < 3; i++) await signUp();
  await eventually(async () => expect(await accountsInBilling()).toBe(3), 150, 200);

  await nats.stop();
  // Sign-up does not depend on the broker: the events wait in identity's outbox.
  for (let i = 0; i < 3; i++) await signUp();
  expect(await accountsInBilling()).toBe(3);

  await nats.start();
  await eventually(async () => expect(await accountsInBilling()).toBe(6), 450, 200);
  // Each handled event made exactly one account: nothing was applied twice.
  expect(await handledByBilling()).toBe(await allAccounts());
});
