import type { Product, Review, Service, SiteSettings } from '@vitrine/api-client';
import { headTags, jsonForScript } from './head-tags';
import type { PageData } from './page-data';
import { pageHead } from './page-head';

const settings = {
  companyName: 'Vitrine "Looms" & Co',
  tagline: 'Handloom fabrics',
  address: 'Plot 14',
  phone: '+91 141 400 2002',
  email: 'hello@vitrine.example',
  social: [],
} as unknown as SiteSettings;

const hostile = {
  _id: 'p1',
  slug: 'x',
  ProductName: '</title><script>alert(1)</script>',
  ProductCategory: '</script><script>alert(2)</script><!--',
  ProductDescription: '<p>"Quoted" &amp; <em>it\u2028s</em> <img src=x onerror=alert(3)></p>',
  ProductPrice: 10,
  media: {
    id: 'a',
    variants: [{ width: 1280, url: '/uploads/a-1280.webp?"><script>' }],
    width: 1280,
    height: 640,
    placeholder: '',
  },
} as Product;

/** The document a browser builds from the head, as a crawler would read it. */
function parse(html: string): Document {
  return new DOMParser().parseFromString(
    `<!doctype html><html><head>${html}</head><body></body></html>`,
    'text/html',
  );
}

describe('headTags', () => {
  it('writes the title, description, canonical URL, Open Graph and Twitter tags', () => {
    const product = {
      ...hostile,
      ProductName: 'Sage linen',
      ProductCategory: 'Linen',
      ProductDescription: 'Soft.',
    };
    product.media = { ...hostile.media!, variants: [{ width: 1280, url: '/uploads/a-1280.webp' }] };
    const html = headTags(
      pageHead({ page: 'product', product }, settings, 'https://vitrine.example'),
    );
    const doc = parse(html);
    const content = (selector: string) => doc.head.querySelector(selector)?.getAttribute('content');
    expect(doc.title).toBe('Sage linen | Vitrine "Looms" & Co');
    expect(content('meta[name="description"]')).toBe('Soft.');
    expect(doc.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://vitrine.example/singleproject/x',
    );
    expect(content('meta[property="og:type"]')).toBe('product');
    expect(content('meta[property="og:title"]')).toBe('Sage linen | Vitrine "Looms" & Co');
    expect(content('meta[property="og:url"]')).toBe('https://vitrine.example/singleproject/x');
    expect(content('meta[property="og:image"]')).toBe(
      'https://vitrine.example/uploads/a-1280.webp',
    );
    expect(content('meta[property="og:image:width"]')).toBe('1280');
    expect(content('meta[property="og:image:height"]')).toBe('640');
    expect(content('meta[property="product:price:amount"]')).toBe('10');
    expect(content('meta[name="twitter:card"]')).toBe('summary_large_image');
    expect(content('meta[name="twitter:image"]')).toBe(
      'https://vitrine.example/uploads/a-1280.webp',
    );
    const scripts = [...doc.head.querySelectorAll('script[type="application/ld+json"]')];
    expect(scripts.map((script) => JSON.parse(script.textContent ?? '')['@type'])).toEqual([
      'Product',
      'BreadcrumbList',
    ]);
  });

  it('cannot be broken out of by any text an administrator saves', () => {
    const head = pageHead(
      { page: 'product', product: hostile },
      settings,
      'https://vitrine.example',
    );
    const html = headTags(head);
    const doc = parse(html);
    // Nothing but the page head's own elements, and no script that is not JSON-LD.
    expect([...doc.head.children].every((element) => element.hasAttribute('data-page-head'))).toBe(
      true,
    );
    expect(doc.querySelectorAll('script:not([type="application/ld+json"])')).toHaveLength(0);
    expect(doc.querySelectorAll('img, title ~ title')).toHaveLength(0);
    expect(doc.body.children).toHaveLength(0);
    expect(html).not.toMatch(/<\/script><script>|<!--/);
    // The values arrive intact.
    expect(doc.title).toBe(`${hostile.ProductName} | Vitrine "Looms" & Co`);
    expect(doc.head.querySelector('meta[property="og:image"]')?.getAttribute('content')).toBe(
      'https://vitrine.example/uploads/a-1280.webp?%22%3E%3Cscript%3E',
    );
    const [product, breadcrumbs] = [...doc.head.querySelectorAll('script')].map((script) =>
      JSON.parse(script.textContent ?? ''),
    );
    expect(product.name).toBe(hostile.ProductName);
    expect(product.category).toBe(hostile.ProductCategory);
    expect(breadcrumbs.itemListElement[2].name).toBe(hostile.ProductCategory);
  });
});

describe('headTags on every page an administrator writes for', () => {
  // Each way out of a quoted attribute, a title, a script and a comment, at once.
  const breakOut = `"'></title></script><script>alert(1)</script><!-- & \u2028`;
  const hostileSettings = {
    ...settings,
    companyName: `Looms ${breakOut}`,
    tagline: `Tagline ${breakOut}`,
    description: `Description ${breakOut}`,
    phone: `+91 ${breakOut}`,
    email: `mail${breakOut}@example.com`,
    address: `Address ${breakOut}`,
  } as SiteSettings;
  const photo = { ...hostile.media!, variants: [{ width: 1280, url: '/uploads/b-1280.webp' }] };
  const service = {
    _id: 's1',
    slug: 's',
    ServiceName: `Service ${breakOut}`,
    ServiceCategory: `Category ${breakOut}`,
    ServiceHeading: `Heading ${breakOut}`,
    ServiceDescription: '',
    ServicePrice: 5,
    media: photo,
    photos: [{ mediaId: 'b', alt: `Alt ${breakOut}` }],
  } as unknown as Service;
  const review = {
    _id: 'r1',
    ClientName: `Client ${breakOut}`,
    ClientReview: `Review ${breakOut}`,
    createdAt: '2026-11-01T00:00:00.000Z',
    media: [photo],
  } as unknown as Review;
  const pages: PageData[] = [
    { page: 'home' },
    { page: 'contact', cover: photo },
    { page: 'service', service },
    { page: 'reviews', reviews: [review] },
    { page: 'services', category: `Category ${breakOut}`, services: [service] },
  ];

  it.each(pages.map((data) => [data.page, data] as const))(
    'keeps every saved text inside its own tag on the %s page, and intact',
    (_page, data) => {
      const head = pageHead(data, hostileSettings, 'https://vitrine.example');
      const doc = parse(headTags(head));
      // Nothing but the page head's own elements, and no script that is not JSON-LD.
      expect(
        [...doc.head.children].map((element) => element.hasAttribute('data-page-head')),
      ).toEqual([...doc.head.children].map(() => true));
      expect(doc.querySelectorAll('script:not([type="application/ld+json"])')).toHaveLength(0);
      expect(doc.body.children).toHaveLength(0);
      // Each tag reads back exactly what the head holds.
      expect(doc.title).toBe(head.title);
      const content = (selector: string) =>
        doc.head.querySelector(selector)?.getAttribute('content');
      expect(content('meta[name="description"]')).toBe(head.description);
      expect(content('meta[property="og:title"]')).toBe(head.openGraph.title);
      expect(content('meta[property="og:site_name"]')).toBe(hostileSettings.companyName);
      expect(content('meta[name="twitter:description"]')).toBe(head.twitter.description);
      if (head.openGraph.image) {
        expect(content('meta[property="og:image:alt"]')).toBe(head.openGraph.image.alt);
      }
      expect(
        [...doc.head.querySelectorAll('script')].map((script) =>
          JSON.parse(script.textContent ?? ''),
        ),
      ).toEqual(head.jsonLd);
    },
  );
});

describe('jsonForScript', () => {
  it('escapes what could end a script, and parses back to the same value', () => {
    const value = { text: '</script><!-- & \u2028 \u2029 >' };
    const text = jsonForScript(value);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(value);
  });
});
