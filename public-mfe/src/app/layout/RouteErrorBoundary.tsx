import { ErrorBoundary, ErrorState } from '@vitrine/ui';
import type { ReactNode } from 'react';

/** One page failing to render (or its code failing to load) leaves the header and footer usable. */
export function RouteErrorBoundary({
  resetKey,
  children,
}: {
  /** Changes with the page: a new page gets a fresh start. */
  resetKey: string;
  children: ReactNode;
}) {
  return (
    <ErrorBoundary
      resetKey={resetKey}
      logLabel="A public page could not be shown"
      fallback={() => (
        <div className="site-container site-section">
          <h1 className="vt-visually-hidden">This page could not be shown</h1>
          <ErrorState
            title="This page could not be shown"
            message="Something went wrong on our side. Reloading the page usually helps."
            retryLabel="Reload the page"
            onRetry={() => window.location.reload()}
          />
        </div>
      )}
    >
      {children}
    </ErrorBoundary>
  );
}
