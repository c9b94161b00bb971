import { randomBytes, randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { EventPayload, InvoicePaidV1, SubscriptionChangedV1 } from '@innerecho/contracts';
import { eventually, startTestSystem, uniqueEmail, type TestSystem } from '@innerecho/embedded';
import type { EventContext } from '@innerecho/kit';
import { applySubscriptionChange, earnCommission } from '../src/domain/commissions';
import { attributions, commissions, creators } from '../src/data-access/schema';

jest.setTimeout(120_000);

/**
 * Two instances of creator-referral can handle a new subscription's two events (its change and
 * its first paid invoice) at the same moment. That takes two connections at once, so this file
 * runs on PostgreSQL, never on PGlite.
 */
let system: TestSystem;
beforeAll(async () => {
  system = await startTestSystem({ requirePostgres: true, env: { ...process.env, STARTER_CONTENT: 'off' } });
});
afterAll(() => system?.stop());

const service = () => system.services.creatorReferral.context;
const eventContext = (tx: EventContext['tx']): EventContext => ({
  tx,
  logger: service().logger,
  envelope: { requestId: randomUUID() } as EventContext['envelope'],
});

/** Resolves once some connection is waiting for a row lock (the second insert of one key). */
const someoneWaitsForALock = () =>
  eventually(
    async () => {
      const result = await service().db.execute(
        sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
      );
      expect((result as unknown as { rows: { n: number }[] }).rows[0]!.n).toBeGreaterThan(0);
    },
    200,
    50,
  );

test('a subscription change and its first paid invoice handled at the same moment: one attribution, and the commission is earned', async () => {
  const referralCode = `race${randomBytes(3).toString('hex')}`;
  const [creator] = await service()
    .db.insert(creators)
    .values({ name: 'Rae Creator', email: uniqueEmail('rae'), passwordHash: 'not used here', referralCode })
    .returning();
  const facts = { subscriptionId: `sub_race_${randomUUID()}`, userId: randomUUID(), email: uniqueEmail('buyer'), plan: 'monthly' as const };
  const changed: EventPayload<typeof SubscriptionChangedV1> = {
    ...facts,
    referralCode,
    status: 'active',
    entitled: true,
    currentPeriodEnd: null,
    version: 1,
  };
  const paid: EventPayload<typeof InvoicePaidV1> = {
    ...facts,
    referralCode,
    invoiceId: `in_race_${randomUUID()}`,
    amountPaidCents: 999,
    paidAt: new Date().toISOString(),
  };

  // The change's transaction makes the attribution and stays open; the invoice's transaction
  // then finds none yet and must wait on the same key; the change commits, the invoice goes on.
  let commitChange!: () => void;
  const changeHeld = new Promise<void>((resolve) => (commitChange = resolve));
  let changeApplied!: () => void;
  const changeInserted = new Promise<void>((resolve) => (changeApplied = resolve));
  const change = service().db.transaction(async (tx) => {
    await applySubscriptionChange(changed, eventContext(tx));
    changeApplied();
    await changeHeld;
  });
  await changeInserted;
  const invoice = service().db.transaction((tx) => earnCommission(service(), paid, eventContext(tx)));
  await someoneWaitsForALock();
  commitChange();
  await Promise.all([change, invoice]);

  const made = await service().db.select().from(attributions).where(eq(attributions.subscriptionId, facts.subscriptionId));
  expect(made.map((a) => [a.creatorId, a.version])).toEqual([[creator!.id, 1]]);
  const earned = await service().db.select().from(commissions).where(eq(commissions.subscriptionId, facts.subscriptionId));
  expect(earned.map((c) => [c.creatorId, c.invoiceId, c.monthNumber])).toEqual([[creator!.id, paid.invoiceId, 1]]);
});
