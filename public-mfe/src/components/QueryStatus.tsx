import type { ApiError } from '@vitrine/api-client';
import { QueryGate, type GatedQuery } from '@vitrine/ui';
import { telHref } from '../lib/format';
import { useStudioPhone } from '../lib/studio-phone';

/**
 * What a section shows while its data is on the way or failed to come: a spinner, or a
 * readable message with a retry button. Renders nothing once there is data. When the API did
 * not answer (down, or no answer within the page's timeout), the message also gives the
 * studio's phone number, so a visitor is never left with nothing to do.
 */
export function QueryStatus({
  query,
  what,
}: {
  query: GatedQuery<ApiError>;
  /** What is loading, in words: "the gallery". */
  what: string;
}) {
  const phone = useStudioPhone();
  return (
    <QueryGate
      query={query}
      loadingLabel={`Loading ${what}…`}
      errorTitle={`We could not load ${what}`}
      describeError={(error) =>
        error.status === 0 ? <NoAnswer phone={phone} /> : 'Please try again in a moment.'
      }
    />
  );
}

/** The server did not answer: try again, or call. */
export function NoAnswer({ phone }: { phone: string | undefined }) {
  return (
    <p>
      The server could not be reached or is slow to answer. Check your connection and try again
      {phone ? (
        <>
          , or call us on <a href={telHref(phone)}>{phone}</a>.
        </>
      ) : (
        '.'
      )}
    </p>
  );
}
