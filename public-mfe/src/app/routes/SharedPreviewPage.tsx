import { useParams } from 'react-router-dom';
import { NotFoundMessage } from '../../components/NotFoundMessage';
import { useSharedPreview } from '../../features/preview/api/get-shared-preview';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';
import { PreviewContent, previewName } from './PreviewContent';
import { useTranslation } from '../../lib/i18n';
import './pages.css';

/**
 * `/preview/share/:token`: a draft product or service as the studio shared it with a client,
 * who needs no account. Always the item as saved now; never indexed, never kept (the API and
 * the shell's server say no-store). A link that has ended says why, in one sentence.
 */
export default function SharedPreviewPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const settings = useSiteSettings().data;
  const query = useSharedPreview(token);
  const preview = query.data;
  const ended = query.error?.status === 404 || query.error?.status === 410;
  const name = previewName(preview, t('preview.draft'));
  usePageMeta(
    ended
      ? { page: 'not-found', title: t('preview.endedTitle') }
      : { page: 'preview', title: name },
    settings,
  );

  if (ended) {
    return (
      <NotFoundMessage title={t('preview.endedTitle')} eyebrow={t('preview.eyebrow')}>
        {/^This preview link [\w ]+\.$/.test(query.error?.message ?? '')
          ? query.error?.message
          : t('preview.ended')}
      </NotFoundMessage>
    );
  }
  return <PreviewContent query={query} preview={preview} settings={settings} shared />;
}
