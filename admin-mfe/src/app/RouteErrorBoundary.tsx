import { ErrorBoundary, ErrorState } from '@vitrine/ui';
import { Outlet, useLocation } from 'react-router-dom';
import { PageHeader } from '../components/PageHeader';

/**
 * The admin screens' route element: a screen that fails to render shows what happened, with
 * "Try again", in its own place; the menu and every other screen keep working, and going to
 * another address starts that one afresh.
 */
export function RouteErrorBoundary() {
  const { pathname } = useLocation();
  return (
    <ErrorBoundary
      resetKey={pathname}
      logLabel="An admin screen could not be shown"
      fallback={(_error, retry) => (
        <>
          <PageHeader title="This screen could not be shown" />
          <ErrorState
            title="Something went wrong on this screen"
            message="The rest of the admin area still works: try this screen again, or choose another from the menu."
            onRetry={retry}
          />
        </>
      )}
    >
      <Outlet />
    </ErrorBoundary>
  );
}
