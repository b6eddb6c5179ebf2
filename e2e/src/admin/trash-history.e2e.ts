import fs from 'node:fs';
import type { Product, TrashEntry } from '@vitrine/api-client';
import type { Locator, Page } from 'playwright-core';
import { seriousViolations } from '../support/axe';
import { savedDownload } from '../support/browser';
import { stackUrls } from '../support/stack';
import {
  adminApi,
  createProject,
  heading,
  png,
  screenshot,
  unique,
  useAdminPage,
} from './admin-helpers';

/** Restores the newest version the History panel offers, through its confirmation dialog. */
async function restoreFirstVersion(page: Page, history: Locator, what: 'project' | 'settings') {
  await history
    .getByRole('button', { name: /^Restore the version before / })
    .first()
    .click();
  await page
    .getByRole('dialog', { name: new RegExp(`^Bring back the ${what} from before `) })
    .getByRole('button', { name: 'Restore' })
    .click();
  await page.getByText(new RegExp(`^Brought back the ${what} from before `)).waitFor();
}

/** The addresses of a project's picture in each size; a project without one fails the test. */
function pictureUrlsOf(project: Product): string[] {
  if (!project.media) throw new Error(`${project.ProductName} has no picture`);
  return project.media.variants.map((variant) => variant.url);
}

/** The bytes a visitor's browser gets for an upload's address, as hex. */
async function bytesAt(url: string): Promise<string> {
  const response = await fetch(`${stackUrls().shell}${url}`);
  if (!response.ok) throw new Error(`GET ${url} answered ${response.status}`);
  return Buffer.from(await response.arrayBuffer()).toString('hex');
}

/** Saves project fields as the edit form does (multipart PUT). */
async function editProject(token: string, id: string, fields: Record<string, string>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const response = await fetch(`${stackUrls().api}/api/product/${id}`, {
    method: 'PUT',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (!response.ok) throw new Error(`PUT /api/product/${id} answered ${response.status}`);
}

/** An image uploaded into the media library, as a photo a project can name. */
async function libraryPhoto(
  token: string,
  alt: string,
  colour: { r: number; g: number; b: number },
): Promise<{ mediaId: string; alt: string }> {
  const image = await png(`${alt}.png`, colour);
  const form = new FormData();
  form.append('alt', alt);
  form.append(
    'file',
    new Blob([new Uint8Array(image.buffer)], { type: image.mimeType }),
    image.name,
  );
  const response = await fetch(`${stackUrls().api}/api/media/library`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}` },
    body: form,
  });
  if (response.status !== 201)
    throw new Error(`POST /api/media/library answered ${response.status}`);
  return { mediaId: ((await response.json()) as { _id: string })._id, alt };
}

describe('the Trash, History and Backups screens', () => {
  const tab = useAdminPage();

  afterEach(() => expect(tab.errors).toEqual([]));

  const inTrash = async (itemId: string) =>
    (await adminApi<TrashEntry[]>(tab.token, 'GET', '/api/trash?limit=100')).some(
      (entry) => entry.itemId === itemId,
    );

  it('deletes a project with its picture into the trash, and restores it with the same picture', async () => {
    const { shell } = stackUrls();
    const name = `Trashed Linen ${unique()}`;
    const project = await createProject(
      tab.token,
      { ProductName: name },
      await png('linen.png', { r: 190, g: 150, b: 90 }),
    );
    const pictureUrls = pictureUrlsOf(project);
    const before = await Promise.all(pictureUrls.map(bytesAt));

    await tab.page.goto(`${shell}/admin/product?q=${encodeURIComponent(name)}`);
    await tab.page.getByRole('button', { name: `Delete ${name}` }).click();
    await tab.page
      .getByRole('dialog', { name: `Delete the project “${name}”?` })
      .getByRole('button', { name: 'Delete' })
      .click();
    await tab.page.getByText('Project deleted').waitFor();

    await tab.page.goto(`${shell}/admin/trash?type=product`);
    await heading(tab.page, 'Trash');
    const row = tab.page.getByRole('row').filter({ hasText: name });
    await row.waitFor();
    expect(await row.textContent()).toContain('admin');
    expect(await row.textContent()).toContain('project');
    await screenshot(tab.page, 'admin-trash-1280');

    await row.getByRole('button', { name: `Restore ${name}` }).click();
    const dialog = tab.page.getByRole('dialog', { name: `Restore the project “${name}”?` });
    await dialog.getByRole('button', { name: 'Restore' }).click();
    await tab.page.getByText(`Restored the project “${name}”`).waitFor();
    await row.waitFor({ state: 'detached' });
    expect(await inTrash(project._id)).toBe(false);

    await tab.page.goto(`${shell}/admin/product?q=${encodeURIComponent(name)}`);
    await tab.page.getByRole('link', { name: `Edit ${name}` }).waitFor();
    const back = await adminApi<Product>(tab.token, 'GET', `/api/product/${project._id}`);
    expect(pictureUrlsOf(back)).toEqual(pictureUrls);
    expect(await Promise.all(pictureUrls.map(bytesAt))).toEqual(before);
  });

  it('says which field clashes when a live user took the name of the one being restored', async () => {
    const { shell } = stackUrls();
    const userName = `weaver${unique()}`;
    const user = await adminApi<{ _id: string }>(tab.token, 'POST', '/api/user', {
      FirstName: 'Leela',
      LastName: 'Das',
      UserName: userName,
      Email: `${userName}@example.com`,
      Number: '+91 98765 43211',
      Password: 'leela-password-1',
    });
    await adminApi(tab.token, 'DELETE', `/api/user/${user._id}`);
    await adminApi(tab.token, 'POST', '/api/user', {
      FirstName: 'Other',
      LastName: 'Weaver',
      UserName: userName,
      Email: `other.${userName}@example.com`,
      Number: '+91 98765 43212',
      Password: 'other-password-1',
    });

    await tab.page.goto(`${shell}/admin/trash?q=${userName}`);
    await heading(tab.page, 'Trash');
    await tab.page.getByRole('button', { name: `Restore ${userName}` }).click();
    await tab.page
      .getByRole('dialog', { name: `Restore the user “${userName}”?` })
      .getByRole('button', { name: 'Restore' })
      .click();
    const alert = tab.page.getByRole('alert').filter({ hasText: 'Could not restore' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('User name: already used by a live item');
    expect(await alert.textContent()).toContain('Another user now has this user name');
    // Nothing changed: it is still in the trash, still listed.
    expect(await inTrash(user._id)).toBe(true);
    await tab.page.getByRole('button', { name: `Restore ${userName}` }).waitFor();
  });

  it('deletes an item forever through the confirm dialog', async () => {
    const { shell } = stackUrls();
    const name = `Gone Poplin ${unique()}`;
    const project = await createProject(tab.token, { ProductName: name });
    await adminApi(tab.token, 'DELETE', `/api/product/${project._id}`);

    await tab.page.goto(`${shell}/admin/trash?q=${encodeURIComponent(name)}`);
    await heading(tab.page, 'Trash');
    await tab.page.getByRole('button', { name: `Delete forever: ${name}` }).click();
    const dialog = tab.page.getByRole('dialog', { name: `Delete the project “${name}” forever?` });
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await tab.page.getByText(`Deleted the project “${name}” forever`).waitFor();
    await tab.page.getByText(`Nothing matches “${name}”`).waitFor();
    expect(await inTrash(project._id)).toBe(false);
  });

  it('shows a project’s changes as a person reads them, on a laptop and a phone, and restores the earlier version', async () => {
    const { shell } = stackUrls();
    const name = `Storied Khadi ${unique()}`;
    const project = await createProject(
      tab.token,
      {
        ProductName: name,
        ProductHeading: 'Hand-spun',
        ProductDescription: '<p>Spun by <strong>hand</strong> in Bengal.</p>',
      },
      await png('loom.png', { r: 170, g: 85, b: 34 }),
    );
    const [loom, vat, bolts, drying] = [
      { mediaId: project.photos[0].mediaId, alt: name },
      await libraryPhoto(tab.token, 'Indigo vat', { r: 34, g: 85, b: 170 }),
      await libraryPhoto(tab.token, 'Bolts of khadi', { r: 34, g: 136, b: 68 }),
      await libraryPhoto(tab.token, 'Khadi drying in the sun', { r: 220, g: 190, b: 60 }),
    ];
    await editProject(tab.token, project._id, {
      ProductName: name,
      photos: JSON.stringify([loom, vat, bolts]),
    });
    // The change the history shows first: one photo moved to the cover, one alt text
    // changed, one photo added, and the texts.
    await editProject(tab.token, project._id, {
      ProductName: name,
      ProductCategory: 'Linen',
      ProductHeading: 'Hand-spun indigo',
      ProductDescription: '<p>Spun by <strong>hand</strong> in Jaipur.</p>',
      photos: JSON.stringify([bolts, { ...loom, alt: 'Khadi on the loom' }, vat, drying]),
    });

    await tab.page.goto(`${shell}/admin/edit-product/${project._id}`);
    await heading(tab.page, 'Edit Project');
    const headingField = tab.page.getByRole('textbox', { name: 'Heading', exact: true });
    expect(await headingField.inputValue()).toBe('Hand-spun indigo');
    await tab.page.getByRole('button', { name: 'Show history' }).click();
    const history = tab.page.getByRole('region', { name: 'History' });
    const changes = history.getByRole('table', { name: /^Fields changed on / }).first();
    await changes.waitFor();
    const rowOf = (field: string) =>
      changes.getByRole('row').filter({ has: tab.page.getByRole('rowheader', { name: field }) });
    expect(await rowOf('Heading').getByRole('cell').textContent()).toBe(
      'Before: Hand-spun→After: Hand-spun indigo',
    );
    // Rich text as a visitor reads it, never its tags: the word removed struck, the one added marked.
    const description = rowOf('Description').getByRole('cell');
    expect(await description.locator('del').allTextContents()).toEqual(['Bengal.']);
    expect(await description.locator('ins').allTextContents()).toEqual(['Jaipur.']);
    const photos = rowOf('Photos').getByRole('listitem');
    expect(await photos.allTextContents()).toEqual([
      'Moved from place 3 to 1 · New cover',
      `Alt text changedBefore: ${name}→After: Khadi on the loom`,
      'Added at place 4',
    ]);
    // Thumbnails that have loaded, each named by its alt text.
    await photos.getByRole('img', { name: 'Bolts of khadi' }).waitFor();
    await tab.page.waitForFunction(() =>
      [...document.querySelectorAll<HTMLImageElement>('.adm-history__photos img')].every(
        (image) => image.complete && image.naturalWidth > 0,
      ),
    );
    const shown = (await history.textContent()) ?? '';
    expect(shown).not.toContain('{"');
    expect(shown).not.toContain('.webp');
    // No ids: a record's (24 hex digits) or an image's (20).
    expect(shown).not.toMatch(/[0-9a-f]{20,}/);
    expect(await seriousViolations(tab.page)).toEqual([]);
    await screenshot(tab.page, 'admin-history-1280');

    // On a phone: the same words, nothing wider than the screen.
    await tab.page.setViewportSize({ width: 390, height: 844 });
    await photos.first().scrollIntoViewIfNeeded();
    expect(
      await tab.page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    expect(await photos.count()).toBe(3);
    expect(await seriousViolations(tab.page)).toEqual([]);
    await screenshot(tab.page, 'admin-history-390');
    await tab.page.setViewportSize({ width: 1280, height: 900 });

    await restoreFirstVersion(tab.page, history, 'project');
    // The form starts again from the restored version, and the restore is itself a change.
    await tab.page.waitForFunction(
      () =>
        (document.getElementById('product-ProductHeading') as HTMLInputElement | null)?.value ===
        'Hand-spun',
    );
    await history
      .getByRole('table', { name: /^Fields changed on / })
      .nth(2)
      .waitFor();
    const saved = await adminApi<{ ProductHeading: string; ProductDescription: string }>(
      tab.token,
      'GET',
      `/api/product/${project._id}`,
    );
    expect(saved.ProductHeading).toBe('Hand-spun');
    expect(saved.ProductDescription).toContain('<strong>hand</strong>');
  });

  it('keeps the settings as they were before a save, and restores them from the History panel', async () => {
    const { shell } = stackUrls();
    await tab.page.goto(`${shell}/admin/settings`);
    await heading(tab.page, 'Site settings');
    const tagline = tab.page.getByRole('textbox', { name: 'Tagline' });
    const original = await tagline.inputValue();
    const changed = `Cloth with a story ${unique()}`;
    await tagline.fill(changed);
    await tab.page.getByRole('button', { name: 'Save settings' }).click();
    await tab.page.getByText('Settings saved').waitFor();

    await tab.page.getByRole('button', { name: 'Show history' }).click();
    const history = tab.page.getByRole('region', { name: 'History' });
    const latest = history.getByRole('table', { name: /^Fields changed on / }).first();
    await latest.waitFor();
    // The form sent the whole profile back; only the field typed in is a change.
    expect(await latest.getByRole('rowheader').allTextContents()).toEqual(['Tagline']);
    expect(await latest.getByRole('cell').textContent()).toBe(
      `Before: ${original || '(empty)'}→After: ${changed}`,
    );

    await restoreFirstVersion(tab.page, history, 'settings');
    await tab.page.waitForFunction(
      (value) =>
        (document.getElementById('settings-tagline') as HTMLInputElement | null)?.value === value,
      original,
    );
    const saved = await adminApi<{ tagline: string }>(tab.token, 'GET', '/api/settings');
    expect(saved.tagline).toBe(original);
    // The form started again from the restored version; its history stays in view.
    await tab.page.getByRole('button', { name: 'Hide history' }).waitFor();
  });

  it('downloads the latest daily backup, whole, and the audit log records it', async () => {
    const { shell } = stackUrls();
    // The API made the day's backup when it started.
    const [latest] = await adminApi<{ name: string; bytes: number }[]>(
      tab.token,
      'GET',
      '/api/backups',
    );
    expect(latest.name).toMatch(/^vitrine-.*\.tar\.gz$/);
    await tab.page.goto(`${shell}/admin/backups`);
    await heading(tab.page, 'Backups');
    await tab.page.getByRole('list', { name: 'Backups kept' }).getByText(latest.name).waitFor();

    const [download] = await Promise.all([
      tab.page.waitForEvent('download'),
      tab.page.getByRole('button', { name: 'Download the latest backup' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(latest.name);
    const file = await savedDownload(download);
    expect(fs.statSync(file).size).toBe(latest.bytes);
    await tab.page.getByText(`Downloaded ${latest.name}`).waitFor();

    const [entry] = await adminApi<{ action: string; path: string }[]>(
      tab.token,
      'GET',
      '/api/audit?category=backups',
    );
    expect(entry).toMatchObject({ action: 'download', path: '/api/backups/latest' });
  });
});
