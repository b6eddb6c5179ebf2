import type { ApiClient } from '@vitrine/api-client';
import { LoadingState, UiProvider } from '@vitrine/ui';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { I18n } from '@lingui/core';
import { Suspense } from 'react';
import { useLocation, useRoutes } from 'react-router-dom';
import { api as browserApi, ApiContext } from '../lib/api-client';
import { SiteI18nProvider, useTranslation } from '../lib/i18n';
import { browserQueryClient } from '../lib/query-client';
import { RouteErrorBoundary } from './layout/RouteErrorBoundary';
import { SiteLayout } from './layout/SiteLayout';
import { PAGE_ROUTES } from './page-routes';
import { UnknownLanguagePage } from './routes/UnknownLanguagePage';
import { SiteLocaleProvider, usePagePath } from './site-locale';
import { SiteSettingsProvider } from './site-settings';
import { Redirect } from '../lib/server-response';
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
  i18n,
}: {
  queryClient?: QueryClient;
  apiClient?: ApiClient;
  /** The site's words; by default an instance of its own in the page's language. */
  i18n?: I18n;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <ApiContext.Provider value={apiClient}>
        <SiteLocaleProvider>
          {/* The words in the page's language, the UI kit's (toasts, dialogs) too. */}
          <SiteI18nProvider i18n={i18n}>
            <UiProvider>
              <SiteSettingsProvider>
                <SiteLayout>
                  <PageRoutes />
                </SiteLayout>
              </SiteSettingsProvider>
            </UiProvider>
          </SiteI18nProvider>
        </SiteLocaleProvider>
      </ApiContext.Provider>
    </QueryClientProvider>
  );
}

/**
 * The page at the address, matched without its language prefix (`/hi/product` is the
 * products page, in Hindi): the pages and their links see default-language paths, and
 * `useLocalizedPath()` puts the prefix back. A prefix that is no language of the site's is
 * "not found" (404); the default language's own (`/en/product`) moved for good to the
 * unprefixed address.
 */
function PageRoutes() {
  const location = useLocation();
  const { path, unknown, locale } = usePagePath();
  const page = useRoutes(PAGE_ROUTES, { ...location, pathname: path });
  const { t } = useTranslation();
  let shown = page;
  if (unknown === locale.defaultLocale) {
    shown = <Redirect to={`${path}${location.search}${location.hash}`} permanent />;
  } else if (unknown) {
    shown = <UnknownLanguagePage />;
  }
  return (
    <RouteErrorBoundary resetKey={location.pathname}>
      <Suspense fallback={<LoadingState label={t('page.loading')} className="page-loading" />}>
        {shown}
      </Suspense>
    </RouteErrorBoundary>
  );
}
