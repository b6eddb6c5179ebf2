import type { Product, Service } from '@vitrine/api-client';
import { adminApi, adminToken, unique } from '../admin/admin-helpers';
import { openPage, pathOf } from '../public/public-site';
import { layoutShifts, PHONE, recordLayoutShifts, usePage } from '../support/browser';
import { crawl, tagAttributes } from '../support/crawl';
import { stackUrls } from '../support/stack';

/**
 * The site in English and Hindi as a crawler, a link preview and a visitor get it: each page
 * in each language at its own address, with `<html lang>`, its texts in that language (the
 * default's where a translation is missing), `hreflang` alternates that point at each other,
 * and the sitemap listing them; a language the site does not have is not found.
 */

type WithTranslations = { translations?: Record<string, unknown> };
type TranslatedProduct = Product & WithTranslations;
type TranslatedService = Service & WithTranslations;

const HINDI_TAGLINE = 'जयपुर से हाथ से बुने कपड़े';

/** The `hreflang` alternates of a page, by language. */
function alternatesOf(html: string): Record<string, string> {
  const head = /<head>([\s\S]*)<\/head>/.exec(html)?.[1] ?? '';
  return Object.fromEntries(
    [...head.matchAll(/<link\b[^>]*rel="alternate"[^>]*>/g)]
      .map(([tag]) => tagAttributes(tag))
      .filter((link) => link.hreflang)
      .map((link) => [link.hreflang, link.href]),
  );
}

describe('the site in two languages', () => {
  let token: string;
  let settingsBefore: Record<string, unknown>;
  let product: TranslatedProduct;
  let untranslated: TranslatedProduct;
  let service: TranslatedService;
  const tag = unique();
  const hindi = {
    ProductName: `नीला रेशमी पर्दा ${tag}`,
    ProductHeading: 'करघे पर बुना नीला रेशम',
    ProductDescription: '<p>हाथ से बुना भारी रेशम, खिड़कियों के लिए।</p>',
    slug: `neela-resham-parda-${tag}`,
  };
  const hindiService = { ServiceName: `छत का बगीचा ${tag}`, slug: `chhat-ka-bagicha-${tag}` };
  /** Each public route, in English and then in Hindi. */
  let routes: { name: string; en: string; hi: string }[];

  beforeAll(async () => {
    token = await adminToken();
    const settings = await adminApi<Record<string, unknown>>(token, 'GET', '/api/settings');
    // What the admin's read adds to the profile a PUT takes: when, and what is untranslated.
    const { updatedAt: _saved, translationStatus: _status, ...profile } = settings;
    settingsBefore = profile;
    const translations = (profile.translations ?? {}) as Record<string, Record<string, string>>;
    await adminApi(token, 'PUT', '/api/settings', {
      ...profile,
      languages: ['en', 'hi'],
      translations: { ...translations, hi: { ...translations.hi, tagline: HINDI_TAGLINE } },
    });
    const products = await adminApi<TranslatedProduct[]>(
      token,
      'GET',
      '/api/product?limit=2&published=true',
    );
    [product, untranslated] = products;
    [service] = await adminApi<TranslatedService[]>(
      token,
      'GET',
      '/api/service?limit=1&published=true',
    );
    await adminApi(token, 'PUT', `/api/product/${product._id}`, { translations: { hi: hindi } });
    // The other project has no Hindi: its page falls back to English.
    await adminApi(token, 'PUT', `/api/product/${untranslated._id}`, { translations: { hi: {} } });
    await adminApi(token, 'PUT', `/api/service/${service._id}`, {
      translations: { hi: hindiService },
    });
    routes = [
      { name: 'home', en: '/', hi: '/hi' },
      ...['/about', '/gallery', '/product', '/service', '/contact-us', '/reviews'].map((path) => ({
        name: path,
        en: path,
        hi: `/hi${path}`,
      })),
      {
        name: 'a project',
        en: `/singleproject/${product.slug}`,
        hi: `/hi/singleproject/${hindi.slug}`,
      },
      {
        name: 'a service',
        en: `/singleservice/${service.slug}`,
        hi: `/hi/singleservice/${hindiService.slug}`,
      },
    ];
  });

  afterAll(async () => {
    // As it was: the other specs find the settings and the items as the seed left them.
    await adminApi(token, 'PUT', '/api/settings', settingsBefore);
    for (const [kind, item] of [
      ['product', product],
      ['product', untranslated],
      ['service', service],
    ] as const) {
      // Its Hindi texts as they were (the read also holds what the API keeps of its own).
      const before = (item.translations?.hi ?? {}) as Record<string, unknown>;
      const texts = Object.entries(before).filter(([, value]) => typeof value === 'string');
      const answer = await fetch(`${stackUrls().api}/api/${kind}/${item._id}`, {
        method: 'PUT',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ translations: { hi: Object.fromEntries(texts) } }),
      });
      expect({ kind, restored: answer.status, body: answer.ok ? '' : await answer.text() }).toEqual(
        {
          kind,
          restored: 200,
          body: '',
        },
      );
    }
  });

  it('answers every public route in both languages with its lang, head and alternates', async () => {
    const { shell } = stackUrls();
    for (const route of routes) {
      const en = await crawl(route.en);
      const hi = await crawl(route.hi);
      for (const [lang, page, path] of [
        ['en', en, route.en],
        ['hi', hi, route.hi],
      ] as const) {
        expect({ path, status: page.status, lang: page.lang }).toEqual({ path, status: 200, lang });
        expect({ path, canonical: page.canonical }).toEqual({
          path,
          canonical: [`${shell}${path}`],
        });
        expect({ path, og: page.meta('og:locale') }).toEqual({
          path,
          og: [lang === 'en' ? 'en_IN' : 'hi_IN'],
        });
        expect({ path, alternate: page.meta('og:locale:alternate') }).toEqual({
          path,
          alternate: [lang === 'en' ? 'hi_IN' : 'en_IN'],
        });
        const inLanguage = page.jsonLd.map((object) => object.inLanguage).filter(Boolean);
        expect({ path, inLanguage }).toEqual({ path, inLanguage: [lang] });
      }
      // Each language's page names both, and the default as x-default: the same three.
      const alternates = alternatesOf(en.html);
      expect({ route: route.name, alternates }).toEqual({
        route: route.name,
        alternates: {
          en: `${shell}${route.en}`,
          hi: `${shell}${route.hi}`,
          'x-default': `${shell}${route.en}`,
        },
      });
      expect(alternatesOf(hi.html)).toEqual(alternates);
      for (const href of Object.values(alternates)) {
        const answer = await fetch(href, { redirect: 'manual' });
        expect({ href, status: answer.status }).toEqual({ href, status: 200 });
      }
    }
  });

  it('shows the translated texts, and a missing translation in the default language', async () => {
    const project = await crawl(`/hi/singleproject/${hindi.slug}`);
    expect(project.title).toContain(hindi.ProductName);
    expect(project.text).toContain(hindi.ProductHeading);
    expect(project.text).toContain('हाथ से बुना भारी रेशम, खिड़कियों के लिए।');
    expect(project.text).not.toContain(product.ProductName);
    const english = await crawl(`/singleproject/${product.slug}`);
    expect(english.title).toContain(product.ProductName);
    expect(english.text).not.toContain(hindi.ProductName);

    const servicePage = await crawl(`/hi/singleservice/${hindiService.slug}`);
    expect(servicePage.title).toContain(hindiService.ServiceName);

    const home = await crawl('/hi');
    expect(home.one('description')).toBe(HINDI_TAGLINE);
    expect((await crawl('/')).one('description')).not.toBe(HINDI_TAGLINE);

    // No Hindi texts: the Hindi page is there (at its Hindi slug if it keeps one), in Hindi's
    // frame, with the English texts; the API says which fell back.
    const { api } = stackUrls();
    const read = await fetch(`${api}/api/product/singleproject/${untranslated.slug}?locale=hi`);
    const inHindi = (await read.json()) as {
      slugs: Record<string, string>;
      fallbackFields: string[];
    };
    expect(inHindi.fallbackFields).toEqual(expect.arrayContaining(['ProductName']));
    const fallback = await crawl(`/hi/singleproject/${inHindi.slugs.hi}`);
    expect(fallback.status).toBe(200);
    expect(fallback.lang).toBe('hi');
    expect(fallback.title).toContain(untranslated.ProductName);
    // The visitor is not told; the owner's note is drawn after hydration, for them only.
    expect(fallback.html).not.toContain('Only you see this');
  });

  it('sends other addresses of a page on, and has no page under a language it does not have', async () => {
    const { shell } = stackUrls();
    const moved = async (path: string) => {
      const answer = await fetch(`${shell}${path}`, { redirect: 'manual' });
      return { path, status: answer.status, location: answer.headers.get('location') };
    };
    // The default language's own prefix: the unprefixed address, for good.
    expect(await moved('/en/product')).toEqual({
      path: '/en/product',
      status: 301,
      location: '/product',
    });
    expect(await moved(`/en/singleproject/${product.slug}`)).toMatchObject({
      status: 301,
      location: `/singleproject/${product.slug}`,
    });
    // A project's English slug in Hindi: its Hindi slug.
    expect(await moved(`/hi/singleproject/${product.slug}`)).toMatchObject({
      status: 301,
      location: `/hi/singleproject/${hindi.slug}`,
    });
    for (const path of ['/fr', '/fr/product', `/de/singleproject/${product.slug}`]) {
      const page = await crawl(path);
      expect({ path, status: page.status }).toEqual({ path, status: 404 });
      expect(page.canonical).toEqual([]);
    }
  });

  it('answers one address alike whatever language the browser prefers (the cache is by URL)', async () => {
    const { shell } = stackUrls();
    const read = async (language: string) =>
      (await fetch(`${shell}/product`, { headers: { 'Accept-Language': language } })).text();
    const english = await read('en-GB,en;q=0.9');
    expect(await read('hi-IN,hi;q=0.9')).toBe(english);
    expect(english).toMatch(/<html lang="en"/);
  });

  it('lists every language’s address in the sitemap, each with its alternates', async () => {
    const { shell } = stackUrls();
    const sitemap = await (await fetch(`${shell}/sitemap.xml`)).text();
    // Its addresses are at the API's SITE_URL.
    const site = /<loc>(https?:\/\/[^/<]+)/.exec(sitemap)?.[1];
    const entry = (url: string) =>
      [...sitemap.matchAll(/<url>([\s\S]*?)<\/url>/g)]
        .map(([, body]) => body)
        .find((body) => body.includes(`<loc>${url}</loc>`));
    for (const [en, hi] of [
      [`${site}/singleproject/${product.slug}`, `${site}/hi/singleproject/${hindi.slug}`],
      [`${site}/product`, `${site}/hi/product`],
    ]) {
      for (const url of [en, hi]) {
        const body = entry(url);
        expect({ url, listed: body !== undefined }).toEqual({ url, listed: true });
        expect(body).toContain(`hreflang="en" href="${en}"`);
        expect(body).toContain(`hreflang="hi" href="${hi}"`);
        expect(body).toContain(`hreflang="x-default" href="${en}"`);
      }
    }
  });

  describe('in a browser', () => {
    const tab = usePage({ viewport: PHONE.viewport });
    let consoleErrors: string[];
    beforeEach(() => {
      consoleErrors = [];
      tab.page.on('console', (message) => {
        if (message.type() === 'error') consoleErrors.push(message.text());
      });
    });
    afterEach(() => {
      expect(tab.errors).toEqual([]);
      expect(consoleErrors).toEqual([]);
    });

    it('keeps the visitor on the same project when they switch language, moving nothing', async () => {
      const { page } = tab;
      await recordLayoutShifts(page);
      await openPage(page, `/singleproject/${product.slug}`);
      await page.waitForLoadState('networkidle');
      const englishShifts = await layoutShifts(page);

      // On a phone the switcher is in the menu.
      await page.getByRole('button', { name: /Menu|मेन्यू|मेनू/ }).click();
      const switcher = page
        .getByRole('navigation', { name: /Language|भाषा/ })
        .filter({ visible: true });
      await expect(
        switcher.getByRole('link', { name: 'English' }).getAttribute('aria-current'),
      ).resolves.toBe('true');
      await switcher.getByRole('link', { name: 'हिन्दी' }).click();
      await page.waitForURL(`**/hi/singleproject/${hindi.slug}`);
      await page.locator('main h1', { hasText: hindi.ProductName }).waitFor();
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('hi');
      expect(pathOf(page)).toBe(`/hi/singleproject/${hindi.slug}`);

      // The Hindi page as a first visit: server-rendered, hydrated without a mismatch, still.
      await page.reload();
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      const hindiShifts = await layoutShifts(page);
      expect({ englishShifts, hindiShifts }).toEqual({ englishShifts: [], hindiShifts: [] });

      await page.getByRole('button', { name: /Menu|मेन्यू|मेनू/ }).click();
      await page
        .getByRole('navigation', { name: /Language|भाषा/ })
        .filter({ visible: true })
        .getByRole('link', { name: 'English' })
        .click();
      await page.waitForURL(`**/singleproject/${product.slug}`);
      await page.locator('main h1', { hasText: product.ProductName }).waitFor();
      expect(pathOf(page)).toBe(`/singleproject/${product.slug}`);
    });

    it('suggests the browser’s language without changing the page, until dismissed', async () => {
      const context = await tab.browser.newContext({ ...PHONE, locale: 'hi-IN' });
      try {
        const page = await context.newPage();
        await recordLayoutShifts(page);
        await openPage(page, '/product');
        const suggestion = page.getByRole('complementary', { name: 'हिन्दी' });
        await suggestion.waitFor();
        expect(pathOf(page)).toBe('/product');
        expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
        expect(await suggestion.getByRole('link').getAttribute('href')).toBe('/hi/product');
        await suggestion.getByRole('button').click();
        await suggestion.waitFor({ state: 'detached' });
        await page.reload();
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        expect(await suggestion.count()).toBe(0);
        expect(await layoutShifts(page)).toEqual([]);
      } finally {
        await context.close();
      }
    });
  });
});
