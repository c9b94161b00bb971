import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  ANALYTICS_PERIODS,
  type AnalyticsPeriod,
  type CommissionView,
  type CreatorAccountView,
  type CreatorDashboardAnalytics,
  type PayoutView,
} from '@innerecho/contracts';
import { getQueryFn } from '@innerecho/ui';

export { ANALYTICS_PERIODS, type AnalyticsPeriod };
export const DEFAULT_PERIOD: AnalyticsPeriod = 'monthly';

export type CreatorAnalytics = CreatorDashboardAnalytics;
export type Commission = CommissionView;
export type Payout = PayoutView;

export const CREATOR_CURRENT_QUERY_KEY = ['/api/creator-auth/current'] as const;

/** The signed-in creator, or null when signed out (a 401 is an answer here, not a failure). */
export function useCurrentCreator() {
  return useQuery<CreatorAccountView | null>({
    queryKey: CREATOR_CURRENT_QUERY_KEY,
    queryFn: getQueryFn<CreatorAccountView>({ on401: 'returnNull' }),
    retry: false,
  });
}

export const useCreatorCommissions = (creatorId: string) => useQuery<Commission[]>({ queryKey: ['/api/commissions/creator', creatorId] });

export const useCreatorPayouts = (creatorId: string) => useQuery<Payout[]>({ queryKey: ['/api/payouts/creator', creatorId] });

export const useCreatorAnalytics = (creatorId: string, period: AnalyticsPeriod) =>
  // The previous period's figures stay while the next load, so the cards do not flash.
  useQuery<CreatorAnalytics>({ queryKey: ['/api/creator-analytics', `${creatorId}?period=${period}`], placeholderData: keepPreviousData });
