import type { SiteSettings } from '@vitrine/api-client';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_LANGUAGES, isLocaleCode, splitLocalePath } from '@vitrine/contracts';
import { createContext, type ReactNode, useContext, useMemo } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiContext, localizedApi, useApi } from '../lib/api-client';
import { LocaleProvider, type SiteLocale } from '../lib/locale';
import { settingsQueryOptions } from '../features/settings/api/get-settings';

/** The site's languages as the settings give them, the default first. */
export function siteLanguages(settings: SiteSettings | undefined): string[] | undefined {
  const languages = (settings as { languages?: unknown } | undefined)?.languages;
  return Array.isArray(languages) && languages.length > 0 && languages.every(isLocaleCode)
    ? languages
    : undefined;
}

/** Which page an address is, once its language prefix is read. */
export interface PagePath {
  locale: SiteLocale;
  /** The address's path in the default language's terms: `/hi/product` → `/product`. */
  path: string;
  /**
   * A prefix that is a language code but not a language of the site's (a 404), or the
   * default language's own code (its pages have no prefix: a 301 to `path`).
   */
  unknown?: string;
}

/**
 * Reads `pathname` with the site's languages (`undefined` while the settings load: then a
 * prefix that is a language code is taken for one of the site's, as the server's page was).
 */
export function pagePath(pathname: string, known: readonly string[] | undefined): PagePath {
  let languages = known;
  if (!languages) {
    const prefix = /^\/([a-z]{2})(?=\/|$)/.exec(pathname)?.[1];
    const fallback = DEFAULT_LANGUAGES[0];
    languages = prefix && prefix !== fallback ? [fallback, prefix] : [fallback];
  }
  const split = splitLocalePath(pathname, languages);
  return {
    locale: { locale: split.locale, defaultLocale: languages[0], languages: [...languages] },
    path: split.path,
    unknown: split.unknown,
  };
}

const PagePathContext = createContext<PagePath>(pagePath('/', undefined));

/** The page's address without its language prefix, and what the prefix said. */
export function usePagePath(): PagePath {
  return useContext(PagePathContext);
}

/**
 * Gives everything below it the page's language, from its address and the site's languages
 * (the default language's settings, which every page loads anyway): `LocaleProvider`'s value,
 * and an API client that asks for the public content in that language (`?locale=`).
 */
export function SiteLocaleProvider({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const api = useApi();
  const languages = siteLanguages(useQuery(settingsQueryOptions(api)).data);
  const key = languages?.join() ?? '';
  const page = useMemo(() => pagePath(pathname, key ? key.split(',') : undefined), [pathname, key]);
  const { locale, defaultLocale } = page.locale;
  const several = page.locale.languages.length > 1;
  const localized = useMemo(
    () => localizedApi(api, locale, defaultLocale, several),
    [api, locale, defaultLocale, several],
  );
  return (
    <PagePathContext.Provider value={page}>
      <LocaleProvider value={page.locale}>
        <ApiContext.Provider value={localized}>{children}</ApiContext.Provider>
      </LocaleProvider>
    </PagePathContext.Provider>
  );
}
