import type { QueryClient } from '@tanstack/react-query';
import { apiQueryKey, callApi } from '@innerecho/ui';
import type { CreatorProfileView } from '@innerecho/contracts';

const CREATORS_QUERY_KEY = apiQueryKey('GET /api/creators');

const POLL_INTERVAL_MS = 200;
const POLL_ATTEMPTS = 25;

/**
 * The library learns of a creator's change from creator-referral's event, a moment after the
 * write answered. The screen shows the written state at once; this reads the library's list
 * until it shows that state too (at most POLL_ATTEMPTS reads, POLL_INTERVAL_MS apart) and only
 * then puts the list in the cache, so a read from before the event never brings back the old
 * state. When the bound passes, the list is read once more as it is.
 */
export async function refreshCreatorsWhen(queryClient: QueryClient, settled: (creators: CreatorProfileView[]) => boolean): Promise<void> {
  for (let attempt = 0; attempt < POLL_ATTEMPTS; attempt++) {
    const creators = await callApi('GET /api/creators');
    if (settled(creators)) {
      queryClient.setQueryData(CREATORS_QUERY_KEY, creators);
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_INTERVAL_MS));
  }
  await queryClient.invalidateQueries({ queryKey: CREATORS_QUERY_KEY });
}
