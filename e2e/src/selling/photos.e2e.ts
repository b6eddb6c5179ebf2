import type { PhotoInput } from '@vitrine/api-client';
import {
  adminApi,
  heading,
  png,
  unique,
  uploadInPicker,
  useAdminPage,
} from '../admin/admin-helpers';
import { seriousViolations } from '../support/axe';
import { trackPageErrors } from '../support/browser';
import { stackUrls } from '../support/stack';
import { openPage } from '../public/public-site';

/** Several photos per product: added and ordered in the admin, shown so on the public page. */
describe('product photos', () => {
  const tab = useAdminPage();

  it('adds four photos in a chosen order with alt texts; the public page shows them so, cover first', async () => {
    const name = `Natural Flax Linen ${unique()}`;
    const alts = ['Flax, folded', 'Flax, drape', 'Flax, weave close-up', 'Flax, colourways'];
    const admin = tab.page;
    const adminErrors = trackPageErrors(admin);
    await admin.goto(`${stackUrls().shell}/admin/add-product`);
    await heading(admin, 'Add Project');
    await admin.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await admin.getByRole('combobox', { name: 'Category' }).selectOption('Linen');

    await admin.getByRole('button', { name: 'Add photos' }).click();
    const picker = admin.getByRole('dialog', { name: 'Add photos' });
    const colours = [
      { r: 200, g: 190, b: 160 },
      { r: 150, g: 140, b: 110 },
      { r: 110, g: 100, b: 80 },
      { r: 60, g: 90, b: 130 },
    ];
    for (const [index, alt] of alts.entries()) {
      await uploadInPicker(picker, await png(`gal${index + 1}.png`, colours[index]), alt);
    }
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByRole('button', { name: 'Add 4 photos' }).click();

    const altField = (n: number) => admin.getByRole('textbox', { name: `Alt text of photo ${n}` });
    for (const [index, alt] of alts.entries())
      expect(await altField(index + 1).inputValue()).toBe(alt);
    // An alt text is never left empty: clearing one stops the save and says which.
    await altField(2).fill('');
    await admin.getByRole('button', { name: 'Add project' }).click();
    await admin.getByRole('link', { name: /Alt text of photo 2/ }).waitFor();
    await altField(2).fill('Flax, the drape in daylight');

    // The colourways become the cover, then the close-up goes down one: the chosen order.
    await admin.getByRole('button', { name: 'Make cover: photo 4' }).click();
    await admin.getByRole('button', { name: 'Move photo 3 down' }).click();
    const chosen = [
      'Flax, colourways',
      'Flax, folded',
      'Flax, weave close-up',
      'Flax, the drape in daylight',
    ];
    for (const [index, alt] of chosen.entries())
      expect(await altField(index + 1).inputValue()).toBe(alt);
    expect(await seriousViolations(admin)).toEqual([]);

    await admin.getByRole('button', { name: 'Add project' }).click();
    await admin.getByText('Project added').waitFor();
    expect(adminErrors).toEqual([]);

    const [product] = await adminApi<{ _id: string; slug: string; photos: PhotoInput[] }[]>(
      tab.token,
      'GET',
      `/api/product?q=${encodeURIComponent(name)}`,
    );
    expect(product.photos.map((photo) => photo.alt)).toEqual(chosen);

    // The public page: its own photos in that order, the cover first and shown.
    const visitor = await tab.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const visitorErrors = trackPageErrors(visitor);
    await openPage(visitor, `/singleproject/${product.slug}`);
    const carousel = visitor.getByRole('region', { name: `Photos of ${name}` });
    await carousel.waitFor();
    const shownAlts = await carousel
      .locator('.vt-carousel__slide img')
      .evaluateAll((images) => images.map((image) => image.getAttribute('alt')));
    expect(shownAlts).toEqual(chosen);
    expect(await carousel.getByRole('img', { name: chosen[0] }).isVisible()).toBe(true);
    await carousel.getByRole('button', { name: 'Next slide' }).click();
    expect(await carousel.getByRole('img', { name: chosen[1] }).isVisible()).toBe(true);
    expect(visitorErrors).toEqual([]);

    // Before any JavaScript: the server's HTML has every photo and the cover as og:image.
    const html = await (await fetch(`${stackUrls().shell}/singleproject/${product.slug}`)).text();
    const positions = chosen.map((alt) => html.indexOf(`alt="${alt}"`));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const ogTag = /<meta[^>]*property="og:image"[^>]*>/.exec(html)?.[0] ?? '';
    const ogImage = /content="([^"]+)"/.exec(ogTag)?.[1] ?? '';
    expect(ogImage).toContain(product.photos[0].mediaId);
    await visitor.close();
  });
});
