import { UiProvider } from '@vitrine/ui';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Navigate, Route, Routes } from 'react-router-dom';
import { AccountPage } from './routes/AccountPage';
import { AuditPage } from './routes/AuditPage';
import { BackupsPage } from './routes/backups/BackupsPage';
import { EnquiriesPage } from './routes/enquiries/EnquiriesPage';
import { EnquiryPage } from './routes/enquiries/EnquiryPage';
import { GalleryPage } from './routes/GalleryPage';
import { InsightsPage } from './routes/insights/InsightsPage';
import { MediaLibraryPage } from './routes/media/MediaLibraryPage';
import { NotFoundPage } from './routes/NotFoundPage';
import { ProductFormPage, ProductsPage } from './routes/ProductPages';
import { ReviewFormPage } from './routes/ReviewFormPage';
import { ReviewsPage } from './routes/ReviewsPage';
import { ServiceFormPage, ServicesPage } from './routes/ServicePages';
import { SettingsPage } from './routes/SettingsPage';
import { TokensPage } from './routes/TokensPage';
import { TrashPage } from './routes/TrashPage';
import { UserFormPage } from './routes/UserFormPage';
import { UsersPage } from './routes/UsersPage';
import { SiteVersionsPage } from './routes/versions/SiteVersionsPage';
import { WebhooksPage } from './routes/webhooks/WebhooksPage';
import { browserQueryClient } from '../lib/query-client';
import { AccessGate } from './AccessGate';
import { AdminLayout } from './AdminLayout';
import { OverviewPage } from './routes/OverviewPage';
import { RouteErrorBoundary } from './RouteErrorBoundary';

/**
 * The admin area, mounted by the shell at /admin/* (and by bootstrap.tsx in standalone
 * mode): relative routes under the host's router, behind the access gate, each screen inside
 * its own error boundary. `queryClient` is the page's data cache: the browser's one by
 * default; tests give each render its own.
 */
export function App({ queryClient = browserQueryClient() }: { queryClient?: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <UiProvider>
        <AccessGate>
          <Routes>
            <Route element={<AdminLayout />}>
              <Route element={<RouteErrorBoundary />}>
                <Route index element={<Navigate to="overview" replace />} />
                <Route path="overview" element={<OverviewPage />} />
                <Route path="insights" element={<InsightsPage />} />
                <Route path="user" element={<UsersPage />} />
                <Route path="add-user" element={<UserFormPage />} />
                <Route path="edit-user/:id" element={<UserFormPage />} />
                <Route path="product" element={<ProductsPage />} />
                <Route path="add-product" element={<ProductFormPage />} />
                <Route path="edit-product/:id" element={<ProductFormPage />} />
                <Route path="service" element={<ServicesPage />} />
                <Route path="add-service" element={<ServiceFormPage />} />
                <Route path="edit-service/:id" element={<ServiceFormPage />} />
                <Route path="review" element={<ReviewsPage />} />
                <Route path="add-review" element={<ReviewFormPage />} />
                <Route path="edit-review/:id" element={<ReviewFormPage />} />
                <Route path="gallery" element={<GalleryPage />} />
                <Route path="media" element={<MediaLibraryPage />} />
                <Route path="enquiries" element={<EnquiriesPage />} />
                <Route path="enquiries/:id" element={<EnquiryPage />} />
                <Route path="settings" element={<SettingsPage />} />
                <Route path="audit" element={<AuditPage />} />
                <Route path="account" element={<AccountPage />} />
                <Route path="trash" element={<TrashPage />} />
                <Route path="backups" element={<BackupsPage />} />
                <Route path="tokens" element={<TokensPage />} />
                <Route path="versions" element={<SiteVersionsPage />} />
                <Route path="webhooks" element={<WebhooksPage />} />
                <Route path="*" element={<NotFoundPage />} />
              </Route>
            </Route>
          </Routes>
        </AccessGate>
      </UiProvider>
    </QueryClientProvider>
  );
}
