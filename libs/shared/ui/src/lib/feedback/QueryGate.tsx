import type { ReactNode } from 'react';
import { ErrorState } from './ErrorState';
import { LoadingState } from './Spinner';

/** What the gate reads of a query: a TanStack Query result fits as it is. */
export interface GatedQuery<E> {
  data: unknown;
  error: E | null;
  refetch(): unknown;
}

export interface QueryGateProps<E> {
  query: GatedQuery<E>;
  /** Under the spinner: "Loading the gallery…". */
  loadingLabel: string;
  errorTitle: ReactNode;
  /** The failure in the reader's words. */
  describeError(error: E): ReactNode;
}

/**
 * What stands in for data that has not come yet: a spinner while it is on its way, or the
 * error with a "Try again" button that asks again. Renders nothing once there is data, so a
 * screen shows what it has even when a later refresh fails.
 */
export function QueryGate<E>({
  query,
  loadingLabel,
  errorTitle,
  describeError,
}: QueryGateProps<E>) {
  if (query.data !== undefined) return null;
  if (query.error) {
    return (
      <ErrorState
        title={errorTitle}
        message={describeError(query.error)}
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <LoadingState label={loadingLabel} />;
}
