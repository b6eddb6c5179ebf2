import { ErrorState, LoadingState } from '@vitrine/ui';
import type { UseQueryResult } from '@tanstack/react-query';

/**
 * What a section shows while its data is on the way or failed to come: a spinner, or a
 * readable message with a retry button. Renders nothing once there is data.
 */
export function QueryStatus({
  query,
  what,
}: {
  query: Pick<UseQueryResult<unknown>, 'data' | 'error' | 'refetch'>;
  /** What is loading, in words: "the gallery". */
  what: string;
}) {
  if (query.data !== undefined) return null;
  if (query.error) {
    return (
      <ErrorState
        title={`We could not load ${what}`}
        message={
          query.error.status === 0
            ? 'The server could not be reached. Check your connection and try again.'
            : 'Please try again in a moment.'
        }
        onRetry={() => void query.refetch()}
      />
    );
  }
  return <LoadingState label={`Loading ${what}…`} />;
}
