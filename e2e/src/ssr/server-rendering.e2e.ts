import { waitUntil } from '@vitrine/testing';
import type { Server } from 'node:http';
import type { Product, Review, Service } from '@vitrine/api-client';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { adminApi, adminToken } from '../admin/admin-helpers';
import { layoutShifts, PHONE, recordLayoutShifts, useBrowser } from '../support/browser';
import { freePort } from '../support/ports';
import { crawl, tagAttributes } from '../support/crawl';
import { closeServer, serveBuild, shellLog, stackUrls } from '../support/stack';
import { apiList } from '../public/public-site';

const dayMonthYear = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');

/** Every public route of the spec, as it comes from the server before any JavaScript runs. */
describe('server-rendered public pages', () => {
  let product: Product & { ProductHeading: string; ProductPrice: number };
  let service: Service & { ServiceHeading: string };
  let reviews: Review[];

  beforeAll(async () => {
    [product] = await apiList<typeof product>('/api/product?limit=1');
    [service] = await apiList<typeof service>('/api/service?limit=1');
    reviews = await apiList<Review>('/api/reviews?limit=100');
  });

  it('answers the home page with its content and the data to hydrate from', async () => {
    const page = await crawl('/');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Textiles');
    expect(page.html).toContain('id="vitrine-query-state"');
    expect(page.html).toMatch(/<style data-ssr-styles>/);
  });

  it("puts the styles of the page shown in it, and not those of pages it doesn't show", async () => {
    const [home, gallery] = await Promise.all([crawl('/'), crawl('/gallery')]);
    // The gallery's viewer is styled in the gallery's page, and only there.
    expect(gallery.html).toContain('.vt-lightbox__figure');
    expect(gallery.html).toContain('.gallery-grid');
    expect(home.html).not.toContain('.vt-lightbox__figure');
    expect(home.html).not.toContain('.gallery-grid');
    // The admin's tables are in no public page.
    expect(home.html).not.toContain('.vt-table-scroll');
    expect(gallery.html).not.toContain('.vt-table-scroll');
  });

  it('answers a product page with its name, price, heading and description', async () => {
    const page = await crawl(`/singleproject/${product.slug}`);
    expect(page.status).toBe(200);
    expect(page.text).toContain(product.ProductName);
    expect(page.text).toContain(product.ProductHeading);
    expect(page.text).toContain(`₹${new Intl.NumberFormat('en-IN').format(product.ProductPrice)}`);
    expect(page.root).toMatch(/<h1[^>]*>[^<]*/);
  });

  it('answers the lists with their items and links to each', async () => {
    const products = await crawl('/product');
    expect(products.status).toBe(200);
    expect(products.root).toContain(`href="/singleproject/${product.slug}"`);

    const services = await crawl('/service');
    expect(services.root).toContain(`href="/singleservice/${service.slug}"`);

    const one = await crawl(`/singleservice/${service.slug}`);
    expect(one.status).toBe(200);
    expect(one.text).toContain(service.ServiceName);
    expect(one.text).toContain(service.ServiceHeading);
  });

  it.each(['/', '/product', '/singleproject/:product', '/gallery'])(
    '%s names its first pictures in its head, to be fetched at once at high priority, and draws them eagerly at their size',
    async (route) => {
      const pathname = route.replace(':product', encodeURIComponent(product.slug));
      const page = await crawl(pathname);
      const head = /<head>([\s\S]*)<\/head>/.exec(page.html)?.[1] ?? '';
      // The page's largest picture (the banner, the first products, the first gallery images):
      // the browser finds it in the head, before the styles it would otherwise parse first.
      const preloads = [...head.matchAll(/<link rel="preload" as="image"[^>]*>/g)].map(([tag]) => ({
        at: head.indexOf(tag),
        attributes: tagAttributes(tag),
      }));
      const pictures = [...page.root.matchAll(/<img\b[^>]*>/g)]
        .map(([tag]) => tagAttributes(tag))
        .filter((img) => img.fetchPriority === 'high');
      expect({ pathname, pictures: pictures.length > 0 }).toEqual({ pathname, pictures: true });
      expect(preloads.map((link) => link.attributes.imageSrcSet)).toEqual(
        pictures.map((img) => img.srcSet),
      );
      for (const link of preloads) {
        expect(link.attributes.fetchPriority).toBe('high');
        expect(link.at).toBeLessThan(head.indexOf('<style'));
      }
      for (const img of pictures) {
        expect(img.loading).toBe('eager');
        expect(Number(img.width)).toBeGreaterThan(0);
        expect(Number(img.height)).toBeGreaterThan(0);
      }
    },
  );

  it('answers the reviews with their texts and dd-mm-yyyy dates, and the gallery with its images', async () => {
    const page = await crawl('/reviews');
    for (const review of reviews.slice(0, 3)) {
      expect(page.text).toContain(review.ClientReview);
      expect(page.text).toContain(dayMonthYear(review.createdAt));
    }
    const gallery = await crawl('/gallery');
    expect(gallery.root.match(/<img [^>]*src="\/uploads\//g)?.length).toBeGreaterThan(0);

    for (const [pathname, heading] of [
      ['/about', 'About us'],
      ['/contact-us', 'Contact us'],
    ]) {
      const other = await crawl(pathname);
      expect(other.status).toBe(200);
      expect(other.root).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
    }
  });

  it('says 404 for an unknown product or service, and redirects an unknown path home', async () => {
    const noProduct = await crawl('/singleproject/no-such-product');
    expect(noProduct.status).toBe(404);
    expect(noProduct.text).toContain('Project not found');
    expect((await crawl('/singleservice/no-such-service')).status).toBe(404);

    const unknown = await crawl('/no/such/page');
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get('location')).toBe('/');
    const old = await crawl('/contact');
    expect(old.headers.get('location')).toBe('/contact-us');
  });

  it('keeps the sign-in page and the admin area out of search engines, rendered in the browser', async () => {
    for (const pathname of ['/login', '/admin/user']) {
      const page = await crawl(pathname);
      expect(page.status).toBe(200);
      expect(page.root).toBe('');
      expect(page.headers.get('x-robots-tag')).toBe('noindex');
      expect(page.html).toContain('<meta name="robots" content="noindex" />');
    }
  });

  it('serves a repeated page from its cache, and a changed one as soon as it is saved', async () => {
    const token = await adminToken();
    const review = reviews[0];
    // The same page again (its data's timestamps aside: a background job may change the
    // content in between). How much faster the cached one is, bench:ssr measures.
    const before = await crawl('/reviews');
    const again = await crawl('/reviews');
    const stamps = (html: string) => html.replace(/"dehydratedAt":\d+/g, '');
    expect(stamps(again.html)).toBe(stamps(before.html));

    const changed = `${review.ClientReview} (edited ${Date.now()})`;
    await adminApi(token, 'PUT', `/api/reviews/${review._id}`, { ClientReview: changed });
    try {
      // The shell asks the API for its content version at most every 250 ms.
      await waitUntil(
        async () => (await crawl('/reviews')).text.includes(changed),
        4000,
        'the saved review on the rendered page',
      );
    } finally {
      await adminApi(token, 'PUT', `/api/reviews/${review._id}`, {
        ClientReview: review.ClientReview,
      });
    }
  });
});

describe('server-rendered pages in a browser', () => {
  const shared = useBrowser();
  let slugs: { product: string; service: string };

  beforeAll(async () => {
    const [product] = await apiList<Product>('/api/product?limit=1');
    const [service] = await apiList<Service>('/api/service?limit=1');
    slugs = { product: product.slug, service: service.slug };
  });

  it.each([
    '/',
    '/about',
    '/gallery',
    '/product',
    '/singleproject/:product',
    '/service',
    '/singleservice/:service',
    '/contact-us',
    '/reviews',
  ])(
    '%s comes alive without a console error, a hydration warning, a layout shift or a repeated API request',
    async (route) => {
      const pathname = route.replace(/:(product|service)$/, (_, kind: 'product' | 'service') =>
        encodeURIComponent(slugs[kind]),
      );
      const page = await shared.browser.newPage();
      const problems: string[] = [];
      const requests: string[] = [];
      let navigated = false;
      page.on('console', (message) => {
        if (['error', 'warning'].includes(message.type())) problems.push(message.text());
      });
      page.on('pageerror', (error) => problems.push(error.message));
      page.on('request', (request) => {
        if (!navigated && new URL(request.url()).pathname.startsWith('/api/'))
          requests.push(request.url());
      });
      // Every layout shift from the first paint on (the server's page, its styles, the
      // remote's scripts and styles arriving, hydration).
      await recordLayoutShifts(page);
      try {
        await page.goto(`${stackUrls().shell}${pathname}`);
        await page.waitForLoadState('networkidle');
        // Hydrated (React owns the server's heading), with every script, stylesheet and image
        // the page asked for in.
        await page.waitForFunction(() => {
          const heading = document.querySelector('main h1, h1');
          return !!heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
        });
        expect({ pathname, shifts: await layoutShifts(page) }).toEqual({ pathname, shifts: [] });
        // Everything the first page showed came with it: it asked the API for nothing.
        expect({ pathname, requests }).toEqual({ pathname, requests: [] });

        // Alive: a client-side link works (the page was hydrated, not just painted).
        navigated = true;
        await page.getByRole('link', { name: 'Reviews', exact: true }).first().click();
        await page.getByRole('heading', { level: 1, name: 'Client reviews' }).waitFor();
        expect({ pathname, problems }).toEqual({ pathname, problems: [] });
      } finally {
        await page.close();
      }
    },
  );

  it.each(['/', '/gallery', '/product', '/singleproject/:product', '/contact-us'])(
    '%s holds still on a slow phone while its scripts come and hydrate it',
    async (route) => {
      const pathname = route.replace(':product', encodeURIComponent(slugs.product));
      const context = await shared.browser.newContext(PHONE);
      const page = await context.newPage();
      // A mid-range phone's processor (as bench:web's mobile profile): hydration comes late,
      // so whatever the server's page lacks (the sticky call bar's styles, a picture's box)
      // arrives after the first paint and moves what is already drawn.
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
      await recordLayoutShifts(page);
      try {
        await page.goto(`${stackUrls().shell}${pathname}`);
        await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
        await page.waitForLoadState('networkidle');
        expect(await page.locator('nav.sticky-contact').isVisible()).toBe(true);
        expect({ pathname, shifts: await layoutShifts(page) }).toEqual({ pathname, shifts: [] });
      } finally {
        await context.close();
      }
    },
  );

  it("starts its scripts after the page's first picture has come, so that picture is painted first", async () => {
    const page = await shared.browser.newPage();
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // The products' pictures are held on their way until the markup has been painted.
    await page.route(/\/uploads\//, async (route) => {
      await held;
      await route.continue();
    });
    try {
      await page.goto(`${stackUrls().shell}/product`, { waitUntil: 'domcontentloaded' });
      // Two frames after parsing: the scripts would have started in the first.
      await page.evaluate(
        () =>
          new Promise((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve))),
          ),
      );
      expect(await page.locator('script[src]').count()).toBe(0);
      expect(await page.locator('main h1').textContent()).toBe('Projects');

      release();
      await page.waitForFunction(() => {
        const heading = document.querySelector('main h1');
        return !!heading && Object.keys(heading).some((key) => key.startsWith('__reactFiber'));
      });
      expect(await page.locator('script[src]').count()).toBeGreaterThan(0);
    } finally {
      release();
      await page.close();
    }
  });

  it("gives a phone a product's 960 px picture, made on demand, where it would have had the 1280 one", async () => {
    const context = await shared.browser.newContext(PHONE);
    const page = await context.newPage();
    try {
      await page.goto(`${stackUrls().shell}/singleproject/${encodeURIComponent(slugs.product)}`);
      const banner = page.locator('main img[fetchpriority="high"]').first();
      expect(await banner.getAttribute('srcset')).toMatch(/-960\.webp 960w/);
      await page.waitForFunction(
        (img) => (img as HTMLImageElement).complete,
        await banner.elementHandle(),
      );
      const shown = await banner.evaluate((img: HTMLImageElement) => img.currentSrc);
      expect(shown).toMatch(/-960\.webp$/);
      const file = await fetch(shown);
      expect(file.status).toBe(200);
      expect(file.headers.get('content-type')).toBe('image/webp');
      const { width } = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
      expect(width).toBe(960);
    } finally {
      await context.close();
    }
  });

  it('can be read and followed without JavaScript', async () => {
    const context = await shared.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${stackUrls().shell}/product`);
      expect(await page.locator('main h1').textContent()).toBe('Projects');
      await page.locator('main a[href^="/singleproject/"]').first().click();
      await page.waitForURL(/\/singleproject\//);
      await page.locator('main h1').waitFor();
      expect(await page.getByText('Enquire about this project').isVisible()).toBe(true);

      await page.getByRole('link', { name: 'Reviews', exact: true }).first().click();
      await page.waitForURL(/\/reviews$/);
      expect(await page.locator('main h1').textContent()).toBe('Client reviews');
      expect(await page.locator('main time').first().textContent()).toMatch(/^\d{2}-\d{2}-\d{4}$/);

      await page.getByRole('link', { name: 'About', exact: true }).first().click();
      await page.waitForURL(/\/about$/);
      expect(await page.locator('main h1').textContent()).toBe('About us');
    } finally {
      await context.close();
    }
  });
});

describe('server rendering never takes the site down', () => {
  const shared = useBrowser();
  const servers: Server[] = [];

  afterAll(async () => {
    await Promise.all(servers.map(closeServer));
  });

  async function shellWith(remotes: { public_mfe: string }, api: string) {
    const shell = await serveBuild('shell', {
      api,
      remotes: { ...remotes, admin_mfe: `${stackUrls().adminMfe}/remoteEntry.js` },
    });
    servers.push(shell.server);
    return shell.url;
  }

  it('answers the client-rendered page (200) when the public remote is down, and logs why', async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const url = await shellWith({ public_mfe: `${nowhere}/remoteEntry.js` }, stackUrls().api);
    const page = await crawl('/product', url);
    expect(page.status).toBe(200);
    expect(page.root).toBe('');
    expect(shellLog.join('\n')).toMatch(/server build is not available/);
  });

  it("answers a 200 page with the site's error state when the API is down", async () => {
    const nowhere = `http://127.0.0.1:${await freePort()}`;
    const url = await shellWith({ public_mfe: `${stackUrls().publicMfe}/remoteEntry.js` }, nowhere);
    const response = await crawl('/product', url);
    expect(response.status).toBe(200);
    expect(shellLog.join('\n')).toMatch(/\/product: rendered in the browser/);

    const page: Page = await shared.browser.newPage();
    try {
      await page.goto(`${url}/product`);
      await page.getByTestId('public-mfe').waitFor();
      await page.getByRole('alert').first().waitFor();
      expect(await page.getByRole('button', { name: 'Try again' }).count()).toBeGreaterThan(0);
    } finally {
      await page.close();
    }
  });
});
