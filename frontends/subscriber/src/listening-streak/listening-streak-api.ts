import type { ListeningStreakView } from '@innerecho/contracts';
import { apiRequest, getSessionId } from '@innerecho/ui';

export type ListeningStreak = ListeningStreakView;

const timeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const streakQueryKey = () => ['listening-streak', getSessionId()] as const;

/** The streak as counted in this browser's time zone. */
export const streakUrl = () =>
  `/api/saved-affirmations/${encodeURIComponent(getSessionId())}/streak?timeZone=${encodeURIComponent(timeZone())}`;

export async function fetchStreak(): Promise<ListeningStreak> {
  const res = await apiRequest('GET', streakUrl());
  return (await res.json()) as ListeningStreak;
}

/** A play of a saved affirmation: counts today (in the listener's time zone) for the streak. */
export async function recordPlay(savedId: string): Promise<ListeningStreak> {
  const res = await apiRequest('POST', `/api/saved-affirmations/${encodeURIComponent(getSessionId())}/${savedId}/plays`, {
    timeZone: timeZone(),
  });
  return (await res.json()) as ListeningStreak;
}
