import type { GalleryImage, Product, Review, Service, SiteSettings } from '@vitrine/api-client';
import { adminApi, adminToken } from '../admin/admin-helpers';
import { useBrowser } from '../support/browser';
import { crawl, plainText, tagAttributes } from '../support/crawl';
import { stackUrls } from '../support/stack';
import { apiList } from '../public/public-site';

/**
 * What a link preview (WhatsApp, Facebook, LinkedIn, Slack, X) or a crawler that runs no
 * JavaScript reads from a public page: one request, its head and its main text.
 */

const dayMonthYear = (iso: string) => iso.slice(0, 10).split('-').reverse().join('-');
const types = (jsonLd: Record<string, unknown>[]) => jsonLd.map((item) => item['@type']);

describe('link previews and crawlers', () => {
  let product: Product;
  let service: Service;
  let reviews: Review[];
  let gallery: GalleryImage[];
  let settings: SiteSettings;
  /** Each public route of the spec, with the JSON-LD types it must carry. */
  let routes: [string, string[]][];

  beforeAll(async () => {
    [product] = await apiList<Product>('/api/product?limit=1');
    [service] = await apiList<Service>('/api/service?limit=1');
    reviews = await apiList<Review>('/api/reviews?limit=100');
    gallery = await apiList<GalleryImage>('/api/gallery');
    settings = (await (await fetch(`${stackUrls().api}/api/settings`)).json()) as SiteSettings;
    routes = [
      ['/', ['LocalBusiness']],
      ['/about', ['AboutPage']],
      ['/gallery', ['ImageGallery']],
      ['/product', ['CollectionPage']],
      [`/singleproject/${product.slug}`, ['Product', 'BreadcrumbList']],
      ['/service', ['CollectionPage']],
      [`/singleservice/${service.slug}`, ['Service', 'BreadcrumbList']],
      ['/contact-us', ['LocalBusiness']],
      ['/reviews', ['LocalBusiness']],
    ];
  });

  it('gives every public page its own title, description, canonical URL, Open Graph and Twitter tags, and JSON-LD', async () => {
    const titles = new Set<string>();
    const descriptions = new Set<string>();
    for (const [pathname, jsonLdTypes] of routes) {
      const page = await crawl(pathname);
      expect({ pathname, status: page.status }).toEqual({ pathname, status: 200 });
      expect(page.lang).toBe('en');
      expect({ pathname, titles: page.titles.length }).toEqual({ pathname, titles: 1 });
      const [title] = page.titles;
      const description = page.one('description');
      expect(description).toMatch(/\S{3}/);
      titles.add(title);
      descriptions.add(description);

      expect(page.canonical).toHaveLength(1);
      const canonical = new URL(page.canonical[0]);
      expect(canonical.pathname + canonical.search).toBe(pathname);
      expect(page.one('og:url')).toBe(canonical.href);
      expect(page.one('og:title')).toBe(title);
      expect(page.one('og:description')).toBe(description);
      expect(page.one('og:type')).toMatch(/^(website|product)$/);
      expect(page.one('twitter:card')).toBe('summary_large_image');
      expect(page.one('twitter:title')).toBe(title);

      // The picture a preview shows: absolute, the API's 1200 × 630 JPEG crop (every preview
      // client reads JPEG; not all read WebP), and really there.
      const image = page.one('og:image');
      expect(image).toMatch(/^https?:\/\/[^/]+\/uploads\/[0-9a-f]{20}-og\.jpg$/);
      expect(page.one('og:image:type')).toBe('image/jpeg');
      expect(page.one('og:image:width')).toBe('1200');
      expect(page.one('og:image:height')).toBe('630');
      expect(page.one('twitter:image')).toBe(image);
      const picture = await fetch(image);
      expect({ image, status: picture.status }).toEqual({ image, status: 200 });
      expect(picture.headers.get('content-type')).toBe('image/jpeg');
      const bytes = Buffer.from(await picture.arrayBuffer());
      expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);

      // A site of several languages adds a WebPage saying the page's (see languages.e2e.ts).
      const described = types(page.jsonLd).filter((type) => type !== 'WebPage');
      expect({ pathname, types: described }).toEqual({ pathname, types: jsonLdTypes });
    }
    expect(titles.size).toBe(routes.length);
    expect(descriptions.size).toBe(routes.length);
  });

  it('describes the business with its address and phone on the home and contact pages', async () => {
    for (const pathname of ['/', '/contact-us']) {
      const [business] = (await crawl(pathname)).jsonLd;
      expect(business).toMatchObject({
        '@context': 'https://schema.org',
        name: settings.companyName,
        telephone: settings.phone,
        address: { '@type': 'PostalAddress' },
      });
      const address = Object.values(business.address as Record<string, string>).join(' ');
      for (const line of settings.address.split('\n').filter(Boolean)) {
        for (const word of line.split(/[\s,]+/).filter(Boolean)) expect(address).toContain(word);
      }
    }
  });

  it('shows a product with its name, price, heading and description, and describes it as a Product', async () => {
    const page = await crawl(`/singleproject/${product.slug}`);
    expect(page.titles[0]).toContain(product.ProductName);
    expect(page.text).toContain(product.ProductName);
    expect(page.text).toContain(String(product.ProductHeading));
    expect(page.text).toContain(
      `₹${new Intl.NumberFormat('en-IN').format(Number(product.ProductPrice))}`,
    );
    expect(page.text).toContain(plainText(String(product.ProductDescription)).slice(0, 60));
    const [item, breadcrumbs] = page.jsonLd;
    expect(item).toMatchObject({
      name: product.ProductName,
      category: product.ProductCategory,
      offers: { '@type': 'Offer', price: product.ProductPrice, priceCurrency: 'INR' },
    });
    expect(item.image).toBe(page.one('og:image'));
    const trail = breadcrumbs.itemListElement as { name: string }[];
    expect(trail.map((crumb) => crumb.name)).toEqual([
      'Home',
      'Projects',
      product.ProductCategory,
      product.ProductName,
    ]);
  });

  it('shows a service with its details, and describes it as a Service', async () => {
    const page = await crawl(`/singleservice/${service.slug}`);
    expect(page.titles[0]).toContain(service.ServiceName);
    for (const text of [
      service.ServiceName,
      String(service.ServiceHeading),
      String(service.ServiceStatus),
      service.ServiceCategory,
      `₹${new Intl.NumberFormat('en-IN').format(Number(service.ServicePrice))}`,
      plainText(String(service.ServiceDescription)).slice(0, 60),
    ]) {
      expect(page.text).toContain(text);
    }
    expect(page.jsonLd[0]).toMatchObject({
      name: service.ServiceName,
      serviceType: service.ServiceCategory,
    });
  });

  it('shows every review with its text and dd-mm-yyyy date, and lists them in JSON-LD', async () => {
    const page = await crawl('/reviews');
    expect(reviews.length).toBeGreaterThan(0);
    for (const review of reviews) {
      expect(page.text).toContain(review.ClientName);
      expect(page.text).toContain(review.ClientReview);
      expect(page.text).toContain(dayMonthYear(review.createdAt));
    }
    const listed = page.jsonLd[0].review as { author: { name: string }; reviewBody: string }[];
    expect(listed.map((review) => review.reviewBody).sort()).toEqual(
      reviews.map((review) => review.ClientReview).sort(),
    );
  });

  it('shows every gallery picture as an image with its description', async () => {
    const page = await crawl('/gallery');
    expect(gallery.length).toBeGreaterThan(0);
    const images = [...page.root.matchAll(/<img\b[^>]*>/g)].map(([tag]) => tagAttributes(tag));
    for (const picture of gallery) {
      const shown = images.find((image) =>
        picture.media.variants.some(
          (variant) =>
            (image.src ?? '') === variant.url || (image.srcset ?? '').includes(variant.url),
        ),
      );
      expect({ picture: picture.alt, shown: Boolean(shown) }).toEqual({
        picture: picture.alt,
        shown: true,
      });
      expect(shown?.alt).toBe(picture.alt);
    }
  });

  it('keeps the head whole whatever an administrator writes in a product', async () => {
    const token = await adminToken();
    const name = `Khadi </script><script>window.pwned=1</script><!-- "quoted" & more ${Date.now()}`;
    const created = await adminApi<{ _id: string; slug: string }>(token, 'POST', '/api/product/', {
      ProductName: name,
      ProductCategory: '</title><meta http-equiv="refresh" content="0">',
      ProductHeading: 'Heading',
    });
    try {
      const page = await crawl(`/singleproject/${created.slug}`);
      expect(page.status).toBe(200);
      expect(page.titles).toEqual([expect.stringContaining(name)]);
      expect(page.one('og:title')).toContain(name);
      expect(page.html).not.toMatch(/<meta http-equiv/);
      const [item, breadcrumbs] = page.jsonLd;
      expect(item.name).toBe(name);
      const trail = breadcrumbs.itemListElement as { name: string }[];
      expect(trail[2].name).toContain('</title>');
      // Nothing the name holds became an element: every script is the page's own.
      expect(page.html).not.toMatch(/<script>window\.pwned/);
    } finally {
      await adminApi(token, 'DELETE', `/api/product/${created._id}`);
    }
  });
});

describe('the home page without JavaScript', () => {
  const shared = useBrowser();

  it('is not covered by the brand preloader', async () => {
    const context = await shared.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${stackUrls().shell}/`);
      await page.locator('main h1').waitFor();
      // The preloader, if the server drew one, fades out by itself (a CSS animation).
      await page.waitForFunction(
        () => {
          const preloader = document.querySelector('.preloader');
          if (!preloader) return true;
          const style = getComputedStyle(preloader);
          return style.visibility === 'hidden' || style.display === 'none' || style.opacity === '0';
        },
        undefined,
        { timeout: 10_000 },
      );
      // Nothing else lies over the heading either.
      const heading = page.locator('main h1');
      expect(await heading.isVisible()).toBe(true);
      const onTop = await heading.evaluate((h1) => {
        const box = h1.getBoundingClientRect();
        const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
        return hit !== null && h1.contains(hit);
      });
      expect(onTop).toBe(true);
    } finally {
      await context.close();
    }
  });
});
