import { useParams } from 'react-router-dom';
import { NotFoundMessage } from '../../components/NotFoundMessage';
import { usePreview } from '../../features/preview/api/get-preview';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';
import { PreviewContent, previewName } from './PreviewContent';
import { useTranslation } from '../../lib/i18n';
import './pages.css';

/**
 * `/preview/:token`: a product or service page as it will look with an editor's unsaved
 * changes, under a "Preview" banner, never indexed. The API shows it only to the editor who
 * made the link, while it lives; everyone else finds no such page.
 */
export default function PreviewPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const settings = useSiteSettings().data;
  const query = usePreview(token);
  const preview = query.data;
  const name = previewName(preview, t('preview.draft'));
  usePageMeta(
    query.error?.status === 404
      ? { page: 'not-found', title: t('preview.notFoundTitle') }
      : { page: 'preview', title: name },
    settings,
  );

  if (query.error?.status === 404) {
    return (
      <NotFoundMessage title={t('preview.notFoundTitle')} eyebrow={t('preview.eyebrow')}>
        {t('preview.notFound')}
      </NotFoundMessage>
    );
  }
  return <PreviewContent query={query} preview={preview} settings={settings} />;
}
