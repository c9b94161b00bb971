import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '@innerecho/kit';
import type { PlanId } from '@innerecho/contracts';
import { accounts, checkoutSessions, invoices, processedWebhooks, subscriptions } from './schema';

type Conn = Db | Tx;

export type SubscriptionRecord = typeof subscriptions.$inferSelect;
export type CheckoutSessionRecord = typeof checkoutSessions.$inferSelect;
export type AccountRecord = typeof accounts.$inferSelect;
export type InvoiceRecord = typeof invoices.$inferSelect;

/** Records a provider event id; false when it was already handled. */
export async function markEventProcessed(tx: Tx, id: string, type: string): Promise<boolean> {
  const rows = await tx.insert(processedWebhooks).values({ id, type }).onConflictDoNothing().returning({ id: processedWebhooks.id });
  return rows.length > 0;
}

export async function insertAccount(tx: Conn, values: { userId: string; email: string }) {
  await tx.insert(accounts).values({ userId: values.userId, email: values.email.toLowerCase() }).onConflictDoNothing();
}

export async function findAccountByEmail(tx: Conn, email: string): Promise<AccountRecord | null> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.email, email.toLowerCase()));
  return row ? { ...row } : null;
}

export async function findAccountByUserId(tx: Conn, userId: string): Promise<AccountRecord | null> {
  const [row] = await tx.select().from(accounts).where(eq(accounts.userId, userId));
  return row ? { ...row } : null;
}

export async function setStripeCustomer(tx: Conn, userId: string, customerId: string) {
  await tx.update(accounts).set({ stripeCustomerId: customerId }).where(eq(accounts.userId, userId));
}

export async function insertCheckoutSession(tx: Conn, values: typeof checkoutSessions.$inferInsert): Promise<CheckoutSessionRecord> {
  const [row] = await tx.insert(checkoutSessions).values(values).returning();
  return { ...row };
}

export async function findCheckoutSession(tx: Conn, id: string): Promise<CheckoutSessionRecord | null> {
  const [row] = await tx.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row ? { ...row } : null;
}

/** Marks an open checkout complete; false when someone already completed it. */
export async function completeCheckoutSession(
  tx: Conn,
  id: string,
  values: { subscriptionId: string; email: string | null; status: 'complete' | 'refused' },
): Promise<boolean> {
  const rows = await tx
    .update(checkoutSessions)
    .set({ status: values.status, completedAt: new Date(), subscriptionId: values.subscriptionId, email: values.email })
    .where(and(eq(checkoutSessions.id, id), eq(checkoutSessions.status, 'open')))
    .returning({ id: checkoutSessions.id });
  return rows.length > 0;
}

export async function findSubscription(tx: Conn, id: string): Promise<SubscriptionRecord | null> {
  const [row] = await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update');
  return row ? { ...row } : null;
}

export async function findSubscriptionsOfUser(tx: Conn, userId: string): Promise<SubscriptionRecord[]> {
  const rows = await tx.select().from(subscriptions).where(eq(subscriptions.userId, userId));
  return rows.map((r) => ({ ...r }));
}

/** Subscriptions bought by a visitor with this email and not yet attached to an account. */
export async function findUnattachedByEmail(tx: Conn, email: string): Promise<SubscriptionRecord[]> {
  const rows = await tx
    .select()
    .from(subscriptions)
    .where(and(isNull(subscriptions.userId), eq(subscriptions.email, email.toLowerCase())));
  return rows.map((r) => ({ ...r }));
}

export async function insertSubscription(tx: Conn, values: typeof subscriptions.$inferInsert): Promise<SubscriptionRecord> {
  const [row] = await tx.insert(subscriptions).values(values).returning();
  return { ...row };
}

export async function updateSubscription(
  tx: Conn,
  id: string,
  values: Partial<Omit<SubscriptionRecord, 'id' | 'updatedAt'>>,
): Promise<SubscriptionRecord> {
  const [row] = await tx
    .update(subscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptions.id, id))
    .returning();
  return { ...row };
}

/** Demo subscriptions whose trial or period has ended. */
export async function findDemoSubscriptionsDue(tx: Conn, now: Date): Promise<SubscriptionRecord[]> {
  const rows = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        sql`${subscriptions.id} like 'demo_sub_%'`,
        sql`${subscriptions.status} in ('trialing', 'active')`,
        sql`${subscriptions.currentPeriodEnd} <= ${now.toISOString()}`,
      ),
    );
  return rows.map((r) => ({ ...r }));
}

/** Demo trials that turn into their first charge within `withinMs` (and are not cancelled to end with the trial). */
export async function findDemoTrialsEnding(tx: Conn, now: Date, withinMs: number): Promise<SubscriptionRecord[]> {
  const rows = await tx
    .select()
    .from(subscriptions)
    .where(
      and(
        sql`${subscriptions.id} like 'demo_sub_%'`,
        sql`${subscriptions.status} = 'trialing'`,
        sql`${subscriptions.cancelAtPeriodEnd} = false`,
        sql`${subscriptions.currentPeriodEnd} > ${now.toISOString()}`,
        sql`${subscriptions.currentPeriodEnd} <= ${new Date(now.getTime() + withinMs).toISOString()}`,
        // Not announced yet (the demo clock records each notice as the event 'demo_trial_will_end_<id>').
        sql`not exists (select 1 from ${processedWebhooks} where ${processedWebhooks.id} = 'demo_trial_will_end_' || ${subscriptions.id})`,
      ),
    );
  return rows.map((r) => ({ ...r }));
}

/** Records a paid invoice; false when it was recorded before. */
export async function insertInvoice(tx: Tx, values: typeof invoices.$inferInsert): Promise<boolean> {
  const rows = await tx.insert(invoices).values(values).onConflictDoNothing().returning({ id: invoices.id });
  return rows.length > 0;
}

export async function findInvoice(
  tx: Conn,
  by: { invoiceId?: string | null; paymentIntentId?: string | null; chargeId?: string | null },
): Promise<InvoiceRecord | null> {
  const conditions = [
    by.invoiceId ? eq(invoices.id, by.invoiceId) : null,
    by.paymentIntentId ? eq(invoices.paymentIntentId, by.paymentIntentId) : null,
    by.chargeId ? eq(invoices.chargeId, by.chargeId) : null,
  ].filter((c) => c !== null);
  for (const condition of conditions) {
    const [row] = await tx.select().from(invoices).where(condition);
    if (row) return { ...row };
  }
  return null;
}

export async function setInvoiceRefunded(tx: Conn, id: string, amountRefundedCents: number) {
  await tx.update(invoices).set({ amountRefundedCents }).where(eq(invoices.id, id));
}

export type { PlanId };

/**
 * Forgets a deleted account's email: the account row goes, and its subscriptions and
 * checkouts keep only their ids, amounts and dates (invoices name no one).
 */
export async function forgetAccountEmail(tx: Conn, userId: string) {
  await tx.update(subscriptions).set({ email: null }).where(eq(subscriptions.userId, userId));
  await tx.update(checkoutSessions).set({ email: null }).where(eq(checkoutSessions.userId, userId));
  await tx.delete(accounts).where(eq(accounts.userId, userId));
}

/** Serialises the checkouts of one buyer (by email, else account) until the transaction ends. */
export async function lockBuyer(tx: Tx, buyer: { email: string | null; userId: string | null }) {
  const key = buyer.email?.toLowerCase() ?? buyer.userId;
  if (key) await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`billing-buyer:${key}`}))`);
}
