import crypto from 'node:crypto';
import type { Page } from 'playwright-core';
import { apiToken } from '../support/api';
import { countFetches, untilSettled, usePage } from '../support/browser';
import { stackUrls } from '../support/stack';
import { XSS_PAYLOADS } from './payloads';

jest.setTimeout(300_000);

interface Created {
  _id: string;
  slug: string;
}

/** Runs `task` on each item, at most `width` at a time. */
async function eachConcurrently<T>(
  items: readonly T[],
  width: number,
  task: (item: T, index: number) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      await task(items[index], index);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
}

const sha256 = (text: string) => crypto.createHash('sha256').update(text).digest('base64');

/** Keeps a payload within a field's maximum length. */
const fit = (text: string, max: number) => text.slice(0, max);

describe('cross-site scripting through stored content', () => {
  const tab = usePage();
  /** The dialogs each page opened since its last `goto`. */
  const dialogs = new Map<Page, string[]>();
  let api: string;
  let token: string;
  const products: Created[] = [];
  const services: Created[] = [];
  const reviews: Created[] = [];

  async function post<T>(path: string, body: unknown): Promise<T> {
    const response = await fetch(`${api}${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify(body),
    });
    if (response.status !== 201)
      throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  beforeAll(async () => {
    ({ api } = stackUrls());
    token = await apiToken(api);
    // Every payload in every text and rich-text field of a product, a service and a review,
    // a few payloads at a time (each answer is awaited: a refused payload fails here).
    await eachConcurrently(XSS_PAYLOADS, 4, async (payload, index) => {
      const [product, service, review] = await Promise.all([
        post<Created>('/api/product/', {
          ProductName: fit(`XSS ${index} ${payload}`, 120),
          ProductCategory: 'XSS test',
          ProductHeading: fit(payload, 200),
          ProductDescription: `<p>Payload ${index}</p>${payload}`,
          ProductStatus: fit(payload, 60),
          ProductClient: fit(payload, 120),
          ProductLocation: fit(payload, 120),
          ProductSize: fit(payload, 120),
        }),
        post<Created>('/api/service/', {
          ServiceName: fit(`XSS ${index} ${payload}`, 120),
          ServiceCategory: 'XSS test',
          ServiceHeading: fit(payload, 200),
          ServiceDescription: `<p>Payload ${index}</p>${payload}`,
          ServiceStatus: fit(payload, 60),
        }),
        post<Created>('/api/reviews/', {
          ClientName: fit(`XSS ${index} ${payload}`, 80),
          ClientReview: payload,
        }),
      ]);
      products.push(product);
      services.push(service);
      reviews.push(review);
    });
  });
  afterAll(async () => {
    // Leave the demo content as the other browser tests expect it.
    const paths = [
      ...products.map(({ _id }) => `/api/product/${_id}`),
      ...services.map(({ _id }) => `/api/service/${_id}`),
      ...reviews.map(({ _id }) => `/api/reviews/${_id}`),
    ];
    await eachConcurrently(paths, 4, async (path) => {
      await fetch(`${api}${path}`, {
        method: 'DELETE',
        headers: { Authorization: `Bearer ${token}` },
      });
    });
  });

  /** The test's pages, in one context, which open the URLs two at a time. */
  let pages: Page[];

  beforeEach(async () => {
    pages = [tab.page, await tab.context.newPage()];
    for (const page of pages) {
      await countFetches(page);
      // What the page's Content-Security-Policy refused: an injected inline script or handler
      // is refused there (and so runs nowhere) even where the markup was broken open.
      await page.addInitScript(() => {
        const w = window as unknown as { __refused: string[] };
        w.__refused = [];
        document.addEventListener('securitypolicyviolation', (event) =>
          w.__refused.push(`${event.effectiveDirective}: ${event.sample}`),
        );
      });
      page.on('dialog', (dialog) => {
        dialogs.get(page)?.push(dialog.message());
        void dialog.dismiss();
      });
    }
  });

  /** expectInert() on each URL, the test's pages taking the next one as they finish. */
  async function expectAllInert(urls: string[]) {
    let next = 0;
    await Promise.all(
      pages.map(async (page) => {
        while (next < urls.length) await expectInert(page, urls[next++]);
      }),
    );
  }

  /** Nothing ran, and nothing that could run later was left in the page. */
  async function expectInert(page: Page, url: string) {
    const opened: string[] = [];
    dialogs.set(page, opened);
    const response = await page.goto(url);
    if (!response) throw new Error(`no answer for ${url}`);
    const served = await servedMarkup(page, await response.text());
    const policy = response.headers()['content-security-policy'] ?? '';
    await untilSettled(page);
    const leftovers = await page.evaluate(() => ({
      flag: (window as unknown as { __xss?: unknown }).__xss ?? null,
      scripts: [...document.querySelectorAll('main script, footer script')].length,
      handlers: [...document.querySelectorAll('main *, footer *')].filter((element) =>
        [...element.attributes].some((attribute) => attribute.name.toLowerCase().startsWith('on')),
      ).length,
      badLinks: [
        ...document.querySelectorAll('a[href], iframe, object, embed, form[action]'),
      ].filter((element) =>
        /^\s*(javascript|vbscript|data):/i.test(
          element.getAttribute('href') ??
            element.getAttribute('src') ??
            element.getAttribute('action') ??
            element.getAttribute('data') ??
            '',
        ),
      ).length,
    }));
    expect({
      url,
      dialogs: opened,
      ...leftovers,
      refused: await page.evaluate(() => (window as unknown as { __refused: string[] }).__refused),
      served: {
        ...served,
        // Inline scripts are the page's own only where its policy names them by their hash.
        scripts: served.scripts.filter((text) => !policy.includes(`'sha256-${sha256(text)}'`)),
      },
    }).toEqual({
      url,
      dialogs: [],
      flag: null,
      scripts: 0,
      handlers: 0,
      badLinks: 0,
      refused: [],
      served: { scripts: [], unreadableData: 0, handlers: [] },
    });
  }

  /**
   * The page as the server sent it, before any script ran or the browser replaced its head:
   * what crawlers and link previews read, and where the server's escaping (of the title, the
   * meta tags, JSON-LD and the query state) is all that stands between a saved text and the
   * markup. Its inline scripts (by their text), its data blocks that no longer parse as JSON
   * (a value that ended its element), and its elements with an event handler.
   */
  function servedMarkup(page: Page, html: string) {
    return page.evaluate((markup) => {
      const served = new DOMParser().parseFromString(markup, 'text/html');
      const data = /^application\/(ld\+)?json$/;
      const unreadable = (text: string) => {
        try {
          JSON.parse(text);
          return false;
        } catch {
          return true;
        }
      };
      const inline = [...served.querySelectorAll('script:not([src])')];
      return {
        scripts: inline
          .filter((script) => !data.test(script.getAttribute('type') ?? ''))
          .map((script) => script.textContent ?? ''),
        unreadableData: inline.filter(
          (script) =>
            data.test(script.getAttribute('type') ?? '') && unreadable(script.textContent ?? ''),
        ).length,
        handlers: [...served.querySelectorAll('*')]
          .filter((element) =>
            [...element.attributes].some((attribute) => /^on/i.test(attribute.name)),
          )
          .map((element) => element.outerHTML.slice(0, 120)),
      };
    }, html);
  }

  it('keeps every payload inert on each project page', async () => {
    const { shell } = stackUrls();
    await expectAllInert(products.map(({ slug }) => `${shell}/singleproject/${slug}`));
  });

  it('keeps every payload inert on each service page', async () => {
    const { shell } = stackUrls();
    await expectAllInert(services.map(({ slug }) => `${shell}/singleservice/${slug}`));
  });

  it('keeps every payload inert in the lists: products by category, services, reviews', async () => {
    const { shell } = stackUrls();
    await expectAllInert([
      `${shell}/product?category=${encodeURIComponent('XSS test')}`,
      `${shell}/service?category=${encodeURIComponent('XSS test')}`,
      `${shell}/reviews`,
      `${shell}/`,
    ]);
  });

  it('keeps payloads in the site settings inert on every page that shows them', async () => {
    const { shell } = stackUrls();
    const current = (await (await fetch(`${api}/api/settings`)).json()) as Record<string, unknown>;
    const { updatedAt: _updatedAt, ...settings } = current;
    const joined = XSS_PAYLOADS.join(' ');
    const response = await fetch(`${api}/api/settings`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
      body: JSON.stringify({
        ...settings,
        tagline: fit(XSS_PAYLOADS[7], 160),
        description: fit(joined, 2000),
        address: fit(joined, 500),
        story: fit(joined, 4000),
        journey: fit(joined, 4000),
        about: fit(joined, 4000),
        taxLine: fit(XSS_PAYLOADS[0], 120),
        heroTitle: fit(XSS_PAYLOADS[10], 120),
        heroSubtitle: fit(XSS_PAYLOADS[17], 200),
        servicesOffer: fit(XSS_PAYLOADS[30], 300),
        offers: [{ title: fit(XSS_PAYLOADS[8], 80), text: fit(XSS_PAYLOADS[14], 300) }],
        figures: [{ label: fit(XSS_PAYLOADS[11], 60), value: fit(XSS_PAYLOADS[2], 30) }],
      }),
    });
    try {
      expect(response.status).toBe(200);
      await expectAllInert(['/', '/about', '/service', '/contact-us'].map((path) => shell + path));
    } finally {
      await fetch(`${api}/api/settings`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(settings),
      });
    }
  });
});
