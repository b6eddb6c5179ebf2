import { useQuery } from '@tanstack/react-query';
import { type LocalizedAnswer, localeInfo, localizedPath } from '@vitrine/contracts';
import { matchPath, useLocation } from 'react-router-dom';
import { productQueryOptions } from '../../features/products/api/get-product';
import { serviceQueryOptions } from '../../features/services/api/get-service';
import { useApi } from '../../lib/api-client';
import { LinkAsIs } from '../../lib/links';
import { useLocale } from '../../lib/locale';
import { usePagePath } from '../site-locale';
import { loadCatalogue, useTranslation } from '../../lib/i18n';
import './language-switcher.css';

/**
 * The item a page shows (`/singleproject/:slug`), read from the query its page reads (never
 * fetched from here): its slug in each language, and what of it fell back to the default's.
 */
export function usePageItem(
  path: string,
): { base: string; slug: string; answer?: Partial<LocalizedAnswer> } | null {
  const api = useApi();
  const product = matchPath('/singleproject/:slug', path)?.params.slug;
  const service = matchPath('/singleservice/:slug', path)?.params.slug;
  const productQuery = useQuery({ ...productQueryOptions(api, product ?? ''), enabled: false });
  const serviceQuery = useQuery({ ...serviceQueryOptions(api, service ?? ''), enabled: false });
  if (product)
    return { base: '/singleproject/', slug: product, answer: localized(productQuery.data) };
  if (service)
    return { base: '/singleservice/', slug: service, answer: localized(serviceQuery.data) };
  return null;
}

/** What a public read in a language adds to its answer (absent before the API had it). */
function localized(answer: object | undefined): Partial<LocalizedAnswer> | undefined {
  return answer as Partial<LocalizedAnswer> | undefined;
}

/** This page in each of the site's languages: the same item at that language's slug. */
export function useLanguageLinks(): { code: string; to: string; current: boolean }[] {
  const { locale, defaultLocale, languages } = useLocale();
  const { path } = usePagePath();
  const { search } = useLocation();
  const item = usePageItem(path);
  return languages.map((code) => {
    const page = item
      ? `${item.base}${encodeURIComponent(item.answer?.slugs?.[code] ?? item.slug)}`
      : `${path}${search}`;
    return { code, to: localizedPath(page, code, defaultLocale), current: code === locale };
  });
}

/** Where a visitor's choice of language is kept for the visit (never sent to the server). */
export const LANGUAGE_CHOSEN_KEY = 'vitrine.language-chosen';

/**
 * The site's languages, each by its own name, each link leading to this page in that
 * language: the same project at that language's slug, the same list with its query. Shown
 * only on a site of several languages; the page's own language is marked `aria-current`.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const links = useLanguageLinks();
  const { t } = useTranslation();
  if (links.length < 2) return null;
  return (
    <nav
      className={['language-switcher', className].filter(Boolean).join(' ')}
      aria-label={t('language.switcher')}
    >
      <ul className="language-switcher__list">
        {links.map(({ code, to, current }) => (
          <li key={code}>
            <LinkAsIs
              to={to}
              className="language-switcher__link"
              hrefLang={code}
              lang={code}
              aria-current={current ? 'true' : undefined}
              // The language's words, asked for as the visitor comes to the link, are there
              // (or on their way) when the page changes to it.
              onPointerEnter={() => void loadCatalogue(code)}
              onFocus={() => void loadCatalogue(code)}
              onClick={() => rememberChoice()}
            >
              {localeInfo(code)?.nativeName ?? code}
            </LinkAsIs>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The visitor chose a language: no banner suggests another for the rest of the visit. */
function rememberChoice() {
  try {
    sessionStorage.setItem(LANGUAGE_CHOSEN_KEY, '1');
  } catch {
    // Storage refused (a private window's quota): the banner may show again, no harm.
  }
}
