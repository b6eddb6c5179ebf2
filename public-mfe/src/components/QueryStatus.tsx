import type { ApiError } from '@vitrine/api-client';
import { QueryGate, type GatedQuery } from '@vitrine/ui';

/**
 * What a section shows while its data is on the way or failed to come: a spinner, or a
 * readable message with a retry button. Renders nothing once there is data.
 */
export function QueryStatus({
  query,
  what,
}: {
  query: GatedQuery<ApiError>;
  /** What is loading, in words: "the gallery". */
  what: string;
}) {
  return (
    <QueryGate
      query={query}
      loadingLabel={`Loading ${what}…`}
      errorTitle={`We could not load ${what}`}
      describeError={(error) =>
        error.status === 0
          ? 'The server could not be reached. Check your connection and try again.'
          : 'Please try again in a moment.'
      }
    />
  );
}
