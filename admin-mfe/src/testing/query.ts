import type { UseQueryResult } from '@tanstack/react-query';

/**
 * A query hook's answer as a screen reads it (data, error, fetching, refetch), for tests that
 * stand in for a hook; the rest of TanStack's result is never read by the screens.
 */
export function queryResult<T>(state: {
  data: NoInfer<T> | undefined;
  error?: Error | null;
  isFetching?: boolean;
  refetch?: () => unknown;
}): UseQueryResult<T> {
  return {
    error: null,
    isFetching: false,
    refetch: jest.fn(),
    ...state,
  } as unknown as UseQueryResult<T>;
}
