import type { Enquiry } from '@vitrine/api-client';
import { adminApi, adminToken, createProject, unique } from '../admin/admin-helpers';
import { useBrowser } from '../support/browser';
import { stackUrls } from '../support/stack';

/**
 * A visitor whose browser runs no script (or who sends before it has run) still reaches the
 * studio: the server-rendered form posts itself, and the page comes back saying how it went.
 */
describe('an enquiry sent without JavaScript', () => {
  const shared = useBrowser();
  let token: string;

  beforeAll(async () => {
    token = await adminToken();
  });

  const inbox = () => adminApi<Enquiry[]>(token, 'GET', '/api/enquiries?limit=100');

  it('is stored with its product, and the page says it was sent', async () => {
    const product = await createProject(token, { ProductName: `Mul Cotton ${unique()}` });
    const context = await shared.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${stackUrls().shell}/singleproject/${product.slug}`);
      await page.getByRole('link', { name: 'Enquire about this project' }).first().click();
      await page.waitForURL(/\/contact-us\?product=/);
      const form = page.getByRole('form', { name: 'Send an enquiry' });
      expect(await form.locator('strong', { hasText: product.ProductName }).isVisible()).toBe(true);
      const message = `Is ${product.ProductName} in stock? ${unique()}`;
      await form.getByLabel('First Name').fill('Leela');
      await form.getByLabel('Email').fill('leela@example.com');
      await form.getByLabel('Message').fill(message);
      await form.getByRole('button', { name: 'Send message' }).click();

      await page.waitForURL(/[?&]sent=contact/);
      expect(new URL(page.url()).searchParams.get('product')).toBe(product.slug);
      expect(await form.getByRole('status').textContent()).toContain('Thank you');
      const stored = (await inbox()).find((enquiry) => enquiry.Message === message);
      expect(stored).toMatchObject({
        Email: 'leela@example.com',
        about: { kind: 'product', name: product.ProductName },
      });
    } finally {
      await context.close();
    }
  });

  it('comes back to the form saying it was not sent, and stores nothing, when a field is wrong', async () => {
    const context = await shared.browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${stackUrls().shell}/contact-us`);
      const form = page.getByRole('form', { name: 'Send an enquiry' });
      const message = `No address given ${unique()}`;
      await form.getByLabel('First Name').fill('Leela');
      await form.getByLabel('Email').fill('not an address');
      await form.getByLabel('Message').fill(message);
      await form.getByRole('button', { name: 'Send message' }).click();

      await page.waitForURL(/[?&]notsent=contact/);
      expect(await form.getByRole('alert').textContent()).toContain('Your message was not sent');
      expect((await inbox()).map((enquiry) => enquiry.Message)).not.toContain(message);
    } finally {
      await context.close();
    }
  });
});
