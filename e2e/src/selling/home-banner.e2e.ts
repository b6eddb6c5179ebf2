import { adminApi, heading, png, unique, useAdminPage } from '../admin/admin-helpers';
import { seriousViolations } from '../support/axe';
import { trackPageErrors } from '../support/browser';
import { stackUrls } from '../support/stack';
import { openPage } from '../public/public-site';

type Settings = Record<string, unknown> & { updatedAt?: string; banner: unknown };

/** The profile as PUT takes it. */
const profileOf = ({ updatedAt: _updatedAt, ...profile }: Settings) => profile;

/**
 * Featured and ordered, the rest of it: the home banner chosen in Settings from the media
 * library, and the featured services and reviews on the home page in their order.
 */
describe('the home banner and the featured services and reviews', () => {
  const tab = useAdminPage();
  let before: Settings;

  beforeAll(async () => {
    before = await adminApi<Settings>(tab.token, 'GET', '/api/settings');
  });
  afterAll(async () => {
    // The demo site's own banner again, for the tests that look at the home page's picture.
    await adminApi(tab.token, 'PUT', '/api/settings', { ...profileOf(before), banner: null }).catch(
      () => undefined,
    );
  });

  it('picks a banner from the media library in Settings, and the server-rendered home page shows it first', async () => {
    const alt = `Indigo prints drying ${unique()}`;
    const file = await png('banner.png', { r: 40, g: 70, b: 150 });
    const form = new FormData();
    form.append('alt', alt);
    form.append(
      'file',
      new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }),
      file.name,
    );
    const uploaded = await fetch(`${stackUrls().api}/api/media/library`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tab.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const mediaId = ((await uploaded.json()) as { _id: string })._id;

    const admin = tab.page;
    const adminErrors = trackPageErrors(admin);
    await admin.goto(`${stackUrls().shell}/admin/settings`);
    await heading(admin, 'Site settings');
    const section = admin.getByRole('region', { name: 'Home banner' });
    await section.getByRole('button', { name: 'Choose image' }).click();
    const picker = admin.getByRole('dialog', { name: 'Choose the home banner' });
    await picker.getByRole('searchbox', { name: 'Search the library' }).fill(alt);
    await picker.getByRole('button', { name: alt }).click();
    await picker.getByRole('button', { name: 'Use this image' }).click();
    await picker.waitFor({ state: 'detached' });
    await section.getByText(alt).waitFor();
    expect(await section.locator('img').getAttribute('src')).toContain(mediaId);
    await section.getByRole('textbox', { name: /Video over the image/ }).waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByRole('button', { name: 'Save settings' }).click();
    await admin.getByText('Settings saved').waitFor();
    expect(adminErrors).toEqual([]);

    // The HTML as the server renders it, before any script: the chosen picture, preloaded.
    const html = await (await fetch(`${stackUrls().shell}/`)).text();
    const preloads = (html.match(/<link[^>]*>/g) ?? []).filter((link) =>
      link.includes('rel="preload"'),
    );
    expect(preloads.filter((link) => link.includes(mediaId))).toHaveLength(1);
    const image = html.match(new RegExp(`<img[^>]*alt="${alt}"[^>]*>`))?.[0] ?? '';
    expect(image).toContain(mediaId);
    expect(image).toMatch(/fetchpriority="high"/i);

    const page = await tab.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = trackPageErrors(page);
    await openPage(page, '/');
    const banner = page.locator('section.hero');
    expect(await banner.getByRole('img', { name: alt }).getAttribute('src')).toContain(mediaId);
    // A picture chosen alone: the default woven video no longer covers it.
    expect(await banner.locator('video').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();

    // In use by the banner: the library keeps it.
    const refused = await fetch(`${stackUrls().api}/api/media/${mediaId}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${tab.token}` },
    });
    expect(refused.status).toBe(409);
  });

  it('shows the featured services and what featured clients say on the home page (and About), in their order', async () => {
    const suffix = unique();
    const services: { _id: string }[] = [];
    const serviceNames = ['Courtyards', 'Kitchens'].map((name) => `${name} ${suffix}`);
    for (const ServiceName of serviceNames) {
      services.push(
        await adminApi(tab.token, 'POST', '/api/service', {
          ServiceName,
          ServiceCategory: 'Landscape',
          featured: true,
        }),
      );
    }
    const reviews: { _id: string }[] = [];
    const clients = ['Meera', 'Arjun'].map((name) => `${name} ${suffix}`);
    for (const ClientName of clients) {
      const form = new FormData();
      form.append('ClientName', ClientName);
      form.append('ClientReviews', `${ClientName} loved the linen.`);
      form.append('featured', 'true');
      const created = await fetch(`${stackUrls().api}/api/reviews`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${tab.token}` },
        body: form,
      });
      expect(created.status).toBe(201);
      reviews.push((await created.json()) as { _id: string });
    }
    try {
      // The second of each first among the featured, the first second.
      for (const [kind, items] of [
        ['service', services],
        ['reviews', reviews],
      ] as const) {
        await adminApi(tab.token, 'PUT', `/api/${kind}/${items[0]._id}/position`, {
          featuredOrder: 0,
        });
        await adminApi(tab.token, 'PUT', `/api/${kind}/${items[1]._id}/position`, {
          featuredOrder: 0,
        });
      }

      const page = await tab.browser.newPage({ viewport: { width: 1280, height: 900 } });
      const errors = trackPageErrors(page);
      await openPage(page, '/');
      const featuredServices = page.getByRole('region', { name: 'Featured services' });
      const cards = await featuredServices.getByRole('heading', { level: 3 }).allInnerTexts();
      expect(cards.slice(0, 2)).toEqual([serviceNames[1], serviceNames[0]]);
      const quotes = page.getByRole('region', { name: 'What clients say' }).getByRole('figure');
      const names = await quotes.locator('figcaption').allInnerTexts();
      expect(names.slice(0, 2)).toEqual([clients[1], clients[0]]);
      expect(await seriousViolations(page)).toEqual([]);

      // The About page too, its first three.
      await openPage(page, '/about');
      const about = page.getByRole('region', { name: 'What clients say' });
      expect((await about.locator('figcaption').allInnerTexts()).slice(0, 2)).toEqual([
        clients[1],
        clients[0],
      ]);

      // Already so in the server's HTML, before any script runs.
      const html = await (await fetch(`${stackUrls().shell}/`)).text();
      expect(html.indexOf(serviceNames[1])).toBeGreaterThan(0);
      expect(html.indexOf(serviceNames[1])).toBeLessThan(html.indexOf(serviceNames[0]));
      expect(html.indexOf(clients[1])).toBeGreaterThan(0);
      expect(html.indexOf(clients[1])).toBeLessThan(html.indexOf(clients[0]));
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      for (const service of services) {
        await adminApi(tab.token, 'DELETE', `/api/service/${service._id}`).catch(() => undefined);
      }
      for (const review of reviews) {
        await adminApi(tab.token, 'DELETE', `/api/reviews/${review._id}`).catch(() => undefined);
      }
    }
  });
});
