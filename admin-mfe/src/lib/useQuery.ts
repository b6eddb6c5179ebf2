import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export interface QueryState<T> {
  /** The latest data; while a new key loads, the previous key's data stays (no flicker). */
  data: T | undefined;
  error: unknown;
  /** True while the current key (or a refetch) has not answered yet. */
  loading: boolean;
  refetch(): void;
}

interface Settled<T> {
  key: string;
  data: T | undefined;
  error: unknown;
}

/**
 * Loads `fetcher`'s data for `key` (anything that changes the request: page, sort, id…).
 * A newer key or an unmount aborts the request in flight, so a slow answer never overwrites
 * a newer one. `key: null` waits (e.g. until an id is known).
 */
export function useQuery<T>(
  key: string | null,
  fetcher: (signal: AbortSignal) => Promise<T>,
): QueryState<T> {
  const [version, setVersion] = useState(0);
  const [settled, setSettled] = useState<Settled<T>>({ key: '', data: undefined, error: null });
  const requestKey = key === null ? null : `${key}#${version}`;

  const run = useEffectEvent((signal: AbortSignal) => fetcher(signal));

  useEffect(() => {
    if (requestKey === null) return undefined;
    const controller = new AbortController();
    run(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setSettled({ key: requestKey, data, error: null });
      },
      (error: unknown) => {
        if (!controller.signal.aborted)
          setSettled((previous) => ({ key: requestKey, data: previous.data, error }));
      },
    );
    return () => controller.abort();
  }, [requestKey]);

  const refetch = useCallback(() => setVersion((v) => v + 1), []);
  const current = settled.key === requestKey;
  return {
    data: settled.data,
    error: current ? settled.error : null,
    loading: requestKey !== null && !current,
    refetch,
  };
}
