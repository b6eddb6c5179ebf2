import type { Product, Service } from '@vitrine/api-client';
import { LoadingState } from '@vitrine/ui';
import { useParams } from 'react-router-dom';
import { NotFoundMessage } from '../../components/NotFoundMessage';
import { QueryStatus } from '../../components/QueryStatus';
import { useSharedPreview } from '../../features/preview/api/get-shared-preview';
import { PreviewBanner } from '../../features/preview/components/PreviewBanner';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';
import { ProductView } from './ProductPage';
import { ServiceView } from './ServicePage';
import './pages.css';

/** What the page says when the API gives no sentence of its own. */
const ENDED = 'This preview link has expired or was withdrawn.';

/**
 * `/preview/share/:token`: a draft product or service as the studio shared it with a client,
 * who needs no account. Always the item as saved now; never indexed, never kept (the API and
 * the shell's server say no-store). A link that has ended says why, in one sentence.
 */
export default function SharedPreviewPage() {
  const { token = '' } = useParams();
  const settings = useSiteSettings().data;
  const query = useSharedPreview(token);
  const preview = query.data;
  const ended = query.error?.status === 404 || query.error?.status === 410;
  const name = preview
    ? String(preview.item.ProductName ?? preview.item.ServiceName ?? '')
    : 'Draft';
  usePageMeta(
    ended ? { page: 'not-found', title: 'Preview link ended' } : { page: 'preview', title: name },
    settings,
  );

  if (ended) {
    return (
      <NotFoundMessage title="Preview link ended" eyebrow="Preview">
        {/^This preview link [\w ]+\.$/.test(query.error?.message ?? '')
          ? query.error?.message
          : ENDED}
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
      <PreviewBanner expiresAt={preview.expiresAt} shared />
      {preview.type === 'product' ? (
        <ProductView product={preview.item as unknown as Product} whatsapp={settings?.whatsapp} />
      ) : (
        <ServiceView service={preview.item as unknown as Service} settings={settings} />
      )}
    </>
  );
}
