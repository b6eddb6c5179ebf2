import type { GalleryImage } from '@vitrine/api-client';
import { stackUrls } from '../support/stack';
import { adminApi, heading, png, unique, useAdminPage } from './admin-helpers';

/** A batch of gallery images where one file is refused: the others are kept, one by one. */
describe('uploading a batch of gallery images', () => {
  const tab = useAdminPage();

  afterEach(() => expect(tab.errors).toEqual([]));

  it('keeps five of six images when the sixth is too large, and names the sixth and why', async () => {
    const tag = unique();
    await tab.page.goto(`${stackUrls().shell}/admin/gallery`);
    await heading(tab.page, 'Gallery');
    // The limits are written on the form before anything is picked.
    await tab.page.getByText('each at most 10 MB and 50 megapixels').waitFor();

    const colours = [
      { r: 200, g: 60, b: 40 },
      { r: 40, g: 120, b: 60 },
      { r: 30, g: 60, b: 160 },
      { r: 220, g: 180, b: 40 },
      { r: 120, g: 40, b: 140 },
    ];
    const small = await Promise.all(
      colours.map((colour, index) => png(`loom-${tag}-${index + 1}.png`, colour)),
    );
    const oversized = {
      name: `sofa-${tag}.jpg`,
      mimeType: 'image/jpeg',
      buffer: Buffer.alloc(18 * 1024 * 1024, 0xff),
    };
    await tab.page
      .getByLabel('Choose images')
      .setInputFiles([small[0], small[1], small[2], oversized, small[3], small[4]]);

    // Named before anything is sent, with the reason and the limit.
    const refusal = `sofa-${tag}.jpg: The file is too large (18.0 MB; at most 10 MB)`;
    await tab.page.getByRole('link', { name: refusal }).waitFor();
    // Alt texts start empty (a file name describes nothing): each is written.
    const altFields = tab.page.getByRole('textbox', { name: /Alt text for image/ });
    for (const [field, n] of [
      [1, 1],
      [2, 2],
      [3, 3],
      [5, 4],
      [6, 5],
    ]) {
      expect(await altFields.nth(field - 1).inputValue()).toBe('');
      await altFields.nth(field - 1).fill(`loom ${tag} ${n}`);
    }
    await tab.page.getByRole('button', { name: 'Upload 5 images' }).click();
    await tab.page.getByText('5 images added to the gallery').waitFor();

    const gallery = await adminApi<GalleryImage[]>(tab.token, 'GET', '/api/gallery?limit=100');
    const kept = gallery.filter((image) => image.alt.includes(tag)).map((image) => image.alt);
    expect(kept.sort()).toEqual([1, 2, 3, 4, 5].map((n) => `loom ${tag} ${n}`));

    // The sixth stays on the form, named, to be left out or replaced.
    expect(await tab.page.getByText(refusal).first().isVisible()).toBe(true);
    expect(await tab.page.getByRole('textbox', { name: /Alt text for image/ }).count()).toBe(1);
  });
});
