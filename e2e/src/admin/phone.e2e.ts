import type { Enquiry } from '@vitrine/api-client';
import type { Page } from 'playwright-core';
import { sendEnquiry } from '../public/public-site';
import { seriousViolations } from '../support/axe';
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

/** Whether the element lies wholly inside the page's width (nothing to scroll sideways to). */
async function withinWidth(page: Page, selector: ReturnType<Page['locator']>) {
  const box = await selector.boundingBox();
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  return box !== null && box.x >= 0 && box.x + box.width <= width + 1;
}

/** The admin on a 390 px phone, and the lists on a 1366 px laptop. */
describe('the admin lists on a phone and a laptop', () => {
  const tab = useAdminPage();

  afterEach(() => expect(tab.errors).toEqual([]));

  it('shows each project at 390 px as a card with its name, image, state and actions', async () => {
    const name = `Phone card ${unique()}`;
    await createProject(
      tab.token,
      { ProductName: name, ProductStatus: 'Completed' },
      await png('card.png', { r: 180, g: 90, b: 40 }),
    );

    await tab.page.setViewportSize({ width: 390, height: 844 });
    await tab.page.goto(`${stackUrls().shell}/admin/product?q=${encodeURIComponent(name)}`);
    await heading(tab.page, 'Projects');
    const card = tab.page.getByRole('row').filter({ hasText: name });
    await card.waitFor();
    await screenshot(tab.page, 'admin-product-cards-390');

    for (const part of [
      card.getByText(name),
      card.locator('img'),
      card.getByText('Published'),
      card.getByText('Completed'),
      card.getByRole('link', { name: `Edit ${name}` }),
      card.getByRole('button', { name: `Delete ${name}` }),
    ]) {
      expect(await part.isVisible()).toBe(true);
      expect(await withinWidth(tab.page, part)).toBe(true);
    }
    expect(await tab.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });

  it('reads an enquiry on the phone: a card per sender, call or WhatsApp, tap to read, change the status', async () => {
    const last = `Iyer${unique()}`;
    const enquiry = await sendEnquiry({
      FirstName: 'Meera',
      LastName: last,
      Email: 'meera@example.com',
      PhoneNumber: '98290 12345',
      Message: 'Curtains for a three-bedroom flat in Malviya Nagar, please call after 6.',
      source: 'callback',
    });

    // A call-back request without a message, and an enquiry sent from a project's page.
    await sendEnquiry({ source: 'callback', Name: `Ravi ${last}`, Contact: '+91 98290 55555' });
    const project = await createProject(tab.token, { ProductName: `Inbox drapes ${last}` });
    await sendEnquiry({
      source: 'contact',
      FirstName: 'Asha',
      LastName: last,
      Email: 'asha@example.com',
      PhoneNumber: '98290 67890',
      Message: 'Would these suit a bay window?',
      productId: project._id,
    });

    await tab.page.setViewportSize({ width: 390, height: 844 });
    await tab.page.goto(`${stackUrls().shell}/admin/enquiries?q=${last}`);
    await heading(tab.page, 'Enquiries');
    const cardOf = (first: string) =>
      tab.page.getByRole('row').filter({ hasText: `${first} ${last}` });
    const ravi = cardOf('Ravi');
    await ravi.getByText('Call-back request', { exact: true }).waitFor();
    expect(await ravi.textContent()).not.toContain('Message:');
    for (const text of ['+91 98290 55555', 'Call-back form']) {
      expect(await ravi.getByText(text, { exact: true }).isVisible()).toBe(true);
    }
    const asha = cardOf('Asha');
    for (const text of ['98290 67890', 'Contact form', `Inbox drapes ${last}`]) {
      expect(await asha.getByText(text, { exact: true }).isVisible()).toBe(true);
    }
    expect(await seriousViolations(tab.page)).toEqual([]);

    const card = cardOf('Meera');
    const open = card.getByRole('link', { name: `Meera ${last} (new)` });
    await open.waitFor();
    await screenshot(tab.page, 'admin-enquiries-cards-390');
    expect(await withinWidth(tab.page, open)).toBe(true);
    expect(await card.getByText('New', { exact: true }).isVisible()).toBe(true);
    const call = card.getByRole('link', { name: `Call Meera ${last}` });
    expect(await call.getAttribute('href')).toBe('tel:9829012345');
    expect(await withinWidth(tab.page, call)).toBe(true);
    const chat = card.getByRole('link', { name: `WhatsApp Meera ${last}` });
    expect(await chat.getAttribute('href')).toBe('https://wa.me/919829012345');
    expect(await withinWidth(tab.page, chat)).toBe(true);
    expect(await tab.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );

    await open.click();
    await heading(tab.page, `Enquiry from Meera ${last}`);
    // Opening it is reading it.
    await tab.page.waitForFunction(
      () =>
        (document.getElementById('enquiry-status') as HTMLSelectElement | null)?.value === 'read',
    );
    expect(
      (await adminApi<Enquiry>(tab.token, 'GET', `/api/enquiries/${enquiry._id}`)).status,
    ).toBe('read');
    expect(await tab.page.getByRole('link', { name: '98290 12345' }).getAttribute('href')).toBe(
      'tel:9829012345',
    );
    // No mail server in the test stack: the page says so rather than promising a next try.
    await tab.page.getByText('Mail is not set up: nothing will be sent').waitFor();
    await screenshot(tab.page, 'admin-enquiry-390');

    await tab.page.getByRole('combobox', { name: 'Status' }).selectOption('replied');
    await tab.page.getByRole('button', { name: 'Save changes' }).click();
    await tab.page.getByText('Enquiry updated').waitFor();
    expect(
      (await adminApi<Enquiry>(tab.token, 'GET', `/api/enquiries/${enquiry._id}`)).status,
    ).toBe('replied');
    expect(await tab.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
  });

  it('opens the menu on a phone from a bar named Menu, every entry with its name', async () => {
    await tab.page.setViewportSize({ width: 390, height: 844 });
    await tab.page.goto(`${stackUrls().shell}/admin/overview`);
    await heading(tab.page, 'Overview');
    const menu = tab.page.getByRole('button', { name: /^Menu/ });
    expect(await menu.isVisible()).toBe(true);
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    // Closed, the menu takes no width from the screen.
    const main = await tab.page.getByRole('main').boundingBox();
    expect(main?.x).toBe(0);

    await menu.click();
    const nav = tab.page.getByRole('navigation', { name: 'Admin' });
    for (const name of ['Overview', 'Projects', 'Enquiries', 'Settings', 'Audit log', 'Log out']) {
      const entry = nav.getByRole(name === 'Log out' ? 'button' : 'link', {
        name: new RegExp(`^${name}`),
      });
      expect(await entry.isVisible()).toBe(true);
      expect(await entry.innerText()).toContain(name);
      expect(await withinWidth(tab.page, entry)).toBe(true);
    }
    await screenshot(tab.page, 'admin-menu-390');
    await nav.getByRole('link', { name: /^Projects/ }).click();
    await heading(tab.page, 'Projects');
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
  });

  it('fits the projects list into 1366 px without a sideways scroll, the other columns on demand', async () => {
    const { ProductName: name } = await createProject(tab.token, {
      ProductName: `Laptop row ${unique()}`,
      ProductHeading: 'Hand-block printed linen',
    });
    await tab.page.setViewportSize({ width: 1366, height: 768 });
    await tab.page.goto(`${stackUrls().shell}/admin/product?q=${encodeURIComponent(name)}`);
    await heading(tab.page, 'Projects');
    await tab.page.getByRole('link', { name: `Edit ${name}` }).waitFor();
    const scroll = tab.page.locator('.vt-table-scroll');
    const fits = () => scroll.evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(await fits()).toBe(true);
    for (const header of ['Name', 'Image', 'Published', 'Actions']) {
      expect(await tab.page.getByRole('columnheader', { name: header }).isVisible()).toBe(true);
    }
    expect(await tab.page.getByRole('columnheader', { name: 'Heading' }).isVisible()).toBe(false);

    await tab.page.getByRole('button', { name: 'Show all columns' }).click();
    expect(await tab.page.getByRole('columnheader', { name: 'Heading' }).isVisible()).toBe(true);
    expect(await tab.page.getByText('Hand-block printed linen').isVisible()).toBe(true);
  });
});
