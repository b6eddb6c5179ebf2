// The public site's own words (menus, buttons, labels, messages) in the page's language,
// through i18next and react-i18next. Every catalogue is bundled (`src/locales/*.json`), so
// an instance is ready the moment it is made: the server makes one per render (no language
// shared between renders running side by side), the browser one per page load, in the
// language the server rendered the page in, before hydrating.
import { UiWordsProvider, type UiWords } from '@vitrine/ui';
import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import { type ReactNode, useLayoutEffect, useMemo, useState, useEffect } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import en from '../locales/en.json';
import hi from '../locales/hi.json';
import { useLocale } from './locale';

/** The catalogues, by language code. A site language without one shows English words. */
export const CATALOGUES = { en, hi } as const;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: typeof en };
  }
}

/** A ready i18next instance in `locale`, of its own (never the global one). */
export function createI18n(locale: string): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: locale,
    fallbackLng: 'en',
    resources: Object.fromEntries(
      Object.entries(CATALOGUES).map(([code, translation]) => [code, { translation }]),
    ),
    // Synchronous: the resources are here, so the first render has its words.
    initAsync: false,
    // React escapes what it renders; the catalogues hold plain text.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return instance;
}

// The browser's: no layout effect on the server (it has no language to change).
const useIsomorphicLayoutEffect = typeof document === 'undefined' ? useEffect : useLayoutEffect;

/**
 * Gives everything below it the site's words in the page's language (`useLocale()`). The
 * instance is made once, in the language of the first render (the server's page's); when
 * the visitor moves to another language (the switcher), it changes language before the
 * browser paints, and the tree stays mounted. `i18n` gives one made elsewhere (tests).
 */
export function SiteI18nProvider({ children, i18n }: { children: ReactNode; i18n?: I18n }) {
  const { locale } = useLocale();
  const [instance] = useState(() => i18n ?? createI18n(locale));
  useIsomorphicLayoutEffect(() => {
    if (instance.language !== locale) void instance.changeLanguage(locale);
  }, [instance, locale]);
  return (
    <I18nextProvider i18n={instance} defaultNS="translation">
      <SharedUiWords>{children}</SharedUiWords>
    </I18nextProvider>
  );
}

/** The shared UI kit's own words (toasts, dialogs, loading and error states), translated. */
function SharedUiWords({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  // `language` names the catalogue the words came from: new words when it changes.
  const words = useMemo<UiWords>(() => uiWords(t), [t, language]);
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
 * The site's words in `locale` outside React (a page's head, built from plain data): one
 * instance per language, made once and never switched to another, so that renders side by
 * side in different languages each read their own.
 */
export function wordsIn(locale: string): TFunction {
  let t = fixed.get(locale);
  if (!t) {
    t = createI18n(locale).t;
    fixed.set(locale, t);
  }
  return t;
}

/** A wait the API asked for (Retry-After, in seconds) in words: "45 seconds", "3 minutes". */
export function describeWaitIn(t: TFunction, seconds: number): string {
  return seconds < 90
    ? t('wait.seconds', { count: seconds })
    : t('wait.minutes', { count: Math.ceil(seconds / 60) });
}
