import { type AnalyticsPeriod, type CreatorDashboardAnalytics } from '@innerecho/contracts';
import type { ServiceContext } from '@innerecho/kit';
import { countAttributions, listAttributionsSince, listCommissionsSince, sumCommissions } from '../data-access/referral-repository';

/** How many buckets each period shows, newest last. */
const BUCKETS: Record<AnalyticsPeriod, number> = { daily: 14, weekly: 12, monthly: 12, yearly: 5 };

/** The start of the UTC bucket a moment falls in (weeks start on Monday). */
export function bucketStart(period: AnalyticsPeriod, at: Date): Date {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  if (period === 'weekly') d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  if (period === 'monthly') d.setUTCDate(1);
  if (period === 'yearly') d.setUTCMonth(0, 1);
  return d;
}

function previousBucket(period: AnalyticsPeriod, start: Date): Date {
  const d = new Date(start);
  if (period === 'daily') d.setUTCDate(d.getUTCDate() - 1);
  if (period === 'weekly') d.setUTCDate(d.getUTCDate() - 7);
  if (period === 'monthly') d.setUTCMonth(d.getUTCMonth() - 1);
  if (period === 'yearly') d.setUTCFullYear(d.getUTCFullYear() - 1);
  return d;
}

/** Labels: 2026-11-21 (day, or the Monday a week starts), 2026-11 (month), 2026 (year). */
export function bucketLabel(period: AnalyticsPeriod, start: Date): string {
  const iso = start.toISOString();
  return period === 'monthly' ? iso.slice(0, 7) : period === 'yearly' ? iso.slice(0, 4) : iso.slice(0, 10);
}

/** Totals over all time; revenue and signups per period for the latest buckets (zeros included). */
export async function getCreatorAnalytics(options: {
  context: ServiceContext;
  creatorId: string;
  period: AnalyticsPeriod;
  now?: Date;
}): Promise<CreatorDashboardAnalytics> {
  const { context, creatorId, period } = options;
  const now = options.now ?? new Date();

  const starts: Date[] = [bucketStart(period, now)];
  while (starts.length < BUCKETS[period]) starts.unshift(previousBucket(period, starts[0]));
  const labels = starts.map((s) => bucketLabel(period, s));
  const revenue = new Map(labels.map((l) => [l, 0]));
  const signups = new Map(labels.map((l) => [l, 0]));

  const [signupCounts, sums, commissionRows, signupRows] = await Promise.all([
    countAttributions(context.db, creatorId),
    sumCommissions(context.db, creatorId),
    listCommissionsSince(context.db, creatorId, starts[0]),
    listAttributionsSince(context.db, creatorId, starts[0]),
  ]);
  for (const row of commissionRows) {
    const label = bucketLabel(period, bucketStart(period, row.createdAt));
    if (revenue.has(label)) revenue.set(label, revenue.get(label)! + row.amountCents);
  }
  for (const row of signupRows) {
    const label = bucketLabel(period, bucketStart(period, row.createdAt));
    if (signups.has(label)) signups.set(label, signups.get(label)! + 1);
  }

  return {
    totalSignups: signupCounts.total,
    activeSubscribers: signupCounts.entitled,
    totalRevenue: sums.total,
    pendingRevenue: sums.pending,
    paidRevenue: sums.paid,
    revenueByPeriod: labels.map((period) => ({ period, amount: revenue.get(period)! })),
    signupsByPeriod: labels.map((period) => ({ period, count: signups.get(period)! })),
  };
}
