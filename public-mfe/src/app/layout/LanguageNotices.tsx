import { ADMIN_MARKER_COOKIE, localeInfo } from '@vitrine/contracts';
import { useState, useSyncExternalStore } from 'react';
import { LinkAsIs } from '../../lib/links';
import { useLocale } from '../../lib/locale';
import { usePagePath } from '../site-locale';
import { useSiteSettings } from '../site-settings';
import { LANGUAGE_CHOSEN_KEY, useLanguageLinks, usePageItem } from './LanguageSwitcher';
import { CATALOGUE_LANGUAGES, useCatalogueLoaded, wordsIn } from '../../lib/i18n';
import './language-notices.css';

/** Where "no, thanks" to the language suggestion is kept for the visit. */
export const SUGGESTION_DISMISSED_KEY = 'vitrine.language-suggestion-dismissed';

function stored(key: string): boolean {
  try {
    return sessionStorage.getItem(key) === '1';
  } catch {
    return false;
  }
}

/**
 * The first of the browser's preferred languages (`navigator.languages`, what it sends as
 * Accept-Language) that the site has, when that is not the page's and the visitor has
 * neither chosen a language nor said no this visit. Read after hydration only: the server's
 * page is the same for everyone at one address.
 */
function useSuggestedLanguage(): string | null {
  const { locale, languages } = useLocale();
  const preferred = useSyncExternalStore(
    subscribeToNothing,
    () =>
      stored(SUGGESTION_DISMISSED_KEY) || stored(LANGUAGE_CHOSEN_KEY)
        ? ''
        : (navigator.languages ?? [navigator.language]).join(','),
    () => '',
  );
  for (const tag of preferred ? preferred.split(',') : []) {
    const code = tag.toLowerCase().split('-')[0];
    if (code === locale) return null;
    if (languages.includes(code)) return code;
  }
  return null;
}

/** Whether the signed-in owner's marker cookie is there (read after hydration). */
function useIsOwner(): boolean {
  return useSyncExternalStore(
    subscribeToNothing,
    () => document.cookie.split(/;\s*/).includes(`${ADMIN_MARKER_COOKIE}=1`),
    () => false,
  );
}

// What these read changes only with a new page load (or the notice's own buttons, which
// re-render it themselves): the browser's value after hydration, the server's before.
const subscribeToNothing = () => () => undefined;

/**
 * Notes about the page's language, over the page (fixed, so nothing under them moves): a
 * suggestion of the visitor's own language where the site has it (never a redirect), and for
 * the owner only, which texts of this page are not translated yet and show the default
 * language's.
 */
export function LanguageNotices() {
  const suggested = useSuggestedLanguage();
  const [dismissed, setDismissed] = useState(false);
  const links = useLanguageLinks();
  const fallbacks = useFallbackFields();
  const owner = useIsOwner();
  const to = links.find((link) => link.code === suggested)?.to;
  // Shown once its words, in the language it suggests, are here.
  const wordsHere = useCatalogueLoaded(suggested);
  const showSuggestion = suggested && to && !dismissed && wordsHere;
  const showFallbacks = owner && fallbacks.length > 0;
  if (!showSuggestion && !showFallbacks) return null;

  function dismiss() {
    setDismissed(true);
    try {
      sessionStorage.setItem(SUGGESTION_DISMISSED_KEY, '1');
    } catch {
      // Not kept: it is asked again on the next page, nothing worse.
    }
  }

  const name = localeInfo(suggested ?? '')?.nativeName ?? suggested ?? '';
  // The suggestion in the language it suggests (the visitor reads that one); a language
  // without a catalogue names itself.
  const inSuggested = wordsIn(suggested ?? 'en');
  const said = (key: 'suggest' | 'read' | 'noThanks', otherwise: string) =>
    suggested && CATALOGUE_LANGUAGES.includes(suggested)
      ? inSuggested(`language.${key}`)
      : otherwise;
  return (
    <div className="language-notices">
      {showSuggestion && (
        <aside className="language-notice" aria-label={name} lang={suggested}>
          <p className="language-notice__text">
            {said('suggest', name)}{' '}
            <LinkAsIs to={to} hrefLang={suggested} onClick={dismiss}>
              {said('read', name)}
            </LinkAsIs>
          </p>
          <button type="button" className="language-notice__dismiss" onClick={dismiss}>
            {said('noThanks', '×')}
          </button>
        </aside>
      )}
      {showFallbacks && (
        <aside
          className="language-notice language-notice--owner"
          aria-label="Translation"
          lang="en"
        >
          <p className="language-notice__text">
            Only you see this: not translated yet, shown in the default language:{' '}
            {fallbacks.join(', ')}.
          </p>
        </aside>
      )}
    </div>
  );
}

/** The fields of this page's item and of the site's texts that fell back to the default. */
function useFallbackFields(): string[] {
  const { locale, defaultLocale } = useLocale();
  const item = usePageItem(usePagePath().path);
  const settings = useSiteSettings().data as { fallbackFields?: string[] } | undefined;
  if (locale === defaultLocale) return [];
  return [...(item?.answer?.fallbackFields ?? []), ...(settings?.fallbackFields ?? [])];
}
