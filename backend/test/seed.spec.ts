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
