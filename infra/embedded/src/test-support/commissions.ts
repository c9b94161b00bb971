import { randomUUID } from 'node:crypto';
import { creatorReferralTables } from '@innerecho/creator-referral';
import type { Db } from '@innerecho/kit';

/**
 * Commissions a creator has earned, one per month of one referred subscription, written
 * straight to creator-referral's table (what its invoice consumer would have written), so a
 * test can start from a balance without paying invoices one by one.
 */
export async function earnCommissions(db: Db, creatorId: string, amounts: number[]) {
  const subscriptionId = `sub_${randomUUID()}`;
  await db.insert(creatorReferralTables.commissions).values(
    amounts.map((amountCents, i) => ({
      creatorId,
      invoiceId: `in_${randomUUID()}`,
      subscriptionId,
      amountCents,
      subscriptionPlan: 'monthly' as const,
      monthNumber: i + 1,
    })),
  );
}
