import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { apiQueryKey } from './api-client';
import { ApiError } from './api-request';

const SESSION_QUERY_KEY = apiQueryKey('GET /api/auth/session');

/**
 * No automatic retries, data never goes stale, no refetch on window
 * focus, no polling. Screens that change data invalidate the queries they affect.
 *
 * A 401 from any call means the session ended under the page (it expired, or was ended on
 * another device): the session is asked again, and its answer (nobody) removes everything
 * this device kept for the listener before any screen shows it.
 */
export function createQueryClient(): QueryClient {
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) void queryClient.invalidateQueries({ queryKey: SESSION_QUERY_KEY });
  };
  const queryClient: QueryClient = new QueryClient({
    // The session's own ask never answers 401 (a visitor is `{ user: null }`); skipping it keeps this from asking in a loop.
    queryCache: new QueryCache({ onError: (error, query) => query.queryKey[0] !== SESSION_QUERY_KEY[0] && onError(error) }),
    mutationCache: new MutationCache({ onError }),
    defaultOptions: {
      queries: {
        retry: false,
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
  return queryClient;
}
