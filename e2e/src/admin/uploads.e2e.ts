import type { GalleryImage, Product } from '@vitrine/api-client';
import type { Locator, Page, Route } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { stackUrls } from '../support/stack';
import { adminApi, heading, png, unique, useAdminPage } from './admin-helpers';

/** Whether the whole of `locator` is inside the page's viewport, without scrolling. */
async function inViewport(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const viewport = page.viewportSize();
  if (!box || !viewport) return false;
  return (
    box.x >= 0 &&
    box.y >= 0 &&
    box.x + box.width <= viewport.width &&
    box.y + box.height <= viewport.height
  );
}

/** Drops `files` on `target` at once, as a file manager does: one drop, one DataTransfer. */
async function dropFiles(target: Locator, files: Awaited<ReturnType<typeof png>>[]) {
  const sent = files.map((file) => ({
    name: file.name,
    type: file.mimeType,
    base64: file.buffer.toString('base64'),
  }));
  await target.evaluate((zone, list) => {
    const dataTransfer = new DataTransfer();
    for (const file of list) {
      const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
      dataTransfer.items.add(new File([bytes], file.name, { type: file.type }));
    }
    for (const type of ['dragenter', 'dragover', 'drop'])
      zone.dispatchEvent(new DragEvent(type, { dataTransfer, bubbles: true, cancelable: true }));
  }, sent);
}

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

/** Several photos for a project at once: dropped, uploaded side by side, described afterwards. */
describe('adding many photos to a project', () => {
  const tab = useAdminPage();

  afterEach(() => expect(tab.errors).toEqual([]));

  it('takes three files dropped at once, uploads them in parallel, and saves them with the alt texts written on the grid', async () => {
    const tag = unique();
    const name = `Three drapes ${tag}`;
    const page = tab.page;
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${stackUrls().shell}/admin/add-product`);
    await heading(page, 'Add Project');
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
    await page.getByRole('combobox', { name: 'Category' }).selectOption('Linen');

    // The uploads are held until all three have started: one at a time would never get there.
    const held: Route[] = [];
    let release: () => void = () => undefined;
    const allStarted = new Promise<void>((resolve) => (release = resolve));
    // Left in place afterwards (it lets every later upload straight through): unrouted while
    // the held ones were being let go, Playwright could continue one itself, and the
    // handler's own continue then failed with "Route is already handled!".
    await page.route('**/api/media/library', async (route) => {
      held.push(route);
      if (held.length === 3) release();
      await allStarted;
      await route.continue();
    });

    await page.getByRole('button', { name: 'Add photos' }).click();
    const picker = page.getByRole('dialog', { name: 'Add photos' });
    const files = await Promise.all(
      [
        { r: 190, g: 70, b: 50 },
        { r: 50, g: 140, b: 80 },
        { r: 40, g: 60, b: 170 },
      ].map((colour, index) => png(`IMG_${tag}_${index + 1}.png`, colour)),
    );
    await dropFiles(picker.getByTestId('media-drop-zone'), files);
    await picker.getByRole('progressbar').nth(2).waitFor();
    await allStarted;

    // Each arrives chosen, its alt field empty (never the file name), to be written here.
    const uploaded = picker.getByRole('list', { name: 'Images just uploaded' });
    await uploaded.getByRole('listitem').nth(2).waitFor();
    const altFields = uploaded.getByRole('textbox', { name: /^Alt text for chosen photo/ });
    expect(await altFields.count()).toBe(3);
    for (let n = 0; n < 3; n += 1) {
      expect(await altFields.nth(n).inputValue()).toBe('');
      await altFields.nth(n).fill(`Drape ${n + 1}, ${tag}`);
    }
    const add = picker.getByRole('button', { name: 'Add 3 photos' });
    expect(await inViewport(page, add)).toBe(true);
    expect(await inViewport(page, picker.getByRole('button', { name: 'Cancel' }))).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await add.click();

    // Saving with an alt text emptied is refused, naming the photo, inline.
    const photoAlt = (n: number) => page.getByRole('textbox', { name: `Alt text of photo ${n}` });
    await photoAlt(2).fill('');
    await page.getByRole('button', { name: 'Add project' }).click();
    await page.getByText('Describe photo 2 for people who cannot see it').first().waitFor();
    expect(await photoAlt(2).getAttribute('aria-invalid')).toBe('true');
    await photoAlt(2).fill(`Drape again, ${tag}`);
    await page.getByRole('button', { name: 'Add project' }).click();
    await page.getByText('Project added').waitFor();

    const [project] = await adminApi<Product[]>(
      tab.token,
      'GET',
      `/api/product?q=${encodeURIComponent(name)}&limit=5`,
    );
    expect(project.photos?.map((photo) => photo.alt).sort()).toEqual(
      [`Drape 1, ${tag}`, `Drape 3, ${tag}`, `Drape again, ${tag}`].sort(),
    );

    // On a phone: the thumbnail sits above its alt text, and the picker's footer in view.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${stackUrls().shell}/admin/edit-product/${project._id}`);
    await heading(page, 'Edit Project');
    const first = page.locator('.adm-photos__item').first();
    const thumb = await first.locator('.adm-photos__thumb img').boundingBox();
    const label = await first.locator('label').boundingBox();
    const input = await photoAlt(1).boundingBox();
    expect(thumb && label && input).toBeTruthy();
    if (thumb && label && input) {
      expect(label.y).toBeGreaterThanOrEqual(thumb.y + thumb.height);
      expect(input.y).toBeGreaterThanOrEqual(thumb.y + thumb.height);
    }
    await page.getByRole('button', { name: 'Add photos' }).click();
    await picker.getByRole('list', { name: 'Images in the library' }).waitFor();
    const cells = picker.locator('.adm-media-picker__item[aria-pressed="false"]');
    for (let n = 0; n < 3; n += 1) await cells.first().click();
    const addOnPhone = picker.getByRole('button', { name: 'Add 3 photos' });
    expect(await inViewport(page, addOnPhone)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await picker.getByRole('button', { name: 'Cancel' }).click();
  });
});
