import { render, screen } from '@testing-library/react';
import { useTranslation } from 'react-i18next';
import { CATALOGUES, createI18n, describeWaitIn, SiteI18nProvider } from './i18n';
import { LocaleProvider } from './locale';

type Catalogue = { [key: string]: string | Catalogue };

/** Every key of a catalogue, plural forms as their base key ("count_one" → "count"). */
function keys(catalogue: Catalogue, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string'
      ? [`${prefix}${key.replace(/_(zero|one|two|few|many|other)$/, '')}`]
      : keys(value, `${prefix}${key}.`),
  );
}

function values(catalogue: Catalogue): string[] {
  return Object.values(catalogue).flatMap((value) =>
    typeof value === 'string' ? [value] : values(value),
  );
}

/** The `{{names}}` and `<tags>` a text has, in order of first appearance. */
const placeholders = (text: string) =>
  [...new Set(text.match(/\{\{\w+\}\}|<\/?\w+>/g) ?? [])].sort();

function flat(catalogue: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flat(value, `${prefix}${key}.`),
  ) as [string, string][];
}

describe('the catalogues', () => {
  const en = CATALOGUES.en as Catalogue;
  const hi = CATALOGUES.hi as Catalogue;

  it('have the same keys in English and Hindi', () => {
    expect([...new Set(keys(hi))].sort()).toEqual([...new Set(keys(en))].sort());
  });

  it('have no empty text', () => {
    for (const catalogue of [en, hi]) {
      expect(values(catalogue).filter((text) => text.trim() === '')).toEqual([]);
    }
  });

  it('give each Hindi text the names and tags its English one has', () => {
    const hindi = new Map(flat(hi).map(([key, text]) => [key.replace(/_\w+$/, ''), text]));
    for (const [key, text] of flat(en)) {
      expect([key, placeholders(hindi.get(key.replace(/_\w+$/, '')) ?? '')]).toEqual([
        key,
        placeholders(text),
      ]);
    }
  });

  it('write Hindi in Devanagari', () => {
    const devanagari = values(hi).filter((text) => /[\u0900-\u097F]/u.test(text));
    // A few texts are names or symbols only ("{{siteName}}, होम" has Devanagari; ": {{name}}" none).
    expect(devanagari.length).toBeGreaterThan(values(hi).length * 0.9);
  });
});

function Words() {
  const { t } = useTranslation();
  return (
    <p>
      {t('nav.projects')} · {t('projects.count', { count: 1, formatted: '1' })} ·{' '}
      {t('projects.count', { count: 3, formatted: '3' })}
    </p>
  );
}

describe('SiteI18nProvider', () => {
  it("says the words in the page's language, plurals by the language's rules", () => {
    const locale = (code: string) => ({
      locale: code,
      defaultLocale: 'en',
      languages: ['en', 'hi'],
    });
    const { rerender } = render(
      <LocaleProvider value={locale('hi')}>
        <SiteI18nProvider>
          <Words />
        </SiteI18nProvider>
      </LocaleProvider>,
    );
    expect(screen.getByText('प्रोजेक्ट · 1 प्रोजेक्ट · 3 प्रोजेक्ट')).toBeInTheDocument();

    rerender(
      <LocaleProvider value={locale('en')}>
        <SiteI18nProvider>
          <Words />
        </SiteI18nProvider>
      </LocaleProvider>,
    );
    expect(screen.getByText('Projects · 1 project · 3 projects')).toBeInTheDocument();
  });

  it('shows English words for a site language without a catalogue', () => {
    render(
      <LocaleProvider value={{ locale: 'fr', defaultLocale: 'en', languages: ['en', 'fr'] }}>
        <SiteI18nProvider>
          <Words />
        </SiteI18nProvider>
      </LocaleProvider>,
    );
    expect(screen.getByText('Projects · 1 project · 3 projects')).toBeInTheDocument();
  });

  it('keeps instances apart: one in Hindi does not change another', () => {
    const hindi = createI18n('hi');
    const english = createI18n('en');
    expect(hindi.t('nav.contact')).toBe('संपर्क');
    expect(english.t('nav.contact')).toBe('Contact');
    void english.changeLanguage('hi');
    expect(hindi.t('nav.home')).toBe('होम');
    expect(createI18n('en').t('nav.home')).toBe('Home');
  });

  it('says a wait in words, in the language', () => {
    expect(describeWaitIn(createI18n('en').t, 1)).toBe('1 second');
    expect(describeWaitIn(createI18n('en').t, 600)).toBe('10 minutes');
    expect(describeWaitIn(createI18n('hi').t, 45)).toBe('45 सेकंड');
  });
});
