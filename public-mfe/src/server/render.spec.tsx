/**
 * @jest-environment node
 */
import type { Media } from '@vitrine/api-client';
import { QueryCache } from '@tanstack/react-query';
import { renderToPipeableStream } from 'react-dom/server';
import { siteSettings } from '../testing/site-settings';
import { render, type RenderOptions } from './render';

jest.mock('react-dom/server', () => {
  const server = jest.requireActual('react-dom/server');
  return { ...server, renderToPipeableStream: jest.fn(server.renderToPipeableStream) };
});

// What webpack's DefinePlugin gives the server build: where its files are, until the render
// says (assetBase).
Object.assign(globalThis, { __SERVER_ASSET_PREFIX__: '/__assets__/' });

const media = (id: string): Media => ({
  id,
  variants: [{ width: 1280, url: `/uploads/${id}-1280.webp` }],
  width: 1280,
  height: 960,
  placeholder: '',
});

// The titles below end in the company's name: a short one.
let settings: typeof siteSettings = {
  ...siteSettings,
  companyName: 'Vitrine',
};
const product = (slug: string, ProductName: string, ProductCategory: string) => ({
  _id: slug,
  slug,
  ProductName,
  ProductCategory,
  ProductPrice: 1450,
  ProductHeading: `${ProductName}, woven by hand`,
  ProductDescription: '<p>A soft linen.</p>',
  media: media(slug),
  photos: [],
});
const products = [
  product('sage-linen', 'Sage linen', 'Linen'),
  product('flax-linen', 'Flax linen', 'Linen'),
  product('kala-cotton', 'Kala cotton', 'Cotton'),
];
const service = {
  _id: 'terrace-gardens',
  slug: 'terrace-gardens',
  ServiceName: 'Terrace gardens',
  ServiceCategory: 'Landscape',
  ServiceHeading: 'Green roofs',
  ServiceDescription: '<p>Planting plans.</p>',
  media: media('terrace'),
  photos: [],
};
const review = {
  _id: 'r1',
  ClientName: 'Meera',
  ClientReview: 'The linen drapes beautifully.',
  createdAt: '2026-10-01T10:00:00.000Z',
  media: [],
};

/** The API as the render sees it: its answers, by path and query. */
function answer(url: URL): unknown {
  const { pathname, searchParams } = url;
  const category = searchParams.get('category');
  const lastPart = decodeURIComponent(pathname.split('/').at(-1) ?? '');
  if (pathname === '/api/settings') {
    if (!languages) return settings;
    const hindi = searchParams.get('locale') === 'hi' ? { tagline: 'हाथ से बुने कपड़े' } : {};
    return { ...settings, languages, ...hindi };
  }
  if (pathname === '/api/product/getcategory') {
    return ['Linen', 'Cotton'].map((name) => ({
      ProductCategory: name,
      count: products.filter((item) => item.ProductCategory === name).length,
      media: media(name),
    }));
  }
  if (pathname === '/api/product') {
    return products.filter((item) => !category || item.ProductCategory === category);
  }
  if (pathname.startsWith('/api/product/singleproject/')) {
    // 'sage' is the product's earlier slug: the API answers with the product as it is now.
    return products.find((item) => item.slug === lastPart || `${item.slug}-old` === lastPart);
  }
  if (pathname === '/api/service/getcategory') return [{ ServiceCategory: 'Landscape', count: 1 }];
  if (pathname === '/api/service') return [service];
  if (pathname.startsWith('/api/service/singleservice/')) {
    return lastPart === service.slug ? service : undefined;
  }
  if (pathname === '/api/reviews') return [review];
  if (pathname === '/api/gallery') return [{ _id: 'g1', alt: 'A loom', media: media('g1') }];
  if (pathname === '/api/insights/policy') return { retentionMonths: 18 };
  return undefined;
}

let asked: string[];
let failing: string | undefined;
/** The site's languages the settings give; none: as before languages existed. */
let languages: string[] | undefined;

beforeEach(() => {
  asked = [];
  failing = undefined;
  languages = undefined;
  jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    asked.push(`${url.origin}${url.pathname}${url.search}`);
    if (url.pathname === failing)
      return Response.json({ statusCode: 503, message: 'Down' }, { status: 503 });
    const body = answer(url);
    return body === undefined
      ? Response.json(
          { statusCode: 404, error: 'Not Found', message: 'Not found' },
          { status: 404 },
        )
      : Response.json(body);
  });
});

afterEach(() => jest.restoreAllMocks());

const options: RenderOptions = {
  apiUrl: 'http://api.test/',
  assetBase: 'https://cdn.test/public/',
  siteUrl: 'https://vitrine.example',
};

describe('the server render', () => {
  it.each([
    '/',
    '/about',
    '/gallery',
    '/product',
    '/product?category=Cotton',
    '/singleproject/sage-linen',
    '/service',
    '/service?category=Landscape',
    '/singleservice/terrace-gardens',
    '/contact-us',
    '/contact-us?product=sage-linen',
    '/contact-us?service=terrace-gardens',
    '/reviews',
    '/privacy',
  ])(
    'renders %s once, from answers asked for once each, and gives the browser every one the page shows',
    async (url) => {
      const renders = jest.mocked(renderToPipeableStream);
      renders.mockClear();
      // Every query the page builds as it renders, and whether it would fetch in the browser.
      const build = jest.spyOn(QueryCache.prototype, 'build');
      const result = await render(url, options);

      expect(renders).toHaveBeenCalledTimes(1);
      expect(result.status).toBe(200);
      expect(result.redirect).toBeUndefined();
      expect(asked.length).toBeGreaterThan(0);
      expect(new Set(asked).size).toBe(asked.length);
      const shown = new Set(
        build.mock.calls
          .filter(([, queryOptions]) => (queryOptions as { enabled?: boolean }).enabled !== false)
          .map(([, queryOptions]) => JSON.stringify(queryOptions.queryKey)),
      );
      const given = result.state.queries
        .filter((query) => query.state.status === 'success')
        .map((query) => JSON.stringify(query.queryKey));
      expect([...shown].sort()).toEqual([...given].sort());
      // The page's markup is the finished page: no section is still loading.
      expect(result.html).not.toMatch(/Loading /);
    },
  );

  it('shows the product, its category and the rest of that category', async () => {
    const result = await render('/singleproject/sage-linen', options);
    expect(result.html).toContain('Sage linen, woven by hand');
    expect(result.html).toMatch(/More in (<!-- -->)?Linen/);
    expect(result.html).toContain('href="/singleproject/flax-linen"');
    expect(result.html).not.toContain('href="/singleproject/kala-cotton"');
    expect(result.title).toBe('Sage linen | Vitrine');
    expect(result.head).toContain('href="https://vitrine.example/singleproject/sage-linen"');
    expect(result.chunks).toEqual(['product']);
  });

  it('shows the first category on /product and the one named in the address', async () => {
    const first = await render('/product', options);
    expect(first.html).toContain('href="/singleproject/sage-linen"');
    const named = await render('/product?category=Cotton', options);
    expect(named.html).toContain('href="/singleproject/kala-cotton"');
    expect(named.html).not.toContain('href="/singleproject/sage-linen"');
  });

  it('answers 404 for an unknown product or service, and gives the browser the 404', async () => {
    const noProduct = await render('/singleproject/no-such-product', options);
    expect(noProduct.status).toBe(404);
    expect(noProduct.html).toContain('Project not found');
    expect(
      noProduct.state.queries.map((query) => [query.queryKey, query.state.status]),
    ).toContainEqual([['product', 'no-such-product'], 'error']);
    // Nothing is asked for a product that is not there.
    expect(asked.filter((url) => url.includes('/api/product?'))).toEqual([]);

    expect((await render('/singleservice/no-such-service', options)).status).toBe(404);
  });

  it('redirects an earlier slug for good (301) and an unknown path home (302)', async () => {
    const moved = await render('/singleproject/sage-linen-old', options);
    expect(moved).toMatchObject({ redirect: '/singleproject/sage-linen', redirectStatus: 301 });
    expect(asked.filter((url) => url.includes('/api/product?'))).toEqual([]);

    expect(await render('/no/such/page', options)).toMatchObject({
      redirect: '/',
      redirectStatus: 302,
    });
    expect(await render('/contact', options)).toMatchObject({ redirect: '/contact-us' });
  });

  it('renders the privacy note with how long the API keeps the statistics', async () => {
    const result = await render('/privacy', options);
    expect(result.status).toBe(200);
    expect(result.chunks).toEqual(['privacy']);
    expect(result.title).toBe('Privacy | Vitrine');
    expect(result.head).toContain('href="https://vitrine.example/privacy"');
    expect(result.html).toContain('What is counted');
    expect(result.html).toContain('No cookies, and nothing saved in your browser’s storage.');
    expect(result.html).toMatch(/kept for (<!-- -->)?18(<!-- -->)? months/);
  });

  it('puts the asset address into the markup and names the chunk of the page shown', async () => {
    const result = await render('/gallery', options);
    expect(result.chunks).toEqual(['gallery']);
    expect(result.html).not.toContain('/__assets__/');
    expect(result.title).toBe('Gallery | Vitrine');
    expect(result.lang).toBe('en');
  });

  it('fails when an answer fails for any reason but 404, so the caller sends the page unrendered', async () => {
    failing = '/api/settings';
    await expect(render('/gallery', options)).rejects.toThrow(/\["settings"\] failed: 503/);
    failing = '/api/product/getcategory';
    await expect(render('/product', options)).rejects.toThrow(/503/);
  });

  it('asks the API at the address each render was given, renders at once side by side', async () => {
    await Promise.all([
      render('/reviews', { ...options, apiUrl: 'http://one.test' }),
      render('/reviews', { ...options, apiUrl: 'http://two.test/' }),
    ]);
    expect(asked.filter((url) => url.startsWith('http://one.test/'))).toHaveLength(2);
    expect(asked.filter((url) => url.startsWith('http://two.test/'))).toHaveLength(2);
  });

  it('asks the API nothing for a page whose answers an earlier render read under the same content version', async () => {
    await render('/singleproject/sage-linen', { ...options, contentVersion: 'kept-1' });
    const before = asked.length;
    const again = await render('/singleproject/sage-linen?from=mail', {
      ...options,
      contentVersion: 'kept-1',
    });
    expect(asked).toHaveLength(before);
    expect(again.html).toContain('href="/singleproject/flax-linen"');
    // A save changes the version: the next render asks again.
    await render('/singleproject/sage-linen', { ...options, contentVersion: 'kept-2' });
    expect(asked).toHaveLength(before * 2);
  });

  it('renders side by side in two languages, each with its own words', async () => {
    settings = { ...settings, languages: ['en', 'hi'] };
    try {
      // Started together, so that their renders interleave: no language is shared between them.
      const [hindi, english, hindiAgain] = await Promise.all([
        render('/hi/reviews', options),
        render('/reviews', options),
        render('/hi/contact-us', options),
      ]);
      expect(hindi.lang).toBe('hi');
      expect(hindi.title).toBe('क्लाइंट की समीक्षाएँ | Vitrine');
      expect(hindi.html).toContain('क्लाइंट की समीक्षाएँ');
      expect(hindi.html).toContain('1 अक्टूबर 2026');
      expect(hindi.html).not.toContain('Client reviews');
      expect(english.lang).toBe('en');
      expect(english.title).toBe('Client reviews | Vitrine');
      expect(english.html).toContain('Client reviews');
      expect(english.html).toContain('01-10-2026');
      // Hindi only as the switcher's name of the language, none of the site's words.
      expect(english.html.replaceAll('हिन्दी', '')).not.toMatch(/[\u0900-\u097F]/u);
      expect(hindiAgain.html).toContain('पहला नाम');
      expect(hindiAgain.html).not.toContain('First Name');
    } finally {
      settings = { ...settings, languages: ['en'] };
    }
  });

  it('stops when its caller gives up', async () => {
    const controller = new AbortController();
    controller.abort(new Error('the render took too long'));
    await expect(render('/', { ...options, signal: controller.signal })).rejects.toThrow(
      'the render took too long',
    );
  });
});

describe('the server render in another language', () => {
  beforeEach(() => {
    languages = ['en', 'hi'];
  });

  it.each(['/hi', '/hi/about', '/hi/product', '/hi/singleproject/sage-linen', '/hi/contact-us'])(
    'renders %s in Hindi, reading its content with ?locale=hi',
    async (url) => {
      const build = jest.spyOn(QueryCache.prototype, 'build');
      const result = await render(url, options);
      expect(result.status).toBe(200);
      expect(result.redirect).toBeUndefined();
      expect(result.lang).toBe('hi');
      expect(result.head).toContain(`hreflang="hi" href="https://vitrine.example${url}"`);
      expect(result.head).toContain('hreflang="x-default"');
      expect(new Set(asked).size).toBe(asked.length);
      // The languages come from the default's settings; everything else is read in Hindi.
      const unlocalized = asked.filter((address) => !address.includes('locale=hi'));
      expect(unlocalized).toEqual(['http://api.test/api/settings']);
      const shown = new Set(
        build.mock.calls
          .filter(([, queryOptions]) => (queryOptions as { enabled?: boolean }).enabled !== false)
          .map(([, queryOptions]) => JSON.stringify(queryOptions.queryKey)),
      );
      const given = result.state.queries
        .filter((query) => query.state.status === 'success')
        .map((query) => JSON.stringify(query.queryKey));
      expect([...shown].sort()).toEqual([...given].sort());
    },
  );

  it('reads an item in the default language with ?locale=en, for its slugs, and nothing else', async () => {
    const result = await render('/singleproject/sage-linen', options);
    expect(result.lang).toBe('en');
    expect(asked.filter((address) => address.includes('locale='))).toEqual([
      'http://api.test/api/product/singleproject/sage-linen?locale=en',
    ]);
    expect(new Set(asked).size).toBe(asked.length);
  });

  it('shows the Hindi texts of the settings on the Hindi home page', async () => {
    const result = await render('/hi', options);
    expect(result.head).toContain('content="हाथ से बुने कपड़े"');
    expect((await render('/', options)).head).not.toContain('हाथ से बुने कपड़े');
  });

  it('answers 404 under a language the site does not have, asking for nothing but the settings', async () => {
    const result = await render('/fr/about', options);
    expect(result.status).toBe(404);
    expect(result.lang).toBe('en');
    expect(asked).toEqual(['http://api.test/api/settings']);
  });

  it('sends the default language’s prefix on for good, and old addresses on within Hindi', async () => {
    const english = await render('/en/product?category=Cotton', options);
    expect([english.redirectStatus, english.redirect]).toEqual([301, '/product?category=Cotton']);
    const old = await render('/hi/contact', options);
    expect([old.redirectStatus, old.redirect]).toEqual([302, '/hi/contact-us']);
  });
});
