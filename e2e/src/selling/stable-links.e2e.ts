import { adminApi, createProject, heading, unique, useAdminPage } from '../admin/admin-helpers';
import { seriousViolations } from '../support/axe';
import { trackPageErrors } from '../support/browser';
import { stackUrls } from '../support/stack';
import { openPage } from '../public/public-site';

/** A renamed product's old address, shared on WhatsApp or found on Google, still works. */
describe('stable links', () => {
  const tab = useAdminPage();

  it('answers a renamed product’s old page with a 301 from the server, and lands on the new page', async () => {
    const suffix = unique();
    const product = await createProject(tab.token, { ProductName: `Sky Poplin ${suffix}` });
    const renamed = await adminApi<{ slug: string }>(
      tab.token,
      'PUT',
      `/api/product/${product._id}`,
      {
        ProductName: `Sky Blue Poplin ${suffix}`,
      },
    );
    expect(renamed.slug).toBe(`sky-blue-poplin-${suffix}`);

    // Before any JavaScript: the shell's server itself sends the visitor on, for good.
    const old = await fetch(`${stackUrls().shell}/singleproject/${product.slug}`, {
      redirect: 'manual',
    });
    expect(old.status).toBe(301);
    expect(old.headers.get('location')).toBe(`/singleproject/${renamed.slug}`);

    const page = await tab.browser.newPage();
    const errors = trackPageErrors(page);
    await openPage(page, `/singleproject/${product.slug}`);
    expect(new URL(page.url()).pathname).toBe(`/singleproject/${renamed.slug}`);
    await page.getByRole('heading', { level: 1, name: `Sky Blue Poplin ${suffix}` }).waitFor();

    // Followed inside the site (the router, no server in between), it ends there too.
    await openPage(page, '/product');
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, `/singleproject/${product.slug}`);
    await page.waitForURL(`**/singleproject/${renamed.slug}`);
    await page.getByRole('heading', { level: 1, name: `Sky Blue Poplin ${suffix}` }).waitFor();
    expect(errors).toEqual([]);
    await page.close();
  });

  it('lets an editor set a page address by hand, and names the field when another item has it', async () => {
    const suffix = unique();
    const taken = await createProject(tab.token, { ProductName: `Taken ${suffix}` });
    const product = await createProject(tab.token, { ProductName: `Hand Slug ${suffix}` });
    const { page } = tab;
    const errors = trackPageErrors(page);
    await page.goto(`${stackUrls().shell}/admin/edit-product/${product._id}`);
    await heading(page, 'Edit Project');
    const field = page.getByRole('textbox', { name: /^Page address/ });
    await page.getByText(`Now /singleproject/${product.slug}`).waitFor();

    await field.fill(taken.slug);
    await page.getByRole('button', { name: 'Save project' }).click();
    await page
      .getByRole('alert')
      .getByRole('link', { name: /choose another slug/ })
      .waitFor();
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);

    await field.fill(`hand-made-${suffix}`);
    await page.getByRole('button', { name: 'Save project' }).click();
    await heading(page, 'Projects');
    const moved = await fetch(`${stackUrls().api}/api/product/singleproject/${product.slug}`, {
      redirect: 'manual',
    });
    expect(moved.status).toBe(301);
    expect(moved.headers.get('location')).toBe(`/api/product/singleproject/hand-made-${suffix}`);
    expect(errors).toEqual([]);
  });
});
