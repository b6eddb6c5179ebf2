import type { SiteSettings } from '@vitrine/api-client';
import { stackUrls } from '../support/stack';
import {
  adminApi,
  createProject,
  heading,
  pickerFiles,
  png,
  unique,
  uploadInPicker,
  useAdminPage,
} from './admin-helpers';

/** An 11 MB "photo": refused in the browser by its size, before anything is sent. */
const oversized = (name: string) => ({
  name,
  mimeType: 'image/jpeg',
  buffer: Buffer.alloc(11 * 1024 * 1024, 0xff),
});

/** Handing a big file to the page takes a while on a loaded machine. */
const SLOW_FILE = { timeout: 120_000 };

// Big files and a rebuilt settings page under a loaded CI machine.
jest.setTimeout(180_000);

/** Issue 17's small fixes, each as the owner meets it. */
describe('the small things that cost trust', () => {
  const tab = useAdminPage();

  afterEach(() => expect(tab.errors).toEqual([]));

  it('moves every contact link of the public site to a new phone number saved in Settings', async () => {
    const { shell } = stackUrls();
    const before = await adminApi<SiteSettings>(tab.token, 'GET', '/api/settings');
    try {
      // The demo site's WhatsApp number is its phone number: it follows a new phone.
      await adminApi(tab.token, 'PUT', '/api/settings', {
        ...withoutBookkeeping(before),
        whatsapp: before.phone,
      });
      await tab.page.goto(`${shell}/admin/settings`);
      await heading(tab.page, 'Site settings');
      await tab.page.getByRole('textbox', { name: 'Phone' }).fill('+91 98290 12345');
      expect(await tab.page.getByRole('textbox', { name: 'WhatsApp number' }).inputValue()).toBe(
        '+91 98290 12345',
      );
      await tab.page
        .getByRole('textbox', { name: 'Email', exact: true })
        .fill('studio@vitrine.example');
      await tab.page.getByRole('button', { name: 'Save settings' }).click();
      await tab.page.getByText('Settings saved').waitFor();

      await tab.page.goto(`${shell}/contact-us`);
      for (const where of ['footer.site-footer', 'main']) {
        const block = tab.page.locator(where);
        expect(await block.getByRole('link', { name: 'Chat with us' }).getAttribute('href')).toBe(
          'https://wa.me/919829012345',
        );
        expect(
          await block.getByRole('link', { name: '+91 98290 12345' }).getAttribute('href'),
        ).toBe('tel:+919829012345');
        expect(
          await block.getByRole('link', { name: 'studio@vitrine.example' }).getAttribute('href'),
        ).toBe('mailto:studio@vitrine.example');
      }
      // Nothing anywhere on the page still dials or writes to the old number.
      const oldDigits = before.phone.replace(/\D/g, '');
      const hrefs = await tab.page
        .locator('a[href^="tel:"], a[href*="wa.me"]')
        .evaluateAll((links) => links.map((link) => (link as HTMLAnchorElement).href));
      expect(hrefs.length).toBeGreaterThan(0);
      expect(hrefs.filter((href) => href.replace(/\D/g, '').includes(oldDigits))).toEqual([]);
    } finally {
      await adminApi(tab.token, 'PUT', '/api/settings', withoutBookkeeping(before));
    }
  });

  it('shows in the audit log who changed which project, by name, which fields, with a link to it', async () => {
    const { shell } = stackUrls();
    const name = `Audited ${unique()}`;
    const project = await createProject(tab.token, { ProductName: name, ProductHeading: 'First' });
    await tab.page.goto(`${shell}/admin/edit-product/${project._id}`);
    await heading(tab.page, 'Edit Project');
    await tab.page.getByRole('textbox', { name: 'Heading', exact: true }).fill('Second');
    await tab.page.getByRole('textbox', { name: 'Value (₹)' }).fill('1,450');
    await tab.page.getByRole('button', { name: 'Save project' }).click();
    await tab.page.getByText('Project saved').waitFor();

    await tab.page.goto(`${shell}/admin/audit?q=${encodeURIComponent(name)}`);
    await heading(tab.page, 'Audit log');
    const row = tab.page.getByRole('row').filter({ hasText: 'update' }).filter({ hasText: name });
    await row.waitFor();
    const cells = await row.getByRole('cell').allInnerTexts();
    expect(cells).toEqual(expect.arrayContaining(['admin', 'Projects', name]));
    // The two fields changed, and none of those the form sent unchanged.
    expect(
      cells
        .find((cell) => cell.includes('Heading'))
        ?.split(', ')
        .sort(),
    ).toEqual(['Heading', 'Price']);
    await row.getByRole('link', { name }).click();
    await heading(tab.page, 'Edit Project');
    expect(new URL(tab.page.url()).pathname).toBe(`/admin/edit-product/${project._id}`);
  });

  it('refuses an oversized project photo in the browser, naming it, and keeps the form', async () => {
    const { shell } = stackUrls();
    const name = `Big photo ${unique()}`;
    const project = await createProject(tab.token, { ProductName: name });
    const sent: string[] = [];
    tab.page.on('request', (request) => {
      const upload = request.method() === 'POST' && request.url().includes('/api/media');
      if (upload || request.method() === 'PUT') sent.push(`${request.method()} ${request.url()}`);
    });
    await tab.page.goto(`${shell}/admin/edit-product/${project._id}`);
    await heading(tab.page, 'Edit Project');
    await tab.page.getByRole('button', { name: 'Add photos' }).click();
    const dialog = tab.page.getByRole('dialog', { name: 'Add photos' });
    // The limits are written on the form.
    await dialog.getByText('each at most 10 MB and 50 megapixels').waitFor();
    await pickerFiles(dialog).setInputFiles(oversized('sofa.jpg'), SLOW_FILE);
    const refusal = dialog.getByText(
      'sofa.jpg: The file is too large (11.0 MB; at most 10 MB). The file was not added.',
    );
    await refusal.waitFor();
    expect(sent).toEqual([]);

    // A good file next is taken, uploaded into the library and saved with the project.
    await uploadInPicker(dialog, await png('loom.png', { r: 90, g: 60, b: 30 }), 'Loom, close up');
    await dialog.getByRole('button', { name: 'Dismiss: sofa.jpg' }).click();
    await refusal.waitFor({ state: 'detached' });
    await dialog.getByRole('button', { name: 'Add 1 photo' }).click();
    await tab.page.getByRole('button', { name: 'Save project' }).click();
    await tab.page.getByText('Project saved').waitFor();
  });
});

/** Settings as a PUT takes them back: without the fields the API keeps itself. */
function withoutBookkeeping(settings: SiteSettings): Record<string, unknown> {
  const { updatedAt: _updatedAt, ...rest } = settings;
  return rest;
}
