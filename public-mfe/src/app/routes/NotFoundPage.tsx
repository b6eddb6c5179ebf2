import { NotFoundMessage } from '../../components/NotFoundMessage';
import { useServerRedirect } from '../../lib/server-response';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';
import { useTranslation } from '../../lib/i18n';

/**
 * Any address the site does not know. A request for one is redirected to the home page (SPEC);
 * a link inside the site that leads nowhere shows this page with ways on.
 */
export function NotFoundPage() {
  const { t } = useTranslation();
  const settings = useSiteSettings().data;
  useServerRedirect('/');
  usePageMeta({ page: 'not-found' }, settings);
  return <NotFoundMessage back={{ to: '/product', label: t('notFound.browseProjects') }} />;
}
