import type { ApiError, Preview, Product, Service, SiteSettings } from '@vitrine/api-client';
import { LoadingState, type GatedQuery } from '@vitrine/ui';
import { QueryStatus } from '../../components/QueryStatus';
import { PreviewBanner } from '../../features/preview/components/PreviewBanner';
import { ProductView } from './ProductPage';
import { ServiceView } from './ServicePage';
import { useTranslation } from '../../lib/i18n';

/** The draft's name for the page's title, `draft` ("Draft") until it has come. */
export function previewName(preview: Preview | undefined, draft: string): string {
  return preview ? String(preview.item.ProductName ?? preview.item.ServiceName ?? '') : draft;
}

/**
 * A draft product or service page under its banner, for the editor's own preview and a
 * client's share link alike: a spinner while it comes, the query's message if it fails.
 */
export function PreviewContent({
  query,
  preview,
  settings,
  shared = false,
}: {
  query: GatedQuery<ApiError>;
  preview: Preview | undefined;
  settings: SiteSettings | undefined;
  shared?: boolean;
}) {
  const { t } = useTranslation();
  if (!preview) {
    return query.error ? (
      <div className="site-container site-section">
        <h1 className="vt-visually-hidden">{t('preview.eyebrow')}</h1>
        <QueryStatus query={query} what={t('preview.what')} />
      </div>
    ) : (
      <LoadingState label={t('preview.loading')} className="page-loading" />
    );
  }
  return (
    <>
      <PreviewBanner expiresAt={preview.expiresAt} shared={shared} />
      {preview.type === 'product' ? (
        <ProductView product={preview.item as unknown as Product} whatsapp={settings?.whatsapp} />
      ) : (
        <ServiceView service={preview.item as unknown as Service} settings={settings} />
      )}
    </>
  );
}
