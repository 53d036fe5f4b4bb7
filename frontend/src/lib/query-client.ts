import { QueryClient, type DefaultOptions } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** A 4xx will not change on a second try; a lost connection or a 5xx gets one more. */
function retryOnce(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/**
 * The cache of every read outside the board (the board has its own store). A screen shows what
 * the cache holds at once and always asks again when it opens (staleTime 0, as before TanStack):
 * that call is also how a browser whose login session was revoked learns it (its 401 ends the
 * session). Sockets and writes invalidate reads too.
 */
export function createQueryClient(overrides: DefaultOptions['queries'] = {}): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 0, retry: retryOnce, refetchOnWindowFocus: true, ...overrides },
    },
  });
}
