import { bearer, useTestApp } from './support/test-app';

describe('sitemap.xml and robots.txt', () => {
  const t = useTestApp({ SITE_URL: 'https://vitrine.example/' });
  beforeAll(async () => {
    const auth = bearer(t.adminToken);
    await t.api
      .post('/api/product/')
      .set(auth)
      .send({ ProductName: 'Sitemap linen', ProductCategory: 'Linen' })
      .expect(201);
    await t.api
      .post('/api/product/')
      .set(auth)
      .send({ ProductName: 'Hidden draft', ProductCategory: 'Linen', published: false })
      .expect(201);
    await t.api
      .post('/api/product/')
      .set(auth)
      .send({
        ProductName: 'Next season',
        ProductCategory: 'Linen',
        publishAt: new Date(Date.now() + 24 * 3600_000).toISOString(),
      })
      .expect(201);
    await t.api
      .post('/api/service/')
      .set(auth)
      .send({ ServiceName: 'Terrace gardens', ServiceCategory: 'Landscape' })
      .expect(201);
  });

  it('lists every public page, published product and service with absolute URLs, none scheduled for later', async () => {
    const response = await t.api.get('/sitemap.xml').expect(200);
    expect(response.headers['content-type']).toMatch(/application\/xml/);
    const locations = [...response.text.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locations).toEqual(
      expect.arrayContaining([
        'https://vitrine.example/',
        'https://vitrine.example/gallery',
        'https://vitrine.example/contact-us',
        'https://vitrine.example/privacy',
        'https://vitrine.example/singleproject/sitemap-linen',
        'https://vitrine.example/singleservice/terrace-gardens',
      ]),
    );
    expect(response.text).not.toContain('hidden-draft');
    // Scheduled for tomorrow: not yet a page anyone can open.
    expect(response.text).not.toContain('next-season');
  });

  it('lets crawlers in everywhere but the admin area, and points at the sitemap', async () => {
    const response = await t.api.get('/robots.txt').expect(200);
    expect(response.text).toContain('Disallow: /admin');
    expect(response.text).toContain('Sitemap: https://vitrine.example/sitemap.xml');
  });
});
