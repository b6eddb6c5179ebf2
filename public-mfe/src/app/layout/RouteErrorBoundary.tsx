import { ErrorBoundary, ErrorState } from '@vitrine/ui';
import type { ReactNode } from 'react';
import { useTranslation } from '../../lib/i18n';

/** One page failing to render (or its code failing to load) leaves the header and footer usable. */
export function RouteErrorBoundary({
  resetKey,
  children,
}: {
  /** Changes with the page: a new page gets a fresh start. */
  resetKey: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <ErrorBoundary
      resetKey={resetKey}
      logLabel="A public page could not be shown"
      fallback={() => (
        <div className="site-container site-section">
          <h1 className="vt-visually-hidden">{t('pageError.title')}</h1>
          <ErrorState
            title={t('pageError.title')}
            message={t('pageError.message')}
            retryLabel={t('pageError.reload')}
            onRetry={() => window.location.reload()}
          />
        </div>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
