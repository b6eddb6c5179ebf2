import { apiToken } from '../support/api';
import { usePage } from '../support/browser';
import { stackUrls } from '../support/stack';
import { XSS_PAYLOADS } from './payloads';

jest.setTimeout(300_000);

interface Created {
  _id: string;
  slug: string;
}

/** Keeps a payload within a field's maximum length. */
const fit = (text: string, max: number) => text.slice(0, max);

describe('cross-site scripting through stored content', () => {
  const tab = usePage();
  let dialogs: string[];
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
    // Every payload in every text and rich-text field of a product, a service and a review.
    for (const [index, payload] of XSS_PAYLOADS.entries()) {
      products.push(
        await post<Created>('/api/product/', {
          ProductName: fit(`XSS ${index} ${payload}`, 120),
          ProductCategory: 'XSS test',
          ProductHeading: fit(payload, 200),
          ProductDescription: `<p>Payload ${index}</p>${payload}`,
          ProductStatus: fit(payload, 60),
          ProductClient: fit(payload, 120),
          ProductLocation: fit(payload, 120),
          ProductSize: fit(payload, 120),
        }),
      );
      services.push(
        await post<Created>('/api/service/', {
          ServiceName: fit(`XSS ${index} ${payload}`, 120),
          ServiceCategory: 'XSS test',
          ServiceHeading: fit(payload, 200),
          ServiceDescription: `<p>Payload ${index}</p>${payload}`,
          ServiceStatus: fit(payload, 60),
        }),
      );
      await post('/api/reviews/', {
        ClientName: fit(`XSS ${index} ${payload}`, 80),
        ClientReview: payload,
      });
    }
  });
  afterAll(async () => {
    // Leave the demo content as the other browser tests expect it.
    const remove = (path: string) =>
      fetch(`${api}${path}`, { method: 'DELETE', headers: { Authorization: `Bearer ${token}` } });
    for (const { _id } of products) await remove(`/api/product/${_id}`);
    for (const { _id } of services) await remove(`/api/service/${_id}`);
    for (const { _id } of reviews) await remove(`/api/reviews/${_id}`);
  });

  beforeEach(() => {
    dialogs = [];
    tab.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });

  /** Nothing ran, and nothing that could run later was left in the page. */
  async function expectInert(url: string) {
    await tab.page.goto(url, { waitUntil: 'networkidle' });
    await tab.page.waitForTimeout(300);
    const leftovers = await tab.page.evaluate(() => ({
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
    expect({ url, dialogs, ...leftovers }).toEqual({
      url,
      dialogs: [],
      flag: null,
      scripts: 0,
      handlers: 0,
      badLinks: 0,
    });
  }

  it('keeps every payload inert on each project page', async () => {
    const { shell } = stackUrls();
    for (const product of products) await expectInert(`${shell}/singleproject/${product.slug}`);
  });

  it('keeps every payload inert on each service page', async () => {
    const { shell } = stackUrls();
    for (const service of services) await expectInert(`${shell}/singleservice/${service.slug}`);
  });

  it('keeps every payload inert in the lists: products by category, services, reviews', async () => {
    const { shell } = stackUrls();
    await expectInert(`${shell}/product?category=${encodeURIComponent('XSS test')}`);
    await expectInert(`${shell}/service?category=${encodeURIComponent('XSS test')}`);
    await expectInert(`${shell}/reviews`);
    await expectInert(`${shell}/`);
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
      for (const path of ['/', '/about', '/service', '/contact-us'])
        await expectInert(`${shell}${path}`);
    } finally {
      await fetch(`${api}/api/settings`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify(settings),
      });
    }
  });
});
