import { unwrap, type paths, type SiteSettings } from '@vitrine/api-client';
import { DEFAULT_LANGUAGES, localeInfo } from '@vitrine/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from './api-client';

/*
 * The site's languages (issue 36), as Settings keep them: the default first. Every editor
 * that edits translations, and every list that shows their status, reads them from the
 * settings, under the settings' own cache key so that saving Settings updates them all.
 */

/** The settings as an administrator reads them, with the languages (the default first). */
export type AdminSettings = SiteSettings & {
  languages?: string[];
  /** The texts in the other languages: `{ hi: { tagline, figures: [{ label }], … } }`. */
  translations?: Record<string, Record<string, unknown>>;
  translationStatus?: Record<string, string[]>;
};

export function getSettings(signal?: AbortSignal): Promise<AdminSettings> {
  return unwrap(api.GET('/api/settings', { signal }));
}

export const settingsQueryOptions = () =>
  queryOptions({ queryKey: ['settings'], queryFn: ({ signal }) => getSettings(signal) });

export interface SiteLanguages {
  /** Every language, the default first. */
  languages: readonly string[];
  /** The default language's code: the items' own fields. */
  defaultLanguage: string;
  /** The languages in an item's `translations`. */
  others: readonly string[];
  /** Still asking for the settings (false once they came, or failed). */
  pending?: boolean;
}

/** The languages of settings that have them; English alone for a site that never chose. */
export function siteLanguagesOf(settings?: { languages?: readonly string[] }): SiteLanguages {
  const languages = settings?.languages?.length ? settings.languages : DEFAULT_LANGUAGES;
  return { languages, defaultLanguage: languages[0], others: languages.slice(1) };
}

/** The site's languages; English alone until the settings are here (or if they fail). */
export function useSiteLanguages(): SiteLanguages {
  const settings = useQuery(settingsQueryOptions());
  return { ...siteLanguagesOf(settings.data), pending: settings.isPending };
}

/** A language code as the API's queries take it (`?missing=`, `?locale=`): one of LOCALES. */
export type LocaleCode = NonNullable<
  NonNullable<paths['/api/product']['get']['parameters']['query']>['missing']
>;

/** "Hindi": a language's English name, or its code for one LOCALES does not know. */
export function languageName(code: string): string {
  return localeInfo(code)?.name ?? code;
}
