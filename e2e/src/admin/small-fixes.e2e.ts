import type { SiteSettings } from '@vitrine/api-client';
import type { Locator, Page } from 'playwright-core';
import { openPage } from '../public/public-site';
import { seriousViolations } from '../support/axe';
import { LAPTOP, PHONE, usePage } from '../support/browser';
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

  it('on a phone: shows what takes focus after an empty save below the top bar', async () => {
    const { shell } = stackUrls();
    await tab.page.setViewportSize(PHONE.viewport);
    await tab.page.goto(`${shell}/admin/add-product`);
    await heading(tab.page, 'Add Project');
    // Sent from the foot of the form: the summary at its top takes focus, scrolled to.
    await tab.page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await tab.page.getByRole('button', { name: 'Add project' }).click();
    const summary = tab.page.getByRole('alert').filter({ hasText: 'The project was not saved' });
    await tab.page.waitForFunction(() => document.activeElement?.getAttribute('role') === 'alert');
    await untilFocusedClearOf(tab.page, tab.page.locator('.adm-sidebar'));
    // Its link goes to the field, the label in view under the bar.
    await summary.getByRole('link', { name: /Category/ }).click();
    await tab.page.waitForFunction(() => document.activeElement?.tagName !== 'A');
    expect((await focusedWithLabel(tab.page)).label).toMatch(/^Category/);
    await untilFocusedClearOf(tab.page, tab.page.locator('.adm-sidebar'));
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

/** The element with focus, and the label of the field it is (itself when it is no field). */
async function focusedWithLabel(page: Page): Promise<{ label: string; top: number }> {
  return page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    const label = (focused as HTMLInputElement).labels?.[0] ?? focused;
    return { label: label.textContent ?? '', top: label.getBoundingClientRect().top };
  });
}

/** Waits until what holds focus (a field's label, for a field) is below `bar`'s bottom edge. */
async function untilFocusedClearOf(page: Page, bar: Locator): Promise<void> {
  const box = await bar.boundingBox();
  const edge = (box?.y ?? 0) + (box?.height ?? 0);
  await page
    .waitForFunction(
      (below) => {
        const focused = document.activeElement as HTMLElement;
        const label = (focused as HTMLInputElement).labels?.[0] ?? focused;
        return focused !== document.body && label.getBoundingClientRect().top >= below;
      },
      edge,
      { timeout: 5_000 },
    )
    .catch(async () => {
      // Says where it was, rather than only that the wait ran out.
      expect({ ...(await focusedWithLabel(page)), barBottom: edge }).toBe('clear');
    });
}

/** Issue 34's small things, as a visitor meets them. */
describe('the small things a visitor notices', () => {
  const tab = usePage({ viewport: LAPTOP });

  afterEach(() => expect(tab.errors).toEqual([]));

  it('on a phone: shows the label of the first field at fault below the header, keeps toasts above the contact bar and says "sent" once', async () => {
    await tab.page.setViewportSize(PHONE.viewport);
    await openPage(tab.page, '/contact-us');
    const form = tab.page.getByRole('form', { name: 'Send an enquiry' });
    // Scrolled as far as a visitor would to reach the button: the first field just under the
    // header, the button in view.
    await form.getByLabel('First Name').evaluate((input) => {
      window.scrollBy(0, input.getBoundingClientRect().top - 20);
    });
    await form.getByRole('button', { name: 'Send message' }).click();
    await tab.page.waitForFunction(() => document.activeElement?.tagName === 'INPUT');
    expect((await focusedWithLabel(tab.page)).label).toMatch(/^First Name/);
    await untilFocusedClearOf(tab.page, tab.page.locator('header.site-header'));

    // A toast stands where the toaster puts it: above the Call/WhatsApp bar, never over it.
    const bar = (await tab.page
      .getByRole('navigation', { name: 'Call or message us' })
      .boundingBox())!;
    const toast = await tab.page.locator('.vt-toaster').evaluate((toaster) => {
      const probe = document.createElement('div');
      probe.className = 'vt-toast';
      probe.textContent = 'A toast';
      toaster.append(probe);
      const { top, bottom } = probe.getBoundingClientRect();
      probe.remove();
      return { top, bottom };
    });
    expect(toast.bottom).toBeLessThanOrEqual(bar.y);
    expect(toast.top).toBeLessThan(toast.bottom);

    await form.getByLabel('First Name').fill('Asha');
    await form.getByLabel('Email').fill('asha@example.com');
    await form.getByLabel('Message').fill(`One confirmation, please. ${unique()}`);
    await form.getByRole('button', { name: 'Send message' }).click();
    await form
      .getByRole('status')
      .getByText(/Your message has been sent/)
      .waitFor();
    expect(await tab.page.getByText(/Your message has been sent/).count()).toBe(1);
    expect(await seriousViolations(tab.page)).toEqual([]);
  });

  it('offers Try again and the studio’s phone when the API hangs', async () => {
    const settings = (await (
      await fetch(`${stackUrls().api}/api/settings`)
    ).json()) as SiteSettings;
    // The page's clock, so the 8 s wait passes at once.
    await tab.page.clock.install();
    await openPage(tab.page, '/');
    const gallery = (url: URL) => url.pathname === '/api/gallery';
    // Held unanswered, as by an API that hangs.
    await tab.page.route(gallery, () => undefined);
    await tab.page
      .getByRole('navigation', { name: 'Footer' })
      .getByRole('link', { name: 'Gallery' })
      .click();
    await tab.page.getByText('Loading the gallery…').waitFor();
    await tab.page.clock.fastForward(8_000);

    const failed = tab.page.getByRole('alert').filter({ hasText: 'We could not load the gallery' });
    await failed.waitFor();
    expect(await failed.getByRole('link', { name: settings.phone }).getAttribute('href')).toBe(
      `tel:${settings.phone.replace(/[^\d+]/g, '')}`,
    );
    expect(await seriousViolations(tab.page)).toEqual([]);
    await tab.page.unroute(gallery);
    await failed.getByRole('button', { name: 'Try again' }).click();

    await tab.page.locator('main .gallery-grid__item').first().waitFor();
  });
});

/** Settings as a PUT takes them back: without the fields the API keeps itself. */
function withoutBookkeeping(settings: SiteSettings): Record<string, unknown> {
  const { updatedAt: _updatedAt, ...rest } = settings;
  return rest;
}
