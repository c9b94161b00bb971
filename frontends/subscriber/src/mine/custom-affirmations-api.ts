import type { CustomAffirmationView } from '@innerecho/contracts';
import { apiRequest } from '@innerecho/ui';

export type CustomAffirmation = CustomAffirmationView;

/** GET /api/custom-affirmations: every affirmation the signed-in listener wrote, newest first. */
export const MY_AFFIRMATIONS_QUERY_KEY = ['/api/custom-affirmations'] as const;

export const customAffirmationPath = (id: string) => `/api/custom-affirmations/${encodeURIComponent(id)}`;

/** PUT /api/custom-affirmations/{id}: new title, words and category (the rules of writing one). */
export async function updateCustomAffirmation(
  id: string,
  input: { title: string; content: string; category: string },
): Promise<CustomAffirmation> {
  const res = await apiRequest('PUT', customAffirmationPath(id), input);
  return (await res.json()) as CustomAffirmation;
}
