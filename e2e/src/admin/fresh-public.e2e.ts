import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';
import { stackUrls } from '../support/stack';
import { adminToken, createProject, heading, signedInContext, unique } from './admin-helpers';

/** Changes show at once: a public page reloaded right after a save shows what was saved. */
describe('the public site right after a save', () => {
  let browser: Browser;
  let context: BrowserContext;
  let admin: Page;
  let visitor: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    context = await signedInContext(browser, await adminToken());
    admin = await context.newPage();
    visitor = await context.newPage();
  });
  afterAll(async () => {
    await context.close();
    await browser.close();
  });

  it('shows the saved heading on a reload of the open public page', async () => {
    const { shell } = stackUrls();
    const name = `Fresh ${unique()}`;
    const project = await createProject(await adminToken(), {
      ProductName: name,
      ProductHeading: 'Before the save',
    });
    await visitor.goto(`${shell}/singleproject/${project.slug}`);
    await visitor.getByText('Before the save').first().waitFor();

    await admin.goto(`${shell}/admin/edit-product/${project._id}`);
    await heading(admin, 'Edit Project');
    await admin.getByRole('textbox', { name: 'Heading', exact: true }).fill('After the save');
    await admin.getByRole('button', { name: 'Save project' }).click();
    await admin.getByText('Project saved').waitFor();

    await visitor.reload();
    await visitor.getByText('After the save').first().waitFor({ timeout: 10000 });
    expect(await visitor.getByText('Before the save').count()).toBe(0);
  });
});
