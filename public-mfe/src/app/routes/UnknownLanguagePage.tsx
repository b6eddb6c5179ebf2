import { NotFoundMessage } from '../../components/NotFoundMessage';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';

/**
 * An address under a language prefix the site does not have (`/fr/product` on a site in
 * English and Hindi, or a language the owner removed): "not found", answered with 404 and
 * not sent on to the home page, so search engines drop the language's addresses.
 */
export function UnknownLanguagePage() {
  const settings = useSiteSettings().data;
  usePageMeta({ page: 'not-found' }, settings);
  return <NotFoundMessage />;
}
