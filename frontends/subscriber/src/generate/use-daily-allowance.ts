import { useQuery } from '@tanstack/react-query';
import { apiQuery } from '@innerecho/ui';
import { DURATION_MAX, DURATION_STEP } from './generation-api';
import type { DailyAllowanceView } from '@innerecho/contracts';

/**
 * Today's share of the daily hour (GET /api/generate-audio/allowance). Screens behind the
 * sign-in check only; generating invalidates it.
 */
export function useDailyAllowance() {
  return useQuery(apiQuery('GET /api/generate-audio/allowance'));
}

/** The longest duration the slider may offer today: what is left, on the minute grid. */
export function longestDurationToday(allowance: DailyAllowanceView | undefined): number {
  if (!allowance) return DURATION_MAX;
  return Math.min(DURATION_MAX, Math.floor(allowance.secondsLeft / DURATION_STEP) * DURATION_STEP);
}

/**
 * When the allowance renews, in the listener's own time: 'at midnight' (where their day starts
 * with UTC's), 'at 7:00 PM' later today, or 'tomorrow at 9:00 AM'.
 */
export function renewalPhrase(renewsAt: string, now = new Date()): string {
  const at = new Date(renewsAt);
  if (at.getHours() === 0 && at.getMinutes() === 0) return 'at midnight';
  const time = at.toLocaleTimeString([], { hour: 'numeric', minute: '2-digit' });
  return at.toDateString() === now.toDateString() ? `at ${time}` : `tomorrow at ${time}`;
}
