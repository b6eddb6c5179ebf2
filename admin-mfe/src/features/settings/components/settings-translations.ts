import type { Translations } from '@vitrine/contracts';

/*
 * The settings' texts in the site's other languages (issue 36), as the API keeps them:
 * `translations.hi = { tagline, …, figures: [{ label }], offers: [{ title, text }],
 * banner: { alt } }`, lists element by element in the same order as the fields.
 */

/** The settings' translatable texts, their labels and the API's limits. */
export const TRANSLATED_TEXTS = [
  { name: 'tagline', max: 200, multiline: false },
  { name: 'heroTitle', max: 120, multiline: false },
  { name: 'heroSubtitle', max: 300, multiline: false },
  { name: 'description', max: 2000, multiline: true },
  { name: 'address', max: 500, multiline: true },
  { name: 'servicesOffer', max: 300, multiline: true },
  { name: 'story', max: 5000, multiline: true },
  { name: 'journey', max: 5000, multiline: true },
  { name: 'about', max: 5000, multiline: true },
] as const;

export type TranslatedText = (typeof TRANSLATED_TEXTS)[number]['name'];

/** One language's texts as the form holds them. */
export type SettingsTranslation = Record<TranslatedText, string> & {
  figures: { label: string }[];
  offers: { title: string; text: string }[];
  banner: { alt: string };
};

type Stored = Record<string, unknown>;
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const list = (value: unknown): Stored[] =>
  Array.isArray(value) ? value.map((item) => (item && typeof item === 'object' ? item : {})) : [];

/** The form's translations of `languages`, the stored ones filled out to the form's lists. */
export function translationsToValues(
  stored: Translations | Record<string, Record<string, unknown>> | undefined,
  languages: readonly string[],
  counts: { figures: number; offers: number },
): Record<string, SettingsTranslation> {
  return Object.fromEntries(
    languages.map((code) => {
      const given = (stored?.[code] ?? {}) as Stored;
      const texts = Object.fromEntries(
        TRANSLATED_TEXTS.map(({ name }) => [name, text(given[name])]),
      ) as Record<TranslatedText, string>;
      const figures = list(given.figures);
      const offers = list(given.offers);
      const banner = (given.banner ?? {}) as Stored;
      return [
        code,
        {
          ...texts,
          figures: Array.from({ length: counts.figures }, (_, i) => ({
            label: text(figures[i]?.label),
          })),
          offers: Array.from({ length: counts.offers }, (_, i) => ({
            title: text(offers[i]?.title),
            text: text(offers[i]?.text),
          })),
          banner: { alt: text(banner.alt) },
        },
      ];
    }),
  );
}

/**
 * The translations' body, trimmed, each list as long as the form's (a row added since has
 * no translation yet, a row removed takes its translation with it).
 */
export function translationsToInput(
  translations: Readonly<Record<string, SettingsTranslation>>,
  counts: { figures: number; offers: number; banner: boolean },
): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(translations).map(([code, given]) => {
      const texts = Object.fromEntries(
        TRANSLATED_TEXTS.map(({ name }) => [name, (given[name] ?? '').trim()]),
      );
      return [
        code,
        {
          ...texts,
          figures: Array.from({ length: counts.figures }, (_, i) => ({
            label: (given.figures?.[i]?.label ?? '').trim(),
          })),
          offers: Array.from({ length: counts.offers }, (_, i) => ({
            title: (given.offers?.[i]?.title ?? '').trim(),
            text: (given.offers?.[i]?.text ?? '').trim(),
          })),
          ...(counts.banner ? { banner: { alt: (given.banner?.alt ?? '').trim() } } : {}),
        },
      ];
    }),
  );
}
