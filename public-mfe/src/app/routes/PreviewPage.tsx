import type { Product, Service } from '@vitrine/api-client';
import { LoadingState } from '@vitrine/ui';
import { useParams } from 'react-router-dom';
import { NotFoundMessage } from '../../components/NotFoundMessage';
import { QueryStatus } from '../../components/QueryStatus';
import { usePreview } from '../../features/preview/api/get-preview';
import { PreviewBanner } from '../../features/preview/components/PreviewBanner';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';
import { ProductView } from './ProductPage';
import { ServiceView } from './ServicePage';
import './pages.css';

/**
 * `/preview/:token`: a product or service page as it will look with an editor's unsaved
 * changes, under a "Preview" banner, never indexed. The API shows it only to the editor who
 * made the link, while it lives; everyone else finds no such page.
 */
export default function PreviewPage() {
  const { token = '' } = useParams();
  const settings = useSiteSettings().data;
  const query = usePreview(token);
  const preview = query.data;
  const name = preview
    ? String(preview.item.ProductName ?? preview.item.ServiceName ?? '')
    : 'Draft';
  usePageMeta(
    query.error?.status === 404
      ? { page: 'not-found', title: 'Preview not found' }
      : { page: 'preview', title: name },
    settings,
  );

  if (query.error?.status === 404) {
    return (
      <NotFoundMessage title="Preview not found" eyebrow="Preview">
        This preview link has expired, or it is for the editor who made it only: to show a draft to
        someone else, use Share on the item&rsquo;s page in the admin area.
      </NotFoundMessage>
    );
  }
  if (!preview) {
    return query.error ? (
      <div className="site-container site-section">
        <h1 className="vt-visually-hidden">Preview</h1>
        <QueryStatus query={query} what="this preview" />
      </div>
    ) : (
      <LoadingState label="Loading the preview…" className="page-loading" />
    );
  }
  return (
    <>
      <PreviewBanner expiresAt={preview.expiresAt} />
      {preview.type === 'product' ? (
        <ProductView product={preview.item as unknown as Product} whatsapp={settings?.whatsapp} />
      ) : (
        <ServiceView service={preview.item as unknown as Service} settings={settings} />
      )}
    </>
  );
}
