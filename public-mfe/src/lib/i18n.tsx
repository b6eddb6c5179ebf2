// The public site's own words (menus, buttons, labels, messages) in the page's language,
// through Lingui. The catalogues (`src/locales/*.json`: nested keys, ICU MessageFormat) are
// compiled at build time (tools/webpack/catalogue-loader.js, and jest's transform), so the
// pages carry Lingui's small runtime and no message parser, and an instance is ready the
// moment it is made: the server makes one per render (no language shared between renders
// running side by side), the browser one per page load, in the language the server rendered
// the page in, before hydrating.
//
// `useTranslation()` and `<Trans i18nKey>` keep the shape the components were written with:
// `t('nav.home')`, `t('projects.count', { count, formatted })`, ids the English catalogue's
// key paths, checked by the type checker.
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { type I18nContext, I18nProvider, LinguiContext, Trans as LinguiTrans } from '@lingui/react';
import { UiWordsProvider, type UiWords } from '@vitrine/ui';
import {
  type ReactElement,
  type ReactNode,
  useContext,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
} from 'react';
import en from '../locales/en.json';
import { useLocale } from './locale';

/** The English catalogue's shape as written (nested keys): the ids' source. */
type Catalogue = typeof en;
type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`;
}[keyof T & string];
/** A text's id: its key path in the catalogues ("nav.home"). */
export type MessageId = Paths<Catalogue>;

/** The site's words in one language: `t('nav.home')`, `t('wait.seconds', { count })`. */
export type TFunction = (id: MessageId, values?: Record<string, unknown>) => string;

/**
 * The catalogues loaded, by language code, as the build compiled them (flat ids, compiled
 * texts): the import's type is the source file's, its value the loader's. English, the
 * fallback, comes with the code; every other language is a chunk of its own that only its
 * pages load (`loadCatalogue`), so an English page carries no Hindi words. A site language
 * without a catalogue shows English words.
 */
export const CATALOGUES: Record<string, Messages> = { en: en as unknown as Messages };

const LOADERS: Record<string, () => Promise<{ default: unknown }>> = {
  hi: () => import(/* webpackChunkName: "words-hi" */ '../locales/hi.json'),
};

/** The languages that have a catalogue of their own. */
export const CATALOGUE_LANGUAGES = ['en', ...Object.keys(LOADERS)];

const loading = new Map<string, Promise<Messages>>();

/** Brings `locale`'s catalogue (English's for a language without one); once per language. */
export function loadCatalogue(locale: string): Promise<Messages> {
  const loaded = CATALOGUES[locale];
  if (loaded || !LOADERS[locale]) return Promise.resolve(loaded ?? CATALOGUES.en);
  let promise = loading.get(locale);
  if (!promise) {
    promise = LOADERS[locale]().then((module) => {
      CATALOGUES[locale] = module.default as Messages;
      return CATALOGUES[locale];
    });
    loading.set(locale, promise);
  }
  return promise;
}

/**
 * The page's words, brought before the shell renders or hydrates the site (`ready` of the
 * remote's module): the language the server rendered the page in, `<html lang>`.
 */
export async function ready(): Promise<void> {
  await loadCatalogue(document.documentElement.lang);
}

/** A ready Lingui instance in `locale` (its catalogue loaded), of its own (never a shared one). */
export function createI18n(locale: string): I18n {
  return setupI18n({ locale, messages: { [locale]: CATALOGUES[locale] ?? CATALOGUES.en } });
}

/** `i18n`'s words as a function of an id and its values. */
const wordsOf =
  (i18n: I18n): TFunction =>
  (id, values) =>
    i18n._(id, values);

/** What components with no SiteI18nProvider above them read (specs rendering one alone). */
let fallback: I18nContext | undefined;
export function setFallbackI18n(i18n: I18n): void {
  fallback = { i18n, _: i18n._.bind(i18n) };
}

/** The provider's Lingui context, or the fallback. */
function useLinguiContext(): I18nContext {
  const context = useContext(LinguiContext) ?? fallback;
  if (!context) throw new Error('The site has no words here: render it in a SiteI18nProvider');
  return context;
}

/** The site's words in the page's language, and the instance saying them. */
export function useTranslation(): { t: TFunction; i18n: I18n } {
  // The context is new when the language changes, and so is `t` (memoised lists see it).
  const context = useLinguiContext();
  const t = useMemo(() => wordsOf(context.i18n), [context]);
  return { t, i18n: context.i18n };
}

/**
 * A text with elements in it: `<Trans i18nKey="status.noAnswerCall" values={{ phone }}
 * components={{ phone: <a href={…} /> }} />` for "Call <phone>{phone}</phone>".
 */
export function Trans({
  i18nKey,
  values,
  components,
}: {
  i18nKey: MessageId;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
}) {
  return (
    <LinguiContext.Provider value={useLinguiContext()}>
      <LinguiTrans id={i18nKey} values={values} components={components} />
    </LinguiContext.Provider>
  );
}

// The browser's: no layout effect on the server (it has no language to change).
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Gives everything below it the site's words in the page's language (`useLocale()`). The
 * instance is made once, in the language of the first render (the server's page's, whose
 * words `ready` brought); when the visitor moves to another language (the switcher), its
 * words are brought and the instance changes language before the browser paints, the tree
 * staying mounted (in the former language's words until then). `i18n` gives one made
 * elsewhere (tests).
 */
export function SiteI18nProvider({ children, i18n }: { children: ReactNode; i18n?: I18n }) {
  const { locale } = useLocale();
  const [instance] = useState(() => i18n ?? createI18n(locale));
  const loaded = useCatalogueLoaded(locale);
  useIsomorphicLayoutEffect(() => {
    const messages = CATALOGUES[locale] ?? CATALOGUES.en;
    if (loaded && (instance.locale !== locale || instance.messages !== messages)) {
      instance.loadAndActivate({ locale, messages });
    }
  }, [instance, locale, loaded]);
  return (
    <I18nProvider i18n={instance}>
      <SharedUiWords>{children}</SharedUiWords>
    </I18nProvider>
  );
}

/** The shared UI kit's own words (toasts, dialogs, loading and error states), translated. */
function SharedUiWords({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const words = useMemo<UiWords>(() => uiWords(t), [t]);
  return <UiWordsProvider words={words}>{children}</UiWordsProvider>;
}

function uiWords(t: TFunction): UiWords {
  return {
    loading: t('ui.loading'),
    errorTitle: t('ui.errorTitle'),
    tryAgain: t('ui.tryAgain'),
    formErrorTitle: t('ui.formErrorTitle'),
    confirm: t('ui.confirm'),
    cancel: t('ui.cancel'),
    dismissNotification: t('ui.dismissNotification'),
    skipToContent: t('ui.skipToContent'),
    imageViewer: t('ui.imageViewer'),
    close: t('ui.close'),
    previousImage: t('ui.previousImage'),
    nextImage: t('ui.nextImage'),
    previousSlide: t('ui.previousSlide'),
    nextSlide: t('ui.nextSlide'),
    startRotation: t('ui.startRotation'),
    stopRotation: t('ui.stopRotation'),
    slideOf: (position, count) => t('ui.slideOf', { position, count }),
    imageOf: (position, count) => t('ui.imageOf', { position, count }),
    slide: t('ui.slide'),
    carousel: t('ui.carousel'),
  };
}

const fixed = new Map<string, TFunction>();

/**
 * The site's words in `locale` outside React (a page's head, built from plain data; the
 * language notice's suggestion, in the language it suggests): one instance per language,
 * made once and never switched to another, so that renders side by side in different
 * languages each read their own.
 */
export function wordsIn(locale: string): TFunction {
  let t = fixed.get(locale);
  if (!t) {
    t = wordsOf(createI18n(locale));
    // Kept once its catalogue is here (English words until then, never kept).
    if (CATALOGUES[locale] || !LOADERS[locale]) fixed.set(locale, t);
  }
  return t;
}

/**
 * Whether `locale`'s words are here, bringing them if not, without suspending: for words in
 * a language other than the page's (the suggestion of the visitor's own), shown once loaded.
 */
export function useCatalogueLoaded(locale: string | null | undefined): boolean {
  const known = !locale || Boolean(CATALOGUES[locale]) || !LOADERS[locale];
  const [loaded, setLoaded] = useState<string>();
  useEffect(() => {
    if (known || !locale) return;
    let current = true;
    void loadCatalogue(locale).then(() => current && setLoaded(locale));
    return () => {
      current = false;
    };
  }, [known, locale]);
  return known || loaded === locale;
}

/** A wait the API asked for (Retry-After, in seconds) in words: "45 seconds", "3 minutes". */
export function describeWaitIn(t: TFunction, seconds: number): string {
  return seconds < 90
    ? t('wait.seconds', { count: seconds })
    : t('wait.minutes', { count: Math.ceil(seconds / 60) });
}
