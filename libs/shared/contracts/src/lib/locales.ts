// The site's languages (issue 36), said once for the API, the shell's server and both front
// ends. The owner picks the site's languages from LOCALES in Settings, the default first;
// the default keeps today's paths and the spec's field names, every other language lives
// under its prefix (`/hi/product`) and in each item's `translations`.

/** A language the owner may give the site: its code, names, and what Open Graph calls it. */
export interface LocaleInfo {
  /** BCP 47 code: the URL prefix, `<html lang>`, `hreflang`, `?locale=`. */
  code: string;
  /** Its name in English, for the admin area. */
  name: string;
  /** Its name in itself, for the public language switcher. */
  nativeName: string;
  /** Open Graph's `og:locale`: language_TERRITORY. */
  ogLocale: string;
}

/**
 * The languages a site may have. The public site's own words (menus, buttons, labels) have
 * catalogues for English and Hindi; another language shows them in English until its
 * catalogue is added, while its content is the owner's translation.
 */
export const LOCALES: readonly LocaleInfo[] = [
  { code: 'en', name: 'English', nativeName: 'English', ogLocale: 'en_IN' },
  { code: 'hi', name: 'Hindi', nativeName: 'हिन्दी', ogLocale: 'hi_IN' },
  { code: 'mr', name: 'Marathi', nativeName: 'मराठी', ogLocale: 'mr_IN' },
  { code: 'gu', name: 'Gujarati', nativeName: 'ગુજરાતી', ogLocale: 'gu_IN' },
  { code: 'bn', name: 'Bengali', nativeName: 'বাংলা', ogLocale: 'bn_IN' },
  { code: 'ta', name: 'Tamil', nativeName: 'தமிழ்', ogLocale: 'ta_IN' },
  { code: 'ur', name: 'Urdu', nativeName: 'اردو', ogLocale: 'ur_IN' },
  { code: 'fr', name: 'French', nativeName: 'Français', ogLocale: 'fr_FR' },
  { code: 'de', name: 'German', nativeName: 'Deutsch', ogLocale: 'de_DE' },
  { code: 'es', name: 'Spanish', nativeName: 'Español', ogLocale: 'es_ES' },
];

export const LOCALE_CODES: readonly string[] = LOCALES.map((locale) => locale.code);

/** A site that never chose: English alone, as before languages existed. */
export const DEFAULT_LANGUAGES: readonly string[] = ['en'];

/** The demo content's languages. */
export const DEMO_LANGUAGES: readonly string[] = ['en', 'hi'];

export function localeInfo(code: string): LocaleInfo | undefined {
  return LOCALES.find((locale) => locale.code === code);
}

/**
 * The `Intl` locale a site language writes numbers, prices and dates in: its language with
 * its territory (`en` → `en-IN`, `hi` → `hi-IN`, `fr` → `fr-FR`); an unknown code as given.
 */
export function intlLocale(code: string): string {
  return localeInfo(code)?.ogLocale.replace('_', '-') ?? code;
}

export function isLocaleCode(value: unknown): value is string {
  return typeof value === 'string' && LOCALE_CODES.includes(value);
}

/**
 * An item's texts in the languages other than the default, by language code: each holds the
 * fields it translates, under the same names as the item's own (`ProductName`, `alt`…). A
 * field left out, or '', falls back to the default language's value.
 */
export type Translations<Fields extends string = string> = Partial<
  Record<string, Partial<Record<Fields, string>>>
>;

/** The site's languages, as the public settings answer and Settings save them. */
export interface SiteLanguages {
  /** The default first; never empty. */
  languages: string[];
}

/**
 * What a public read with `?locale=` adds to its answer: the language its texts are in, the
 * fields that fell back to the default language (for the owner: the public site tells only
 * a signed-in administrator), and the item's slug in every site language, for the language
 * switcher and `hreflang`.
 */
export interface LocalizedAnswer {
  locale: string;
  fallbackFields: string[];
  /** Present on items with a slug: `{ en: 'blue-silk', hi: 'neela-resham' }`. */
  slugs?: Record<string, string>;
}

/**
 * An admin read's (and list's) summary of an item's translations: per non-default site
 * language, the visitor-facing fields that still have no text. `[]` is complete.
 */
export type TranslationStatus = Record<string, string[]>;

/**
 * The path of `path` (a default-language path such as `/singleproject/blue-silk`, with its
 * query and hash) in `locale`: the default language's paths have no prefix, another's have
 * `/{code}`. `/` in Hindi is `/hi`.
 */
export function localizedPath(path: string, locale: string, defaultLocale: string): string {
  if (locale === defaultLocale) return path;
  return path === '/' || path.startsWith('/?') || path.startsWith('/#')
    ? `/${locale}${path.slice(1)}`
    : `/${locale}${path}`;
}

/**
 * The language prefix of a public path and the path without it, given the site's languages
 * (default first): `/hi/product` → `{ locale: 'hi', path: '/product' }`; `/product` → the
 * default. A prefix that is a language code but not one of the site's is `unknown` (a 404),
 * as is the default language's own code (its pages have no prefix).
 */
export function splitLocalePath(
  path: string,
  languages: readonly string[],
): { locale: string; path: string; unknown?: string } {
  const defaultLocale = languages[0] ?? DEFAULT_LANGUAGES[0];
  const match = /^\/([a-z]{2})(?=\/|$|\?|#)(.*)$/.exec(path);
  if (!match || !isLocaleCode(match[1])) return { locale: defaultLocale, path };
  const [, code, rest] = match;
  const stripped = rest === '' || rest.startsWith('?') || rest.startsWith('#') ? `/${rest}` : rest;
  if (code === defaultLocale || !languages.includes(code)) {
    return { locale: defaultLocale, path: stripped, unknown: code };
  }
  return { locale: code, path: stripped };
}
