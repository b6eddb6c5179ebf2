import { TEXTILE_CATEGORIES, DEFAULT_SERVICE_CATEGORIES } from '@vitrine/contracts';
import { SeedService } from '../src/seed/seed.service';
import { useTestApp } from './support/test-app';

jest.setTimeout(180_000);

describe('demo content', () => {
  const t = useTestApp({ SEED_DEMO: 'true' });

  it('fills an empty database at start: six textile categories with 5-6 products each', async () => {
    const categories = await t.api.get('/api/product/getcategory').expect(200);
    expect(
      categories.body.map((c: { ProductCategory: string }) => c.ProductCategory).sort(),
    ).toEqual([...TEXTILE_CATEGORIES].sort());
    for (const category of categories.body) {
      expect(category.count).toBeGreaterThanOrEqual(5);
      expect(category.count).toBeLessThanOrEqual(6);
      expect(category.media.variants.length).toBeGreaterThan(0);
    }
    const cover = await t.api.get(`/uploads/${categories.body[0].ProductImage}`).expect(200);
    expect(cover.headers['content-type']).toBe('image/webp');
  });

  it('has services in the four service categories, reviews with photos and dates, a dozen gallery images and the company profile', async () => {
    const services = await t.api.get('/api/service/getcategory').expect(200);
    expect(services.body.map((c: { ServiceCategory: string }) => c.ServiceCategory).sort()).toEqual(
      [...DEFAULT_SERVICE_CATEGORIES].sort(),
    );

    const reviews = await t.api.get('/api/reviews/').expect(200);
    expect(reviews.body.length).toBeGreaterThanOrEqual(4);
    expect(reviews.body.every((r: { ClientImage: string[] }) => r.ClientImage.length >= 1)).toBe(
      true,
    );
    const dates = reviews.body.map((r: { createdAt: string }) => r.createdAt.slice(0, 10));
    expect(new Set(dates).size).toBe(dates.length);

    const gallery = await t.api.get('/api/gallery').expect(200);
    expect(gallery.body).toHaveLength(12);
    expect(gallery.body.every((g: { alt: string }) => g.alt.length > 0)).toBe(true);

    const settings = await t.api.get('/api/settings').expect(200);
    expect(JSON.stringify(settings.body)).toContain('2002');
  });

  it('ships the demo in English and Hindi, one project without a Hindi description', async () => {
    const settings = (await t.api.get('/api/settings?locale=hi').expect(200)).body;
    expect(settings.languages).toEqual(['en', 'hi']);
    expect(settings.heroTitle).toBe('हाथ से बुना। ध्यान से रचा।');
    expect(settings.figures[0].label).toBe('स्थापना');
    expect(settings.fallbackFields).toEqual([]);

    const count = Number((await t.api.get('/api/product').expect(200)).headers['x-total-count']);
    const products = (await t.api.get(`/api/product?locale=hi&limit=${count}`).expect(200)).body;
    expect(products).toHaveLength(count);
    const devanagari = /[\u0900-\u097F]/;
    for (const product of products) {
      expect(product.ProductName).toMatch(devanagari);
      expect(product.slugs.hi).toMatch(/^[a-z0-9-]+$/);
    }
    const fellBack = products.filter((p: { fallbackFields: string[] }) => p.fallbackFields.length);
    expect(
      fellBack.map((p: { slug: string; fallbackFields: string[] }) => [p.slug, p.fallbackFields]),
    ).toEqual([['sky-poplin', ['ProductDescription']]]);
    const silk = await t.api.get('/api/product/singleproject/aasmani-poplin?locale=hi').expect(200);
    expect(silk.body.ProductName).toBe('आसमानी पॉपलिन');

    const services = (await t.api.get('/api/service?locale=hi').expect(200)).body;
    expect(
      services.every(
        (s: { ServiceName: string; fallbackFields: string[] }) =>
          devanagari.test(s.ServiceName) && s.fallbackFields.length === 0,
      ),
    ).toBe(true);
    const gallery = (await t.api.get('/api/gallery?locale=hi').expect(200)).body;
    expect(gallery.every((g: { alt: string }) => devanagari.test(g.alt))).toBe(true);
  });

  it('adds nothing the second time: seeding is idempotent', async () => {
    const before = await Promise.all(
      ['/api/product', '/api/service/', '/api/reviews/', '/api/gallery'].map((url) =>
        t.api.get(url),
      ),
    );
    const report = await t.app.get(SeedService).seed();
    expect(report).toEqual({ products: 0, services: 0, reviews: 0, gallery: 0 });
    const after = await Promise.all(
      ['/api/product', '/api/service/', '/api/reviews/', '/api/gallery'].map((url) =>
        t.api.get(url),
      ),
    );
    expect(after.map((r) => r.headers['x-total-count'])).toEqual(
      before.map((r) => r.headers['x-total-count']),
    );
  });
});
