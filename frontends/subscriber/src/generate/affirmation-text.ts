import { parseCustomAffirmationRef } from '@innerecho/contracts';
import { queryOptions } from '@tanstack/react-query';
import type { CustomAffirmationView, TranscriptView } from '@innerecho/contracts';
import { apiQueryKey, callApi } from '@innerecho/ui';

/** What the generate page shows of the affirmation it speaks: a library transcript or the listener's own words. */
export type AffirmationText = TranscriptView | CustomAffirmationView;

/**
 * The read behind /generate/:id: GET /api/transcripts/{id}, or for custom-{id} the listener's
 * own GET /api/custom-affirmations/{id} (another account's reads as not found).
 */
export function affirmationQueryKey(generateId: string) {
  const id = parseCustomAffirmationRef(generateId);
  return id === null
    ? apiQueryKey('GET /api/transcripts/:id', { params: { id: generateId } })
    : apiQueryKey('GET /api/custom-affirmations/:id', { params: { id } });
}

export function affirmationQuery(generateId: string) {
  const id = parseCustomAffirmationRef(generateId);
  return queryOptions({
    queryKey: affirmationQueryKey(generateId),
    queryFn: (): Promise<AffirmationText> =>
      id === null
        ? callApi('GET /api/transcripts/:id', { params: { id: generateId } })
        : callApi('GET /api/custom-affirmations/:id', { params: { id } }),
  });
}

/** Router state /create-affirmation hands over: generate as soon as the page is ready. */
export interface GenerateNavigationState {
  generateNow?: boolean;
}
