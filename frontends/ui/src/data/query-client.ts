import { QueryClient, type QueryFunction } from '@tanstack/react-query';
import { ApiError, throwIfResNotOk } from './api-request';

export type UnauthorizedBehavior = 'returnNull' | 'throw';

/** The path a query key stands for: its parts joined with '/'. */
export function queryKeyToUrl(queryKey: readonly unknown[]): string {
  return queryKey.map(String).join('/');
}

/**
 * A GET on the key's path, parsed as JSON. `returnNull` turns a 401 into `null` for
 * reads where "not signed in" is an answer, not a failure (the current user).
 */
export function getQueryFn<T>({ on401 }: { on401: UnauthorizedBehavior }): QueryFunction<T | null> {
  return async ({ queryKey, signal }) => {
    const res = await fetch(queryKeyToUrl(queryKey), { credentials: 'include', signal });
    if (on401 === 'returnNull' && res.status === 401) return null;
    await throwIfResNotOk(res);
    return (await res.json()) as T;
  };
}

export const defaultQueryFn = getQueryFn<unknown>({ on401: 'throw' });

/**
 * No automatic retries, data never goes stale, no refetch on window
 * focus, no polling. Screens that change data invalidate the queries they affect.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: defaultQueryFn,
        retry: false,
        staleTime: Infinity,
        refetchInterval: false,
        refetchOnWindowFocus: false,
      },
      mutations: { retry: false },
    },
  });
}

export { ApiError };
