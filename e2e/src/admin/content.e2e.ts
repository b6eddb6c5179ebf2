import fs from 'node:fs';
import type { EnquiryDetail, MediaItem, Product, Review } from '@vitrine/api-client';
import { seriousViolations } from '../support/axe';
import { savedDownload } from '../support/browser';
import { stackUrls } from '../support/stack';
import { sendEnquiry } from '../public/public-site';
import { adminApi, heading, png, unique, uploadInPicker, useAdminPage } from './admin-helpers';

describe('users, reviews and enquiries in the admin area', () => {
  const tab = useAdminPage();

  it('shows a duplicate user name beside the field and keeps the form', async () => {
    const { shell } = stackUrls();
    await tab.page.goto(`${shell}/admin/add-user`);
    await heading(tab.page, 'Add User');
    await tab.page.getByRole('textbox', { name: 'First name' }).fill('Second');
    await tab.page.getByRole('textbox', { name: 'Last name' }).fill('Admin');
    await tab.page.getByRole('textbox', { name: 'User name' }).fill('admin');
    await tab.page.getByRole('textbox', { name: 'Email' }).fill(`second.${unique()}@example.com`);
    await tab.page.getByRole('textbox', { name: 'Number' }).fill('+91 98765 43210');
    await tab.page.getByLabel(/^Password/).fill('a long password');
    await tab.page.getByRole('button', { name: 'Add user' }).click();

    const field = tab.page.getByRole('textbox', { name: 'User name' });
    await tab.page
      .locator('.vt-field__error', { hasText: 'This user name is already taken' })
      .waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(new URL(tab.page.url()).pathname).toBe('/admin/add-user');
    expect(await tab.page.getByRole('textbox', { name: 'First name' }).inputValue()).toBe('Second');
  });

  it('adds a review with three photos, then removes one', async () => {
    const { shell } = stackUrls();
    const client = `Meera ${unique()}`;
    await tab.page.goto(`${shell}/admin/add-review`);
    await heading(tab.page, 'Add Review');
    await tab.page.getByRole('textbox', { name: 'Client name' }).fill(client);
    await tab.page
      .getByRole('textbox', { name: /^Review/ })
      .fill('The linen drapes changed the room.');
    // Each photo is uploaded into the media library from the picker, with its alt text.
    await tab.page.getByRole('button', { name: 'Add photos' }).click();
    const dialog = tab.page.getByRole('dialog', { name: 'Add photos' });
    const colours = [
      { r: 200, g: 80, b: 60 },
      { r: 60, g: 160, b: 90 },
      { r: 40, g: 70, b: 180 },
    ];
    for (const [index, colour] of colours.entries()) {
      await uploadInPicker(
        dialog,
        await png(`photo${index}.png`, colour),
        `Drapes, view ${index + 1}`,
      );
    }
    await dialog.getByRole('button', { name: 'Add 3 photos' }).click();
    await tab.page.getByRole('button', { name: 'Add review' }).click();
    await tab.page.getByText('Review added').waitFor();
    await tab.page.waitForURL((url) => url.pathname === '/admin/review');

    const [review] = await adminApi<Review[]>(
      tab.token,
      'GET',
      `/api/reviews?q=${encodeURIComponent(client)}`,
    );
    expect(review.ClientImage).toHaveLength(3);

    await tab.page.goto(`${shell}/admin/edit-review/${review._id}`);
    await heading(tab.page, 'Edit Review');
    await tab.page.getByRole('button', { name: 'Remove photo 2' }).click();
    await tab.page.getByRole('button', { name: 'Move photo 2 up' }).click();
    await tab.page.getByRole('button', { name: 'Save review' }).click();
    await tab.page.getByText('Review saved').waitFor();

    const saved = await adminApi<Review>(tab.token, 'GET', `/api/reviews/${review._id}`);
    expect(saved.ClientImage).toEqual([review.ClientImage[2], review.ClientImage[0]]);
  });

  it('uploads gallery images with alt texts, reorders one and deletes it', async () => {
    const { shell } = stackUrls();
    const tag = unique();
    await tab.page.goto(`${shell}/admin/gallery`);
    await heading(tab.page, 'Gallery');
    await tab.page
      .getByLabel('Choose images')
      .setInputFiles([
        await png('first.png', { r: 220, g: 200, b: 160 }),
        await png('second.png', { r: 90, g: 110, b: 70 }),
      ]);
    await tab.page
      .getByRole('textbox', { name: /Alt text for image 1/ })
      .fill(`Sunlit loom ${tag}`);
    await tab.page.getByRole('textbox', { name: /Alt text for image 2/ }).fill(`Indigo vat ${tag}`);
    await tab.page.getByRole('button', { name: 'Upload 2 images' }).click();
    await tab.page.getByText('2 images added to the gallery').waitFor();

    interface Image {
      _id: string;
      alt: string;
      order: number;
    }
    const all = async () => adminApi<Image[]>(tab.token, 'GET', '/api/gallery?limit=100');
    const before = await all();
    const vat = before.find((image) => image.alt === `Indigo vat ${tag}`);
    expect(vat).toBeDefined();
    const position = (vat?.order ?? 0) + 1;

    // The last page of the gallery holds the new images; move the last one earlier.
    await tab.page.goto(`${shell}/admin/gallery?page=${Math.ceil(position / 24)}`);
    await tab.page.getByRole('button', { name: `Move image ${position} earlier` }).click();
    // The image shows its new place once the gallery has been reloaded.
    await tab.page.waitForFunction(
      ([id, place]) =>
        document.querySelector(`[data-id="${id}"] .adm-gallery__position`)?.textContent === place,
      [vat?._id ?? '', String(position - 1)],
    );
    const moved = (await all()).find((image) => image._id === vat?._id);
    expect(moved?.order).toBe(position - 2);

    await tab.page
      .locator(`[data-id="${vat?._id}"]`)
      .getByRole('button', { name: `Delete image ${position - 1}` })
      .click();
    await tab.page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await tab.page.getByText('Image deleted').waitFor();
    expect((await all()).some((image) => image._id === vat?._id)).toBe(false);
  });

  it('changes the status of an enquiry a visitor sent', async () => {
    const { shell } = stackUrls();
    const last = `Verma${unique()}`;
    const { _id: id } = await sendEnquiry({
      FirstName: 'Asha',
      LastName: last,
      Email: 'asha@example.com',
      PhoneNumber: '+91 98765 43210',
      Message: 'A quote for 200 m of khadi, please.',
      source: 'contact',
    });

    await tab.page.goto(`${shell}/admin/enquiries?q=${last}`);
    await heading(tab.page, 'Enquiries');
    const link = tab.page.getByRole('link', { name: `Asha ${last} (new)` });
    await link.waitFor();
    // The menu counts the new ones.
    await tab.page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: /Enquiries.*new/ })
      .waitFor();
    await link.click();
    await heading(tab.page, `Enquiry from Asha ${last}`);
    await tab.page
      .getByTestId('mail-state')
      .or(tab.page.getByText('No notification mail'))
      .first()
      .waitFor();

    await tab.page.getByRole('combobox', { name: 'Status' }).selectOption('replied');
    await tab.page.getByRole('textbox', { name: /Internal note/ }).fill('Quoted on the phone.');
    await tab.page.getByRole('button', { name: 'Save changes' }).click();
    await tab.page.getByText('Enquiry updated').waitFor();

    const saved = await adminApi<EnquiryDetail>(tab.token, 'GET', `/api/enquiries/${id}`);
    expect(saved).toMatchObject({ status: 'replied', note: 'Quoted on the phone.' });

    // The filtered list as CSV, fetched with the token and saved by the browser.
    await tab.page.goto(`${shell}/admin/enquiries?q=${last}&status=replied`);
    await tab.page.getByRole('link', { name: `Asha ${last}`, exact: true }).waitFor();
    const [download] = await Promise.all([
      tab.page.waitForEvent('download'),
      tab.page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^enquiries-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = fs.readFileSync(await savedDownload(download), 'utf8');
    expect(csv).toContain(last);
    expect(csv).toContain('Quoted on the phone.');
    expect(csv.trim().split('\n')).toHaveLength(2);
  });

  it('deletes an image a project uses through the dialog that names it, and the project page still shows', async () => {
    const { shell, api } = stackUrls();
    const alt = `Drapes ${unique()}`;
    const name = `Bay window ${unique()}`;
    const form = new FormData();
    const file = await png('drapes.png', { r: 120, g: 60, b: 160 });
    form.append('alt', alt);
    form.append(
      'file',
      new Blob([new Uint8Array(file.buffer)], { type: file.mimeType }),
      file.name,
    );
    const uploaded = await fetch(`${api}/api/media/library`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${tab.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const image = (await uploaded.json()) as MediaItem;
    const project = await adminApi<Product>(tab.token, 'POST', '/api/product', {
      ProductName: name,
      ProductCategory: 'Linen',
      photos: [{ mediaId: image._id, alt: 'Drapes in the bay window' }],
    });

    // On a laptop: the dialog names the project and its field, linked to its form.
    await tab.page.setViewportSize({ width: 1366, height: 768 });
    await tab.page.goto(`${shell}/admin/media?q=${encodeURIComponent(alt)}`);
    await heading(tab.page, 'Media library');
    const item = tab.page.getByRole('listitem', { name: alt });
    await item.getByRole('button', { name: 'Delete' }).click();
    const dialog = tab.page.getByRole('dialog', { name: 'This image is in use' });
    const place = dialog.getByRole('listitem').filter({ hasText: `Project: ${name} (photos)` });
    await place.waitFor();
    expect(await place.getByRole('link').getAttribute('href')).toBe(
      `/admin/edit-product/${project._id}`,
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });

    // On a phone: the same dialog, accessible, and the removal goes through.
    await tab.page.setViewportSize({ width: 390, height: 844 });
    await item.getByRole('button', { name: 'Delete' }).click();
    await place.waitFor();
    expect(await seriousViolations(tab.page)).toEqual([]);
    await dialog.getByRole('button', { name: 'Remove from these places and delete' }).click();
    await tab.page.getByText('Image removed from 1 place and deleted').waitFor();
    await item.waitFor({ state: 'detached' });

    const after = await adminApi<Product>(tab.token, 'GET', `/api/product/${project._id}`);
    expect(after.photos ?? []).toEqual([]);
    const visitor = await tab.browser.newContext();
    const publicPage = await visitor.newPage();
    await publicPage.goto(`${shell}/singleproject/${after.slug}`);
    await publicPage.getByRole('heading', { name }).first().waitFor();
    await visitor.close();
  });
});
