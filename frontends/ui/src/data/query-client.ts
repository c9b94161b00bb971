import { QueryClient } from '@tanstack/react-query';

/**
 * No automatic retries, data never goes stale, no refetch on window
 * focus, no polling. Screens that change data invalidate the queries they affect.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
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
}

