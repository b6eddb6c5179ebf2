import type { ApiClient } from '@vitrine/api-client';
import { LoadingState, UiProvider } from '@vitrine/ui';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import { api as browserApi, ApiContext } from '../lib/api-client';
import { browserQueryClient } from '../lib/query-client';
import { RouteErrorBoundary } from './layout/RouteErrorBoundary';
import { SiteLayout } from './layout/SiteLayout';
import { PAGE_ROUTES } from './page-routes';
import { SiteSettingsProvider } from './site-settings';
import './site.css';

/**
 * The public site. The shell mounts it at `/*` inside its own router (standalone, bootstrap
 * provides one), so this renders routes only. `queryClient` is the page's data cache and
 * `apiClient` what its queries ask the API through: the browser's by default; a server
 * render, and tests, give each render its own.
 */
export function App({
  queryClient = browserQueryClient(),
  apiClient = browserApi,
}: {
  queryClient?: QueryClient;
  apiClient?: ApiClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ApiContext.Provider value={apiClient}>
        <UiProvider>
          <SiteSettingsProvider>
            <SiteLayout>
              <PageRoutes />
            </SiteLayout>
          </SiteSettingsProvider>
        </UiProvider>
      </ApiContext.Provider>
    </QueryClientProvider>
  );
}

function PageRoutes() {
  const { pathname } = useLocation();
  const page = useRoutes(PAGE_ROUTES);
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingState label="Loading the page…" className="page-loading" />}>
        {page}
      </Suspense>
    </RouteErrorBoundary>
  );
}
