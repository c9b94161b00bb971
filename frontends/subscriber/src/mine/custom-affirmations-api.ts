import { type CustomAffirmationInput, type CustomAffirmationView } from '@innerecho/contracts';
import { apiQueryKey, callApi } from '@innerecho/ui';
import type { UndoableDelete } from '../deleting/undoable-delete';

/** GET /api/custom-affirmations: every affirmation the signed-in listener wrote, newest first. */
export const MY_AFFIRMATIONS_QUERY_KEY = apiQueryKey('GET /api/custom-affirmations');

/** The call that deletes one of the listener's own affirmations. */
export const customAffirmationDelete = (id: string) =>
  ({
    endpoint: 'DELETE /api/custom-affirmations/:id',
    request: { params: { id } },
  }) satisfies UndoableDelete<'DELETE /api/custom-affirmations/:id'>;

/** PUT /api/custom-affirmations/{id}: new title, words and category (the rules of writing one). */
export const updateCustomAffirmation = (id: string, input: CustomAffirmationInput): Promise<CustomAffirmationView> =>
  callApi('PUT /api/custom-affirmations/:id', { params: { id }, body: input });
