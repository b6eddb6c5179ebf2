import { createContext, useContext } from 'react';
import { DEFAULT_LANGUAGES, localizedPath } from '@vitrine/contracts';

/** The language a public page is in, and the site's languages (the default first). */
export interface SiteLocale {
  locale: string;
  defaultLocale: string;
  languages: string[];
}

const LocaleContext = createContext<SiteLocale>({
  locale: DEFAULT_LANGUAGES[0],
  defaultLocale: DEFAULT_LANGUAGES[0],
  languages: [...DEFAULT_LANGUAGES],
});

/** Given by the routes (a `/hi/…` page is in Hindi, an unprefixed one in the default). */
export const LocaleProvider = LocaleContext.Provider;

export function useLocale(): SiteLocale {
  return useContext(LocaleContext);
}

/** `to` (a default-language path) in the page's language: `/product` → `/hi/product`. */
export function useLocalizedPath(): (to: string) => string {
  const { locale, defaultLocale } = useLocale();
  return (to) => localizedPath(to, locale, defaultLocale);
}
