import type { ApiClient } from '@vitrine/api-client';
import { LoadingState, UiProvider } from '@vitrine/ui';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { api as browserApi, ApiContext } from '../lib/api-client';
import { lazyPage } from '../lib/lazy-page';
import { browserQueryClient } from '../lib/query-client';
import { Redirect } from '../lib/server-response';
import { RouteErrorBoundary } from './layout/RouteErrorBoundary';
import { SiteLayout } from './layout/SiteLayout';
import { HomePage } from './routes/home/HomePage';
import { NotFoundPage } from './routes/NotFoundPage';
import { SiteSettingsProvider } from './site-settings';
import './site.css';

// Home is the landing page and ships with the remote; every other page is its own chunk,
// fetched when first visited (named, so a server render knows whose styles the page needs).
const AboutPage = lazyPage(
  'about',
  () => import(/* webpackChunkName: "about" */ './routes/AboutPage'),
);
const GalleryPage = lazyPage(
  'gallery',
  () => import(/* webpackChunkName: "gallery" */ './routes/GalleryPage'),
);
const ProductsPage = lazyPage(
  'products',
  () => import(/* webpackChunkName: "products" */ './routes/ProductsPage'),
);
const ProductPage = lazyPage(
  'product',
  () => import(/* webpackChunkName: "product" */ './routes/ProductPage'),
);
const LegacyProductPage = lazyPage(
  'legacy-product',
  () => import(/* webpackChunkName: "legacy-product" */ './routes/LegacyProductPage'),
);
const ServicesPage = lazyPage(
  'services',
  () => import(/* webpackChunkName: "services" */ './routes/ServicesPage'),
);
const ServicePage = lazyPage(
  'service',
  () => import(/* webpackChunkName: "service" */ './routes/ServicePage'),
);
const ContactPage = lazyPage(
  'contact',
  () => import(/* webpackChunkName: "contact" */ './routes/ContactPage'),
);
const ReviewsPage = lazyPage(
  'reviews',
  () => import(/* webpackChunkName: "reviews" */ './routes/ReviewsPage'),
);
const LoginPage = lazyPage(
  'login',
  () => import(/* webpackChunkName: "login" */ './routes/LoginPage'),
);
const PreviewPage = lazyPage(
  'preview',
  () => import(/* webpackChunkName: "preview" */ './routes/PreviewPage'),
);

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
  return (
    <RouteErrorBoundary resetKey={pathname}>
      <Suspense fallback={<LoadingState label="Loading the page…" className="page-loading" />}>
        <Routes>
          <Route index element={<HomePage />} />
          <Route path="about" element={<AboutPage />} />
          <Route path="gallery" element={<GalleryPage />} />
          <Route path="product" element={<ProductsPage />} />
          <Route path="singleproject" element={<LegacyProductPage />} />
          <Route path="singleproject/:slug" element={<ProductPage />} />
          <Route path="service" element={<ServicesPage />} />
          <Route path="singleservice/:slug" element={<ServicePage />} />
          <Route path="contact-us" element={<ContactPage />} />
          <Route path="reviews" element={<ReviewsPage />} />
          <Route path="login" element={<LoginPage />} />
          <Route path="preview/:token" element={<PreviewPage />} />
          {/* Old and truncated addresses people may still have. */}
          <Route path="contact" element={<Redirect to="/contact-us" />} />
          <Route path="singleservice" element={<Redirect to="/service" />} />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Suspense>
    </RouteErrorBoundary>
  );
}
