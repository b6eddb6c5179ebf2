import { EmptyState } from '@vitrine/ui';
import { PageIntro } from '../../components/PageIntro';
import { QueryStatus } from '../../components/QueryStatus';
import { galleryQueryOptions, useGallery } from '../../features/gallery/api/get-gallery';
import { GalleryGrid } from '../../features/gallery/components/GalleryGrid';
import { pageLoader } from '../../lib/page-loader';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';

export const loader = pageLoader(({ queryClient, api }) =>
  queryClient.prefetchQuery(galleryQueryOptions(api)),
);

/** `/gallery`: every gallery picture as a square thumbnail, opening a keyboard-friendly viewer. */
export default function GalleryPage() {
  const settings = useSiteSettings().data;
  const gallery = useGallery();
  const images = gallery.data;

  usePageMeta({ page: 'gallery', images }, settings);

  return (
    <>
      <PageIntro
        eyebrow="Gallery"
        title="Fabrics and spaces"
        lead="Select a picture to see it larger; use the arrow keys to move between pictures."
      />
      <div className="site-container site-section">
        <QueryStatus query={gallery} what="the gallery" />
        {images && images.length === 0 && <EmptyState title="The gallery is empty for now" />}
        {images && images.length > 0 && <GalleryGrid images={images} />}
      </div>
    </>
  );
}
