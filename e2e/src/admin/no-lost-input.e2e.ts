import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, trackPageErrors } from '../support/browser';
import { stackUrls } from '../support/stack';
import {
  adminApi,
  adminToken,
  createProject,
  heading,
  signedInContext,
  unique,
} from './admin-helpers';

interface Product {
  _id: string;
  ProductName: string;
}

/** Nothing typed is lost: leaving a changed form asks first, and a draft survives a reload. */
describe('unsaved changes in the admin forms', () => {
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let errors: Error[];

  beforeAll(async () => {
    browser = await launchBrowser();
    token = await adminToken();
    context = await signedInContext(browser, token);
    page = await context.newPage();
    errors = trackPageErrors(page);
  });
  afterAll(async () => {
    await context.close();
    await browser.close();
  });
  afterEach(() => expect(errors).toEqual([]));

  const nameField = () => page.getByRole('textbox', { name: /^Name/ });
  const leaveDialog = () => page.getByRole('dialog', { name: 'Leave without saving?' });

  async function openProject(name: string) {
    const project = await createProject(token, { ProductName: name });
    await page.goto(`${stackUrls().shell}/admin/edit-product/${project._id}`);
    await heading(page, 'Edit Project');
    expect(await nameField().inputValue()).toBe(name);
    return project;
  }

  it('asks before the menu leaves a changed form, stays when told, and leaves when told', async () => {
    const name = `Guarded ${unique()}`;
    const project = await openProject(name);
    await nameField().fill(`${name} renamed`);

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Services' })
      .click();
    await leaveDialog().waitFor();
    await leaveDialog().getByRole('button', { name: 'Stay on the form' }).click();
    expect(new URL(page.url()).pathname).toBe(`/admin/edit-product/${project._id}`);
    expect(await nameField().inputValue()).toBe(`${name} renamed`);

    await page
      .getByRole('navigation', { name: 'Admin' })
      .getByRole('link', { name: 'Services' })
      .click();
    await leaveDialog().getByRole('button', { name: 'Leave' }).click();
    await heading(page, 'Services');

    // The change left behind is a draft, offered when the project is opened again.
    await page.goto(`${stackUrls().shell}/admin/edit-product/${project._id}`);
    await heading(page, 'Edit Project');
    await page.getByRole('button', { name: 'Restore my changes' }).click();
    expect(await nameField().inputValue()).toBe(`${name} renamed`);
  });

  it('holds the back button on a changed form until the dialog says to leave', async () => {
    const name = `Back ${unique()}`;
    const project = await createProject(token, { ProductName: name });
    const list = `/admin/product?q=${encodeURIComponent(name)}`;
    await page.goto(`${stackUrls().shell}${list}`);
    await heading(page, 'Projects');
    // Into the form inside the page, as a person goes: back is then the page's own history.
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await heading(page, 'Edit Project');
    await nameField().fill(`${name} changed`);

    // The page cancels the move, so the browser never reports it done: do not wait for it.
    const back = () => page.goBack({ timeout: 5000 }).catch(() => null);
    void back();
    await leaveDialog().waitFor();
    expect(new URL(page.url()).pathname).toBe(`/admin/edit-product/${project._id}`);
    await leaveDialog().getByRole('button', { name: 'Stay on the form' }).click();
    expect(await nameField().inputValue()).toBe(`${name} changed`);

    void back();
    await leaveDialog().getByRole('button', { name: 'Leave' }).click();
    await heading(page, 'Projects');
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe(list);
  });

  it('comes back from a save to the list as it was left, the saved row in view and marked', async () => {
    const name = `Returned ${unique()}`;
    const project = await createProject(token, { ProductName: name });
    const list = `/admin/product?q=${encodeURIComponent(name)}&sort=ProductName`;
    await page.goto(`${stackUrls().shell}${list}`);
    await heading(page, 'Projects');
    await page.getByRole('link', { name: `Edit ${name}` }).click();
    await heading(page, 'Edit Project');
    await page.getByRole('textbox', { name: 'Client' }).fill('Leela Palace');
    await page.getByRole('button', { name: 'Save project' }).click();
    await page.getByText('Project saved').waitFor();
    await heading(page, 'Projects');
    const url = new URL(page.url());
    expect(`${url.pathname}${url.search}`).toBe(list);
    await page.locator(`tr.adm-row--saved[data-row-key="${project._id}"]`).waitFor();
  });

  it('asks with the browser’s prompt on a reload, and restores the draft after it', async () => {
    const name = `Reloaded ${unique()}`;
    const project = await openProject(name);
    await nameField().fill(`${name} kept`);
    await page.getByRole('textbox', { name: 'Client' }).fill('Taj Hotels');

    const prompts: string[] = [];
    page.once('dialog', (dialog) => {
      prompts.push(dialog.type());
      void dialog.accept();
    });
    await page.reload();
    await heading(page, 'Edit Project');
    expect(prompts).toEqual(['beforeunload']);
    expect(await nameField().inputValue()).toBe(name);

    await page.getByRole('button', { name: 'Restore my changes' }).click();
    expect(await nameField().inputValue()).toBe(`${name} kept`);
    await page.getByRole('button', { name: 'Save project' }).click();
    await page.getByText('Project saved').waitFor();
    const saved = await adminApi<Product & { ProductClient: string }>(
      token,
      'GET',
      `/api/product/${project._id}`,
    );
    expect(saved).toMatchObject({ ProductName: `${name} kept`, ProductClient: 'Taj Hotels' });

    // Saved, so the next visit offers nothing.
    await page.goto(`${stackUrls().shell}/admin/edit-product/${project._id}`);
    await heading(page, 'Edit Project');
    expect(await page.getByRole('region', { name: 'Unsaved draft' }).count()).toBe(0);
  });
});
