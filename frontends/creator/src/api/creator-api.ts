import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ANALYTICS_PERIODS, type AnalyticsPeriod, type AnyEndpointId } from '@innerecho/contracts';
import { apiQuery, apiQueryKey } from '@innerecho/ui';

export { ANALYTICS_PERIODS, type AnalyticsPeriod };
export const DEFAULT_PERIOD: AnalyticsPeriod = 'monthly';

/**
 * GET /api/creator-auth/session: `{ creator }`, null when signed out. Being signed out is an
 * answer there, not a failed request, so a visitor's browser logs no error for it.
 */
export const CREATOR_CURRENT_QUERY_KEY = apiQueryKey('GET /api/creator-auth/session');

/** What only the signed-in creator may read: dropped from the cache when they log out. */
export const CREATOR_PRIVATE_READS = [
  'GET /api/commissions/creator/:creatorId',
  'GET /api/payouts/creator/:creatorId',
  'GET /api/payouts/creator/:creatorId/summary',
  'GET /api/creator-analytics/:creatorId',
  'GET /api/creator-collections',
] as const satisfies readonly AnyEndpointId[];

/** The signed-in creator, or null when signed out. */
export function useCurrentCreator() {
  return useQuery({ ...apiQuery('GET /api/creator-auth/session'), select: (answer) => answer.creator, retry: false });
}

export const useCreatorCommissions = (creatorId: string) =>
  useQuery(apiQuery('GET /api/commissions/creator/:creatorId', { params: { creatorId } }));

export const useCreatorPayouts = (creatorId: string) =>
  useQuery(apiQuery('GET /api/payouts/creator/:creatorId', { params: { creatorId } }));

/** What the creator can ask to be paid now, the terms, and their request's fate. */
export const useCreatorPayoutSummary = (creatorId: string) =>
  useQuery(apiQuery('GET /api/payouts/creator/:creatorId/summary', { params: { creatorId } }));

export const useCreatorAnalytics = (creatorId: string, period: AnalyticsPeriod) =>
  // The previous period's figures stay while the next load, so the cards do not flash.
  useQuery({
    ...apiQuery('GET /api/creator-analytics/:creatorId', { params: { creatorId }, query: { period } }),
    placeholderData: keepPreviousData,
  });
