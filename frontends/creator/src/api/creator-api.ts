import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  type CommissionView,
  type CreatorAccountView,
  type CreatorDashboardAnalytics,
  type PayoutSummaryView,
  type PayoutView,
} from '@innerecho/contracts';
import { throwIfResNotOk } from '@innerecho/ui';

export { ANALYTICS_PERIODS, type AnalyticsPeriod };
export const DEFAULT_PERIOD: AnalyticsPeriod = 'monthly';

export type CreatorAnalytics = CreatorDashboardAnalytics;
export type Commission = CommissionView;
export type Payout = PayoutView;

/**
 * GET /api/creator-auth/session: `{ creator }`, null when signed out. Being signed out is an
 * answer there, not a failed request, so a visitor's browser logs no error for it.
 */
export const CREATOR_CURRENT_QUERY_KEY = ['/api/creator-auth/session'] as const;

/** The signed-in creator, or null when signed out. */
export function useCurrentCreator() {
  return useQuery<CreatorAccountView | null>({
    queryKey: CREATOR_CURRENT_QUERY_KEY,
    queryFn: async ({ signal }) => {
      const res = await fetch(CREATOR_CURRENT_QUERY_KEY[0], { credentials: 'include', signal });
      await throwIfResNotOk(res);
      return ((await res.json()) as { creator: CreatorAccountView | null }).creator;
    },
    retry: false,
  });
}

export const useCreatorCommissions = (creatorId: string) => useQuery<Commission[]>({ queryKey: ['/api/commissions/creator', creatorId] });

export const useCreatorPayouts = (creatorId: string) => useQuery<Payout[]>({ queryKey: ['/api/payouts/creator', creatorId] });

const payoutSummaryKey = (creatorId: string) => ['/api/payouts/creator', creatorId, 'summary'] as const;

/** What the creator can ask to be paid now, the terms, and their request's fate. */
export const useCreatorPayoutSummary = (creatorId: string) => useQuery<PayoutSummaryView>({ queryKey: payoutSummaryKey(creatorId) });

export const useCreatorAnalytics = (creatorId: string, period: AnalyticsPeriod) =>
  // The previous period's figures stay while the next load, so the cards do not flash.
  useQuery<CreatorAnalytics>({ queryKey: ['/api/creator-analytics', `${creatorId}?period=${period}`], placeholderData: keepPreviousData });
