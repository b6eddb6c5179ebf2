import type { ApiError } from '@vitrine/api-client';
import { QueryGate, type GatedQuery } from '@vitrine/ui';
import { telHref } from '../lib/format';
import { useStudioPhone } from '../lib/studio-phone';
import { Trans, useTranslation } from '../lib/i18n';

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
  const { t } = useTranslation();
  const phone = useStudioPhone();
  return (
    <QueryGate
      query={query}
      loadingLabel={t('status.loading', { what })}
      errorTitle={t('status.failed', { what })}
      describeError={(error) =>
        error.status === 0 ? <NoAnswer phone={phone} /> : t('status.tryLater')
      }
    />
  );
}

/** The server did not answer: try again, or call. */
export function NoAnswer({ phone }: { phone: string | undefined }) {
  const { t } = useTranslation();
  return (
    <p>
      {phone ? (
        <Trans
          i18nKey="status.noAnswerCall"
          values={{ phone }}
          components={{ phone: <a href={telHref(phone)} /> }}
        />
      ) : (
        t('status.noAnswer')
      )}
    </p>
  );
}
