import { NotFoundMessage } from '../../components/NotFoundMessage';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSiteSettings } from '../site-settings';

/** Any address the site does not know. */
export function NotFoundPage() {
  const settings = useSiteSettings().data;
  usePageMeta({ page: 'not-found' }, settings);
  return <NotFoundMessage back={{ to: '/product', label: 'Browse our products' }} />;
}
