import { and, desc, eq, gte, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import type { CreatorAccountView } from '@innerecho/contracts';
import type { Db, Tx } from '@innerecho/kit';
import { attributions, commissions, creators, payouts, referralClicks } from './schema';

type Conn = Db | Tx;

export type CreatorRecord = typeof creators.$inferSelect;
export type AttributionRecord = typeof attributions.$inferSelect;
export type CommissionRecord = typeof commissions.$inferSelect;
export type PayoutRecord = typeof payouts.$inferSelect;

/** A creator account as the admin and the creator see it: never the password hash. */
const accountColumns = {
  id: creators.id,
  name: creators.name,
  email: creators.email,
  bio: creators.bio,
  profilePicUrl: creators.profilePicUrl,
  youtubeChannel: creators.youtubeChannel,
  referralCode: creators.referralCode,
};

/** Whether any creator account exists at all. */
export async function anyCreators(tx: Conn): Promise<boolean> {
  return (await tx.select({ id: creators.id }).from(creators).limit(1)).length > 0;
}

export async function insertCreatorAccount(
  tx: Conn,
  values: Omit<CreatorAccountView, 'id'> & { id?: string; passwordHash: string },
): Promise<CreatorAccountView> {
  const [row] = await tx.insert(creators).values(values).returning(accountColumns);
  return { ...row };
}

/** The profile (and, when given, a new password hash); null when there is no such creator. */
export async function updateCreatorAccount(
  tx: Conn,
  id: string,
  values: Pick<CreatorAccountView, 'name' | 'bio' | 'profilePicUrl' | 'youtubeChannel'>,
  passwordHash?: string,
): Promise<CreatorAccountView | null> {
  const [row] = await tx
    .update(creators)
    .set({ ...values, ...(passwordHash ? { passwordHash } : {}) })
    .where(eq(creators.id, id))
    .returning(accountColumns);
  return row ? { ...row } : null;
}

/** False when there was no such creator. */
export async function deleteCreator(tx: Conn, id: string): Promise<boolean> {
  return (await tx.delete(creators).where(eq(creators.id, id)).returning({ id: creators.id })).length > 0;
}

export async function findCreatorByCode(tx: Conn, code: string): Promise<CreatorRecord | null> {
  const [row] = await tx.select().from(creators).where(eq(creators.referralCode, code.trim().toLowerCase()));
  return row ? { ...row } : null;
}

export async function findCreatorById(tx: Conn, id: string): Promise<CreatorRecord | null> {
  const [row] = await tx.select().from(creators).where(eq(creators.id, id));
  return row ? { ...row } : null;
}

export async function findCreatorByEmail(tx: Conn, email: string): Promise<CreatorRecord | null> {
  const [row] = await tx
    .select()
    .from(creators)
    .where(sql`lower(${creators.email}) = ${email.toLowerCase()}`);
  return row ? { ...row } : null;
}

/**
 * Holds the creator's row until the transaction ends, so work that counts or changes what is
 * theirs runs one at a time: one payout request at a time, and requests for reset links at the
 * same moment take turns (none can count under the hourly share while another is sending).
 */
export async function lockCreator(tx: Tx, id: string): Promise<CreatorRecord | null> {
  const [row] = await tx.select().from(creators).where(eq(creators.id, id)).for('update');
  return row ? { ...row } : null;
}

export async function setCreatorPasswordHash(tx: Conn, id: string, passwordHash: string) {
  await tx.update(creators).set({ passwordHash }).where(eq(creators.id, id));
}

/** Every account as the admin sees it (email and referral code included), by name. */
export async function listCreatorAccounts(tx: Conn): Promise<CreatorAccountView[]> {
  return (await tx.select(accountColumns).from(creators).orderBy(creators.name)).map((r) => ({ ...r }));
}

export async function listCreators(tx: Conn): Promise<CreatorRecord[]> {
  return (await tx.select().from(creators).orderBy(creators.name)).map((r) => ({ ...r }));
}

/** False when this visitor already clicked this creator's link today. */
export async function insertClickOncePerDay(tx: Conn, values: { creatorId: string; visitorKey: string; day: string }): Promise<boolean> {
  const rows = await tx.insert(referralClicks).values(values).onConflictDoNothing().returning({ id: referralClicks.id });
  return rows.length > 0;
}

export async function findAttribution(tx: Conn, subscriptionId: string): Promise<AttributionRecord | null> {
  const [row] = await tx.select().from(attributions).where(eq(attributions.subscriptionId, subscriptionId)).for('update');
  return row ? { ...row } : null;
}

export async function insertAttribution(tx: Conn, values: typeof attributions.$inferInsert): Promise<AttributionRecord | null> {
  const [row] = await tx.insert(attributions).values(values).onConflictDoNothing().returning();
  return row ? { ...row } : null;
}

export async function updateAttribution(tx: Conn, subscriptionId: string, values: Partial<Omit<AttributionRecord, 'subscriptionId'>>) {
  await tx.update(attributions).set(values).where(eq(attributions.subscriptionId, subscriptionId));
}

export async function deleteAttribution(tx: Conn, subscriptionId: string) {
  await tx.delete(attributions).where(eq(attributions.subscriptionId, subscriptionId));
}

export async function listAttributionsSince(tx: Conn, creatorId: string, since: Date) {
  return tx
    .select({ createdAt: attributions.createdAt })
    .from(attributions)
    .where(and(eq(attributions.creatorId, creatorId), gte(attributions.createdAt, since)));
}

export async function countAttributions(tx: Conn, creatorId: string): Promise<{ total: number; entitled: number }> {
  const [row] = await tx
    .select({ total: sql<number>`count(*)::int`, entitled: sql<number>`count(*) filter (where ${attributions.entitled})::int` })
    .from(attributions)
    .where(eq(attributions.creatorId, creatorId));
  return { total: row?.total ?? 0, entitled: row?.entitled ?? 0 };
}

export const REFUND_MARK = ':refund:';

/** Commissions earned from the subscription's own invoices (refund adjustments excluded). */
export async function countInvoiceCommissions(tx: Conn, subscriptionId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(commissions)
    .where(and(eq(commissions.subscriptionId, subscriptionId), sql`position(${REFUND_MARK} in ${commissions.invoiceId}) = 0`));
  return row?.n ?? 0;
}

/** Inserts a commission unless one exists for the invoice; null when it did. */
export async function insertCommission(tx: Conn, values: typeof commissions.$inferInsert): Promise<CommissionRecord | null> {
  const [row] = await tx.insert(commissions).values(values).onConflictDoNothing().returning();
  return row ? { ...row } : null;
}

export async function findCommissionByInvoice(tx: Conn, invoiceId: string): Promise<CommissionRecord | null> {
  const [row] = await tx.select().from(commissions).where(eq(commissions.invoiceId, invoiceId)).for('update');
  return row ? { ...row } : null;
}

/** Sum already taken back for an invoice's commission through adjustments. */
export async function sumRefundAdjustments(tx: Conn, invoiceId: string): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`coalesce(sum(${commissions.amountCents}), 0)::int` })
    .from(commissions)
    .where(sql`${commissions.invoiceId} like ${`${invoiceId}${REFUND_MARK}%`}`);
  return -(row?.n ?? 0);
}

export async function updateCommission(
  tx: Conn,
  id: string,
  values: Partial<Pick<CommissionRecord, 'amountCents' | 'status' | 'payoutId'>>,
) {
  await tx.update(commissions).set(values).where(eq(commissions.id, id));
}

/** What the creator sees: everything but reversed commissions, newest first. */
export async function listVisibleCommissions(tx: Conn, creatorId: string, limit?: number): Promise<CommissionRecord[]> {
  const query = tx
    .select()
    .from(commissions)
    .where(and(eq(commissions.creatorId, creatorId), ne(commissions.status, 'reversed')))
    .orderBy(desc(commissions.createdAt), desc(commissions.id));
  return (limit ? await query.limit(limit) : await query).map((r) => ({ ...r }));
}

export async function sumCommissions(tx: Conn, creatorId: string): Promise<{ total: number; pending: number; paid: number }> {
  const [row] = await tx
    .select({
      total: sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${commissions.status} <> 'reversed'), 0)::int`,
      pending: sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${commissions.status} = 'pending'), 0)::int`,
      paid: sql<number>`coalesce(sum(${commissions.amountCents}) filter (where ${commissions.status} = 'paid'), 0)::int`,
    })
    .from(commissions)
    .where(eq(commissions.creatorId, creatorId));
  return { total: row?.total ?? 0, pending: row?.pending ?? 0, paid: row?.paid ?? 0 };
}

export async function listCommissionsSince(tx: Conn, creatorId: string, since: Date) {
  return tx
    .select({ createdAt: commissions.createdAt, amountCents: commissions.amountCents })
    .from(commissions)
    .where(and(eq(commissions.creatorId, creatorId), ne(commissions.status, 'reversed'), gte(commissions.createdAt, since)));
}

/** Pending commissions not yet in a payout: what an admin can pay out. */
export async function listPayableCommissions(tx: Conn, creatorId?: string): Promise<CommissionRecord[]> {
  const rows = await tx
    .select()
    .from(commissions)
    .where(
      and(eq(commissions.status, 'pending'), isNull(commissions.payoutId), creatorId ? eq(commissions.creatorId, creatorId) : undefined),
    )
    .orderBy(commissions.createdAt);
  return rows.map((r) => ({ ...r }));
}

/** The creator's payable commissions, held until the transaction ends. */
export async function lockPayableCommissions(tx: Tx, creatorId: string): Promise<CommissionRecord[]> {
  const rows = await tx
    .select()
    .from(commissions)
    .where(and(eq(commissions.creatorId, creatorId), eq(commissions.status, 'pending'), isNull(commissions.payoutId)))
    .orderBy(commissions.createdAt)
    .for('update');
  return rows.map((r) => ({ ...r }));
}

export async function lockCommissions(tx: Tx, ids: string[]): Promise<CommissionRecord[]> {
  if (ids.length === 0) return [];
  return (await tx.select().from(commissions).where(inArray(commissions.id, ids)).for('update')).map((r) => ({ ...r }));
}

export async function assignCommissionsToPayout(tx: Tx, ids: string[], payoutId: string | null) {
  await tx.update(commissions).set({ payoutId }).where(inArray(commissions.id, ids));
}

export async function markCommissionsPaid(tx: Tx, payoutId: string) {
  await tx
    .update(commissions)
    .set({ status: 'paid' })
    .where(and(eq(commissions.payoutId, payoutId), eq(commissions.status, 'pending')));
}

export async function releaseCommissions(tx: Tx, payoutId: string) {
  await tx
    .update(commissions)
    .set({ payoutId: null })
    .where(and(eq(commissions.payoutId, payoutId), eq(commissions.status, 'pending')));
}

export async function insertPayout(tx: Tx, values: typeof payouts.$inferInsert): Promise<PayoutRecord> {
  const [row] = await tx.insert(payouts).values(values).returning();
  return { ...row };
}

export async function findPayoutForUpdate(tx: Tx, id: string): Promise<PayoutRecord | null> {
  const [row] = await tx.select().from(payouts).where(eq(payouts.id, id)).for('update');
  return row ? { ...row } : null;
}

export async function updatePayout(
  tx: Tx,
  id: string,
  values: Partial<Pick<PayoutRecord, 'status' | 'payoutDate' | 'declineReason'>>,
): Promise<PayoutRecord> {
  const [row] = await tx.update(payouts).set(values).where(eq(payouts.id, id)).returning();
  return { ...row };
}

export async function listPayouts(tx: Conn, creatorId?: string): Promise<PayoutRecord[]> {
  const rows = await tx
    .select()
    .from(payouts)
    .where(creatorId ? eq(payouts.creatorId, creatorId) : undefined)
    .orderBy(desc(payouts.createdAt));
  return rows.map((r) => ({ ...r }));
}

/** The creator's own request still waiting for an admin, if any. */
export async function findOpenPayoutRequest(tx: Conn, creatorId: string): Promise<PayoutRecord | null> {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.creatorId, creatorId), eq(payouts.status, 'pending'), isNotNull(payouts.requestedAt)))
    .orderBy(desc(payouts.createdAt))
    .limit(1);
  return row ? { ...row } : null;
}

/** The creator's latest request an admin has paid or declined. */
export async function findLastDecidedPayoutRequest(tx: Conn, creatorId: string): Promise<PayoutRecord | null> {
  const [row] = await tx
    .select()
    .from(payouts)
    .where(and(eq(payouts.creatorId, creatorId), ne(payouts.status, 'pending'), isNotNull(payouts.requestedAt)))
    .orderBy(desc(payouts.payoutDate))
    .limit(1);
  return row ? { ...row } : null;
}

/** A deleted listener's email leaves every attribution; the creator keeps the attribution and its commissions. */
export async function forgetListenerEmail(tx: Conn, userId: string) {
  await tx.update(attributions).set({ email: null }).where(eq(attributions.userId, userId));
}
