import { ApiError } from '@vitrine/api-client';
import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export interface QueryResult<T> {
  data: T | undefined;
  error: ApiError | undefined;
  /** True until the first answer for this key (a cached answer counts). */
  loading: boolean;
  refetch: () => void;
}

interface Settled<T> {
  requestKey: string;
  data?: T;
  error?: ApiError;
}

// Answers by key for the page's life: going back to a page shows it at once while the
// request runs again in the background (the API's own Cache-Control keeps that cheap).
const answers = new Map<string, unknown>();

/** Forgets every cached answer (tests start from an empty cache with it). */
export function clearQueryCache(): void {
  answers.clear();
}

/**
 * The smallest data hook the public pages need: loading, error and data for a key, the request
 * aborted when the key changes or the component unmounts, and `refetch` for a retry button.
 * `key` null means "not yet" (a request that waits on another answer).
 */
export function useQuery<T>(
  key: string | null,
  fetcher: (signal: AbortSignal) => Promise<T>,
): QueryResult<T> {
  const [attempt, setAttempt] = useState(0);
  const [settled, setSettled] = useState<Settled<T> | null>(null);
  const requestKey = key === null ? null : `${key}#${attempt}`;
  // The latest fetcher without making it a dependency: callers pass inline functions.
  const run = useEffectEvent((signal: AbortSignal) => fetcher(signal));

  useEffect(() => {
    if (key === null || requestKey === null) return undefined;
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => {
        if (controller.signal.aborted) return;
        answers.set(key, data);
        setSettled({ requestKey, data });
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setSettled({ requestKey, error: toApiError(error) });
      },
    );
    return () => controller.abort();
  }, [key, requestKey]);

  const refetch = useCallback(() => setAttempt((n) => n + 1), []);
  const current = settled?.requestKey === requestKey ? settled : null;
  const cached = key !== null && answers.has(key) ? (answers.get(key) as T) : undefined;
  return {
    data: current?.data ?? cached,
    error: current?.error,
    loading: key !== null && !current && cached === undefined,
    refetch,
  };
}

function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, {
    statusCode: 0,
    error: 'Error',
    message: error instanceof Error ? error.message : 'Something went wrong',
  });
}
