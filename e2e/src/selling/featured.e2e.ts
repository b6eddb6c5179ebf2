import type { Product } from '@vitrine/api-client';
import { adminApi, createProject, heading, unique, useAdminPage } from '../admin/admin-helpers';
import { seriousViolations } from '../support/axe';
import { trackPageErrors } from '../support/browser';
import { stackUrls } from '../support/stack';
import { apiList, openPage } from '../public/public-site';

/** Featured projects: put in order in the admin list, shown in that order on the home page. */
describe('featured projects', () => {
  const tab = useAdminPage();
  let names: string[];
  let ids: string[];

  beforeAll(async () => {
    const suffix = unique();
    names = ['Ajrakh', 'Bandhani', 'Chikankari'].map((name) => `${name} ${suffix}`);
    ids = [];
    // One at a time: each new featured project goes last among the featured.
    for (const name of names) {
      const product = await createProject(tab.token, {
        ProductName: name,
        ProductCategory: 'Heritage',
        featured: 'true',
      });
      ids.push(product._id);
    }
  });
  afterAll(async () => {
    // Not featured any more, so that a rerun's projects are not crowded off the home page.
    for (const id of ids) {
      await adminApi(tab.token, 'PUT', `/api/product/${id}`, { featured: false }).catch(
        () => undefined,
      );
    }
  });

  /** Our projects' names in the order a list of names shows them. */
  const ours = (shown: string[]) => shown.filter((name) => names.includes(name));

  it('moves a featured project up in the admin list, and the home page shows the new order', async () => {
    const admin = tab.page;
    const adminErrors = trackPageErrors(admin);
    await admin.goto(`${stackUrls().shell}/admin/product?show=featured&sort=featuredOrder`);
    await heading(admin, 'Projects');
    const table = admin.getByRole('table', { name: 'Projects' });
    // Each row's name (under it, its translations' status).
    const rowNames = () => table.locator('tbody tr td.adm-col-name strong').allInnerTexts();
    await table.getByText(names[2]).waitFor();
    expect(ours(await rowNames())).toEqual(names);
    expect(await seriousViolations(admin)).toEqual([]);

    // Chikankari up twice: first of the three. The focus stays on its button.
    await admin.getByRole('button', { name: `Move ${names[2]} up` }).click();
    await admin.getByText(`${names[2]} moved to place`).waitFor({ state: 'attached' });
    await admin.waitForFunction(
      (name) => document.activeElement?.getAttribute('aria-label') === `Move ${name} up`,
      names[2],
    );
    await admin.keyboard.press('Enter');
    await admin.waitForFunction(
      ([first, name]) => {
        const cells = Array.from(document.querySelectorAll('tbody td.adm-col-name strong'));
        const texts = cells.map((cell) => cell.textContent ?? '');
        return texts.indexOf(name) >= 0 && texts.indexOf(name) < texts.indexOf(first);
      },
      [names[0], names[2]],
    );
    expect(ours(await rowNames())).toEqual([names[2], names[0], names[1]]);
    expect(adminErrors).toEqual([]);

    // The home page, as a visitor opens it (server-rendered first, then hydrated).
    const page = await tab.browser.newPage({ viewport: { width: 1280, height: 900 } });
    const errors = trackPageErrors(page);
    await openPage(page, '/');
    const featured = page.getByRole('region', { name: 'Featured fabrics' });
    await featured.getByRole('link', { name: names[2] }).waitFor();
    const cards = await featured.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(ours(cards)).toEqual([names[2], names[0], names[1]]);
    expect(await seriousViolations(page)).toEqual([]);

    // The About page shows the first four featured, in the same order.
    const firstFour = await apiList<Product>('/api/product?featured=true&limit=4');
    await openPage(page, '/about');
    const about = page.getByRole('region', { name: 'Featured projects' });
    await about.getByRole('link', { name: firstFour[0].ProductName }).waitFor();
    expect(await about.getByRole('heading', { level: 3 }).allInnerTexts()).toEqual(
      firstFour.map((product) => product.ProductName),
    );
    expect(errors).toEqual([]);
    await page.close();
  });

  it('drops a project from the home page once it is no longer featured', async () => {
    await adminApi(tab.token, 'PUT', `/api/product/${ids[0]}`, { featured: false });
    // The server-rendered HTML, before any script runs, already has the new list.
    const html = await (await fetch(`${stackUrls().shell}/`)).text();
    expect(html).toContain(names[2]);
    expect(html).not.toContain(names[0]);
    expect(html.indexOf(names[2])).toBeLessThan(html.indexOf(names[1]));
  });
});
