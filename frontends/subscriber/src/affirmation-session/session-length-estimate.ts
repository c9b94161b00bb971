import { useQueries } from '@tanstack/react-query';
import { affirmationQuery } from '../generate/affirmation-text';
import type { SessionPick } from './affirmation-session-selection';

/**
 * A calm reading speaks about 150 words a minute (the local voice reads at that speed; a cloned
 * voice is close to it). The exact length is known only once the voice has spoken every
 * affirmation, so the builder shows this as "about".
 */
const WORDS_PER_SECOND = 150 / 60;

/** Seconds a voice takes to read a text at a calm pace (at least a second for any words at all). */
export function secondsToSay(text: string): number {
  const words = text.split(/\s+/).filter((word) => word.length > 0).length;
  return words === 0 ? 0 : Math.max(1, words / WORDS_PER_SECOND);
}

/**
 * How long a session of repetitions lasts: each round is every affirmation once with its pause
 * after it, and the rounds follow one another.
 */
export function repeatedSessionEstimate(input: {
  spokenSeconds: number;
  count: number;
  pauseSeconds: number;
  repetitions: number;
}): number {
  const { spokenSeconds, count, pauseSeconds, repetitions } = input;
  return repetitions * (spokenSeconds + count * pauseSeconds);
}

/**
 * The seconds the session's picks take to say once through, from their words; null until every
 * pick's words are read (a pick that can no longer be read counts as nothing).
 */
export function useSpokenSeconds(picks: SessionPick[]): number | null {
  return useQueries({
    queries: picks.map((pick) => ({ ...affirmationQuery(pick.affirmationId), staleTime: 5 * 60_000 })),
    combine: (results) =>
      results.some((r) => r.isPending) ? null : results.reduce((sum, r) => sum + (r.data ? secondsToSay(r.data.content) : 0), 0),
  });
}
