/** What the generate page shows of the affirmation it speaks: a library transcript or the listener's own words. */
export interface AffirmationText {
  id: string;
  title: string;
  content: string;
  category: string | null;
}

/**
 * The read behind /generate/:id: GET /api/transcripts/{id}, or for custom-{id} the listener's
 * own GET /api/custom-affirmations/{id} (another account's reads as not found).
 */
export function affirmationQueryKey(generateId: string): readonly [string, string] {
  return generateId.startsWith('custom-')
    ? ['/api/custom-affirmations', generateId.slice('custom-'.length)]
    : ['/api/transcripts', generateId];
}

/** Router state /create-affirmation hands over: generate as soon as the page is ready. */
export interface GenerateNavigationState {
  generateNow?: boolean;
}
