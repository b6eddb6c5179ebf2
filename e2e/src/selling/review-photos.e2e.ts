import { heading, png, unique, useAdminPage } from '../admin/admin-helpers';
import { seriousViolations } from '../support/axe';
import { trackPageErrors } from '../support/browser';
import { stackUrls } from '../support/stack';
import { openPage } from '../public/public-site';

/** Review photos and gallery images come from the media library, each with its alt text. */
describe('review and gallery photos from the media library', () => {
  const tab = useAdminPage();

  /** An image already in the library, as another editor would have put it there. */
  async function libraryImage(alt: string): Promise<string> {
    const image = await png('IMG_2041.png', { r: 170, g: 120, b: 60 });
    const form = new FormData();
    form.append('alt', alt);
    form.append(
      'file',
      new Blob([new Uint8Array(image.buffer)], { type: 'image/png' }),
      image.name,
    );
    const response = await fetch(`${stackUrls().api}/api/media/library`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tab.token}` },
      body: form,
    });
    if (response.status !== 201) throw new Error(`library upload answered ${response.status}`);
    return ((await response.json()) as { _id: string })._id;
  }

  it('adds a library photo to a review with its own alt text; /reviews shows it with that alt', async () => {
    const tag = unique();
    const client = `Kavya ${tag}`;
    const alt = `Block-printed quilt on a bed by a window, ${tag}`;
    const mediaId = await libraryImage(`Quilt ${tag}`);

    const admin = tab.page;
    const adminErrors = trackPageErrors(admin);
    await admin.goto(`${stackUrls().shell}/admin/add-review`);
    await heading(admin, 'Add Review');
    await admin.getByRole('textbox', { name: 'Client name' }).fill(client);
    await admin.getByRole('textbox', { name: /^Review/ }).fill('The quilt is a joy every morning.');

    await admin.getByRole('button', { name: 'Add photos' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add photos' });
    await dialog.getByRole('searchbox', { name: 'Search the library' }).fill(`Quilt ${tag}`);
    await dialog.getByRole('searchbox', { name: 'Search the library' }).press('Enter');
    const item = dialog.locator(`[data-media-id="${mediaId}"]`);
    await item.click();
    await dialog
      .getByRole('status')
      .filter({ hasText: `Quilt ${tag}` })
      .waitFor();
    expect(await seriousViolations(admin)).toEqual([]);
    await dialog.getByRole('button', { name: 'Add 1 photo' }).click();

    // The library's words come first; the review says it in its own.
    const altField = admin.getByRole('textbox', { name: 'Alt text of photo 1' });
    expect(await altField.inputValue()).toBe(`Quilt ${tag}`);
    await altField.fill('');
    await admin.getByRole('button', { name: 'Add review' }).click();
    await admin.getByRole('link', { name: /Alt text of photo 1/ }).waitFor();
    await altField.fill(alt);
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByRole('button', { name: 'Add review' }).click();
    await admin.getByText('Review added').waitFor();
    expect(adminErrors).toEqual([]);

    // The library now says the review uses the image, and will not delete it.
    const used = await fetch(`${stackUrls().api}/api/media/${mediaId}`, {
      headers: { Authorization: `Bearer ${tab.token}` },
    });
    expect(((await used.json()) as { usedBy: { name: string }[] }).usedBy).toEqual([
      expect.objectContaining({ type: 'review', name: client }),
    ]);

    // Server-rendered, before any script: the photo with its alt text.
    const html = await (await fetch(`${stackUrls().shell}/reviews`)).text();
    expect(html).toContain(`alt="${alt}"`);

    const visitor = await tab.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const visitorErrors = trackPageErrors(visitor);
    await openPage(visitor, '/reviews');
    const card = visitor.getByRole('article', { name: client });
    expect(await card.getByRole('img', { name: alt }).isVisible()).toBe(true);
    expect(visitorErrors).toEqual([]);
    await visitor.close();
  });

  it('adds a library image to the gallery with an alt text written there; /gallery shows it', async () => {
    const tag = unique();
    const alt = `Indigo yarn drying on bamboo poles, ${tag}`;
    const mediaId = await libraryImage(`Yarn ${tag}`);
    const admin = tab.page;
    const adminErrors = trackPageErrors(admin);
    await admin.goto(`${stackUrls().shell}/admin/gallery`);
    await heading(admin, 'Gallery');

    await admin.getByRole('button', { name: 'Choose from the media library' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add images from the media library' });
    await dialog.getByRole('searchbox', { name: 'Search the library' }).fill(`Yarn ${tag}`);
    await dialog.getByRole('searchbox', { name: 'Search the library' }).press('Enter');
    await dialog.locator(`[data-media-id="${mediaId}"]`).click();
    await dialog.getByRole('button', { name: 'Add 1 image' }).click();

    const altField = admin.getByRole('textbox', { name: /^Alt text for image 1/ });
    expect(await altField.inputValue()).toBe(`Yarn ${tag}`);
    await altField.fill(alt);
    expect(await seriousViolations(admin)).toEqual([]);
    await admin.getByRole('button', { name: 'Add 1 image' }).click();
    await admin.getByText('Image added to the gallery').waitFor();
    expect(adminErrors).toEqual([]);

    const html = await (await fetch(`${stackUrls().shell}/gallery`)).text();
    expect(html).toContain(`alt="${alt}"`);
  });
});
