import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { getQueryFn } from '@innerecho/ui';

/** Response shapes of the creator area (spec sections 3 and 7). Amounts are in cents. */
export interface CreatorAccount {
  id: string;
  name: string;
  email: string;
  bio: string;
  profilePicUrl: string;
  youtubeChannel: string;
  referralCode: string;
}

export type AnalyticsPeriod = 'daily' | 'weekly' | 'monthly' | 'yearly';
export const ANALYTICS_PERIODS: AnalyticsPeriod[] = ['daily', 'weekly', 'monthly', 'yearly'];
export const DEFAULT_PERIOD: AnalyticsPeriod = 'monthly';

export interface CreatorAnalytics {
  totalSignups: number;
  activeSubscribers: number;
  totalRevenue: number;
  pendingRevenue: number;
  paidRevenue: number;
  revenueByPeriod: { period: string; amount: number }[];
  signupsByPeriod: { period: string; count: number }[];
}

export interface Commission {
  id: string;
  amount: number;
  status: 'pending' | 'paid';
  subscriptionPlan: 'monthly' | 'yearly';
  monthNumber: number;
  adjustment: boolean;
  createdAt: string;
}

export interface Payout {
  id: string;
  amount: number;
  status: string;
  commissionIds: string[];
  payoutDate: string | null;
  createdAt: string;
  notes: string;
}

export const CREATOR_CURRENT_QUERY_KEY = ['/api/creator-auth/current'] as const;

/** The signed-in creator, or null when signed out (a 401 is an answer here, not a failure). */
export function useCurrentCreator() {
  return useQuery<CreatorAccount | null>({
    queryKey: CREATOR_CURRENT_QUERY_KEY,
    queryFn: getQueryFn<CreatorAccount>({ on401: 'returnNull' }),
    retry: false,
  });
}

export const useCreatorCommissions = (creatorId: string) =>
  useQuery<Commission[]>({ queryKey: ['/api/commissions/creator', creatorId] });

export const useCreatorPayouts = (creatorId: string) =>
  useQuery<Payout[]>({ queryKey: ['/api/payouts/creator', creatorId] });

export const useCreatorAnalytics = (creatorId: string, period: AnalyticsPeriod) =>
  // The previous period's figures stay while the next load, so the cards do not flash.
  useQuery<CreatorAnalytics>({ queryKey: ['/api/creator-analytics', `${creatorId}?period=${period}`], placeholderData: keepPreviousData });
