import fs from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import {
  CATALOGUES,
  createI18n,
  describeWaitIn,
  loadCatalogue,
  ready,
  SiteI18nProvider,
  useTranslation,
} from './i18n';
import { LocaleProvider } from './locale';

type Catalogue = { [key: string]: string | Catalogue };

/** A catalogue as written (what translators edit), not as the build compiles it. */
const source = (code: string) =>
  JSON.parse(fs.readFileSync(path.join(__dirname, `../locales/${code}.json`), 'utf8')) as Catalogue;

/** Every text of a catalogue by its id ("nav.home"). */
function flat(catalogue: Catalogue, prefix = ''): [string, string][] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value]] : flat(value, `${prefix}${key}.`),
  ) as [string, string][];
}

/** The `{names}` (a plural's number too) and `<tags>` a text has. */
const placeholders = (text: string) =>
  [
    ...new Set([...text.matchAll(/\{(\w+)[,}]|<\/?\w+>/g)].map(([all, name]) => name ?? all)),
  ].sort();

// First in the file: nothing has brought the Hindi words yet.
describe("another language's words", () => {
  it('come only for a page in that language, before the site renders it', async () => {
    expect(CATALOGUES.hi).toBeUndefined();
    document.documentElement.lang = 'en';
    await ready();
    expect(CATALOGUES.hi).toBeUndefined();
    document.documentElement.lang = 'hi';
    await ready();
    expect(createI18n('hi').t('nav.contact')).toBe('संपर्क');
  });
});

describe('the catalogues', () => {
  const en = new Map(flat(source('en')));
  const hi = new Map(flat(source('hi')));
  /** Every language's catalogue but English, by its code. */
  const others = fs
    .readdirSync(path.join(__dirname, '../locales'))
    .map((file) => path.basename(file, '.json'))
    .filter((code) => code !== 'en')
    .map((code) => [code, new Map(flat(source(code)))] as const);

  it('have the same ids as English, every language', () => {
    expect(others.map(([code]) => code)).toContain('hi');
    for (const [code, catalogue] of others) {
      expect([code, [...catalogue.keys()].sort()]).toEqual([code, [...en.keys()].sort()]);
    }
  });

  it('have no empty text', () => {
    for (const catalogue of [en, ...others.map(([, catalogue]) => catalogue)]) {
      expect([...catalogue.values()].filter((text) => text.trim() === '')).toEqual([]);
    }
  });

  it('give each text the names and tags its English one has, every language', () => {
    for (const [code, catalogue] of others) {
      for (const [id, text] of en) {
        expect([code, id, placeholders(catalogue.get(id) ?? '')]).toEqual([
          code,
          id,
          placeholders(text),
        ]);
      }
    }
  });

  it('are compiled for Lingui, every text of every language', async () => {
    await loadCatalogue('hi');
    for (const [code, catalogue] of [['en', en] as const, ['hi', hi] as const]) {
      expect(Object.keys(CATALOGUES[code]).sort()).toEqual([...catalogue.keys()].sort());
      expect(Object.values(CATALOGUES[code]).every(Array.isArray)).toBe(true);
    }
  });

  it('write Hindi in Devanagari', () => {
    const texts = [...hi.values()];
    const devanagari = texts.filter((text) => /[\u0900-\u097F]/u.test(text));
    // A few texts are names or symbols only ("{siteName}, होम" has Devanagari; ": {name}" none).
    expect(devanagari.length).toBeGreaterThan(texts.length * 0.9);
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
  it("says the words in the page's language, plurals by the language's rules", async () => {
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
    expect(await screen.findByText('प्रोजेक्ट · 1 प्रोजेक्ट · 3 प्रोजेक्ट')).toBeInTheDocument();

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
    english.loadAndActivate({ locale: 'hi', messages: CATALOGUES.hi });
    expect(hindi.t('nav.home')).toBe('होम');
    expect(createI18n('en').t('nav.home')).toBe('Home');
  });

  it('says a wait in words, in the language', () => {
    expect(describeWaitIn(createI18n('en').t, 1)).toBe('1 second');
    expect(describeWaitIn(createI18n('en').t, 600)).toBe('10 minutes');
    expect(describeWaitIn(createI18n('hi').t, 45)).toBe('45 सेकंड');
  });
});
