import { QueryGate, type GatedQuery } from '@vitrine/ui';
import { errorMessage } from '../lib/errors';

/**
 * What a screen or panel shows until its data has come: "Loading the user…", or "The user
 * could not be loaded" with the API's reason and a "Try again" button. Nothing once there
 * is data.
 */
export function QueryStatus({
  query,
  what,
}: {
  query: GatedQuery<unknown>;
  /** What is loading, in words: "the user". */
  what: string;
}) {
  return (
    <QueryGate
      query={query}
      loadingLabel={`Loading ${what}…`}
      errorTitle={`${what.charAt(0).toUpperCase()}${what.slice(1)} could not be loaded`}
      describeError={(error) => errorMessage(error)}
    />
  );
}
