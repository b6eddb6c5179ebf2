import type { Enquiry } from '@vitrine/api-client';
import { adminApi, createProject, heading, unique, useAdminPage } from '../admin/admin-helpers';
import { seriousViolations } from '../support/axe';
import { trackPageErrors } from '../support/browser';
import { stackUrls } from '../support/stack';
import { openPage } from '../public/public-site';

/** Asking about one product: the pre-filled form, WhatsApp, and the inbox that shows it. */
describe('product-aware enquiries', () => {
  const tab = useAdminPage();
  let product: { _id: string; slug: string; ProductName: string };

  beforeAll(async () => {
    product = await createProject(tab.token, { ProductName: `Sky Poplin ${unique()}` });
  });

  async function publicPage(viewport = { width: 1280, height: 900 }) {
    const page = await tab.browser.newPage({ viewport });
    return { page, errors: trackPageErrors(page) };
  }

  it('sends an enquiry from a project page that stores the product, and the inbox links it', async () => {
    const { page, errors } = await publicPage();
    await openPage(page, `/singleproject/${product.slug}`);
    await page.getByRole('link', { name: 'Enquire about this project' }).click();
    const form = page.getByRole('form', { name: 'Send an enquiry' });
    await form.getByText(`About the product: ${product.ProductName}`).waitFor();
    expect(await form.getByLabel('Message').inputValue()).toBe(
      `Hello, I would like to know more about ${product.ProductName}.`,
    );
    expect(await seriousViolations(page)).toEqual([]);

    await form.getByLabel('First Name').fill('Meera');
    await form.getByLabel('Email').fill('meera@example.com');
    await form.getByRole('button', { name: 'Send message' }).click();
    await form
      .getByRole('status')
      .getByText(/Your message has been sent/)
      .waitFor();
    expect(errors).toEqual([]);
    await page.close();

    const [stored] = await adminApi<Enquiry[]>(
      tab.token,
      'GET',
      `/api/enquiries?q=${encodeURIComponent('meera@example.com')}`,
    );
    expect(stored.about).toEqual({
      kind: 'product',
      id: product._id,
      name: product.ProductName,
      slug: product.slug,
    });

    // The inbox names and links the product, and offers both replies with the enquiry quoted.
    const admin = tab.page;
    const adminErrors = trackPageErrors(admin);
    await admin.goto(`${stackUrls().shell}/admin/enquiries/${stored._id}`);
    await heading(admin, 'Enquiry from Meera');
    const link = admin.getByRole('link', { name: product.ProductName });
    expect(await link.getAttribute('href')).toBe(`/singleproject/${product.slug}`);
    const mail = await admin.getByRole('link', { name: 'Reply by e-mail' }).getAttribute('href');
    expect(mail).toContain('mailto:meera@example.com?subject=');
    expect(decodeURIComponent(mail ?? '')).toContain(
      `> Hello, I would like to know more about ${product.ProductName}.`,
    );
    expect(await seriousViolations(admin)).toEqual([]);
    expect(adminErrors).toEqual([]);
  });

  it('links "Ask on WhatsApp" to the number in the settings, with the product and its address', async () => {
    const settings = await adminApi<Record<string, unknown>>(tab.token, 'GET', '/api/settings');
    const { updatedAt: _saved, ...profile } = settings;
    await adminApi(tab.token, 'PUT', '/api/settings', { ...profile, whatsapp: '+91 90000 12345' });
    try {
      const { page, errors } = await publicPage();
      await openPage(page, `/singleproject/${product.slug}`);
      const whatsapp = page.getByRole('link', { name: 'Ask on WhatsApp' });
      // The server render knows only the path; hydration completes the address.
      await page.waitForFunction(() => {
        const href = document
          .querySelector('a[href^="https://wa.me/"][target]')
          ?.getAttribute('href');
        return new URL(href ?? 'https://wa.me/').searchParams.get('text')?.includes('://');
      });
      const href = new URL((await whatsapp.getAttribute('href')) ?? '');
      expect(href.origin + href.pathname).toBe('https://wa.me/919000012345');
      const text = href.searchParams.get('text') ?? '';
      expect(text).toContain(product.ProductName);
      expect(text).toContain(`${stackUrls().shell}/singleproject/${product.slug}`);
      expect(errors).toEqual([]);
      await page.close();
    } finally {
      await adminApi(tab.token, 'PUT', '/api/settings', profile);
    }
  });

  it('keeps a call and a WhatsApp button at the bottom of the screen on a phone', async () => {
    const { page, errors } = await publicPage({ width: 390, height: 800 });
    await openPage(page, '/product');
    const bar = page.getByRole('navigation', { name: 'Call or message us' });
    await bar.getByRole('link', { name: 'Call us' }).waitFor();
    expect(await bar.getByRole('link', { name: 'WhatsApp' }).getAttribute('href')).toMatch(
      /^https:\/\/wa\.me\/\d+$/,
    );
    const box = await bar.boundingBox();
    expect(box && Math.round(box.y + box.height)).toBe(800);
    expect(await seriousViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();

    const { page: wide } = await publicPage();
    await openPage(wide, '/product');
    expect(await wide.getByRole('navigation', { name: 'Call or message us' }).isVisible()).toBe(
      false,
    );
    await wide.close();
  });
});
