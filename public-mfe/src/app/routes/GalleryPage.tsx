import { EmptyState } from '@vitrine/ui';
import { PageIntro } from '../../components/PageIntro';
import { QueryStatus } from '../../components/QueryStatus';
import { galleryQueryOptions, useGallery } from '../../features/gallery/api/get-gallery';
import { GalleryGrid } from '../../features/gallery/components/GalleryGrid';
import { pageLoader } from '../../lib/page-loader';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';
import { useTranslation } from '../../lib/i18n';

export const loader = pageLoader(({ queryClient, api }) =>
  queryClient.prefetchQuery(galleryQueryOptions(api)),
);

/** `/gallery`: every gallery picture as a square thumbnail, opening a keyboard-friendly viewer. */
export default function GalleryPage() {
  const { t } = useTranslation();
  const settings = useSiteSettings().data;
  const gallery = useGallery();
  const images = gallery.data;

  usePageMeta({ page: 'gallery', images }, settings);

  return (
    <>
      <PageIntro
        eyebrow={t('gallery.eyebrow')}
        title={t('gallery.title')}
        lead={t('gallery.lead')}
      />
      <div className="site-container site-section">
        <QueryStatus query={gallery} what={t('gallery.what')} />
        {images && images.length === 0 && <EmptyState title={t('gallery.empty')} />}
        {images && images.length > 0 && <GalleryGrid images={images} />}
      </div>
    </>
  );
}
