import type { BrowserContext, Page } from 'playwright-core';
import { apiToken } from '../support/api';
import { trackPageErrors, useBrowser } from '../support/browser';
import { E2E_ADMIN, stackUrls } from '../support/stack';
import { sendEnquiry } from '../public/public-site';
import { adminToken, createAdministrator, heading, signedInContext, unique } from './admin-helpers';

/** Every user's own account page, and who "Add user" adds. */
describe('my account', () => {
  const shared = useBrowser();
  let context: BrowserContext;
  let page: Page;
  let errors: Error[];

  afterEach(async () => {
    expect(errors).toEqual([]);
    await context.close();
  });

  async function open(token: string, path: string) {
    context = await signedInContext(shared.browser, token);
    page = await context.newPage();
    errors = trackPageErrors(page);
    await page.goto(`${stackUrls().shell}${path}`);
  }

  it('changes one’s own password, refusing a wrong current one beside its field', async () => {
    const UserName = `owner${unique()}`;
    const first = 'first password here';
    await createAdministrator(UserName, first);
    await open(await apiToken(stackUrls().api, { UserName, Password: first }), '/admin/user');
    await heading(page, 'Users');
    await page.getByRole('link', { name: /My account/ }).click();
    await heading(page, 'My account');
    await page.getByRole('main').getByText(`${UserName}@example.com`).waitFor();

    await page.getByLabel(/^Current password/).fill('not my password');
    await page
      .getByLabel(/^New password/, { exact: false })
      .first()
      .fill('second password here');
    await page.getByLabel(/^New password again/).fill('second password here');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page
      .locator('.vt-field__error', { hasText: 'The current password is not right' })
      .waitFor();

    await page.getByLabel(/^Current password/).fill(first);
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByText('Password changed; every other device has been signed out').waitFor();
    // Still signed in here, with the new token.
    await page.getByRole('link', { name: 'Users' }).click();
    await heading(page, 'Users');

    await expect(apiToken(stackUrls().api, { UserName, Password: first })).rejects.toThrow(/401/);
    expect(
      await apiToken(stackUrls().api, { UserName, Password: 'second password here' }),
    ).toBeTruthy();
  });

  it('lands on the overview after signing in: new enquiries first, then drafts and changes', async () => {
    const last = `Kapoor${unique()}`;
    await sendEnquiry({
      FirstName: 'Ira',
      LastName: last,
      Email: 'ira@example.com',
      PhoneNumber: '+91 90000 12345',
      Message: 'Do you make table linen?',
      source: 'contact',
    });
    context = await shared.browser.newContext();
    page = await context.newPage();
    errors = trackPageErrors(page);
    await page.goto(`${stackUrls().shell}/login`);
    await page.getByRole('textbox', { name: /user ?name/i }).fill(E2E_ADMIN.UserName);
    await page.getByLabel(/password/i).fill(E2E_ADMIN.Password);
    await page.getByRole('button', { name: /sign in|log in|login/i }).click();
    await heading(page, 'Overview');
    expect(new URL(page.url()).pathname).toBe('/admin/overview');
    await page.getByRole('link', { name: `Ira ${last}` }).waitFor();
    expect(await page.getByRole('heading', { name: /^New enquiries \(\d+\)$/ }).count()).toBe(1);
    expect(
      await page.getByRole('heading', { name: 'Unsaved drafts in this browser' }).count(),
    ).toBe(1);
    expect(await page.getByRole('heading', { name: 'Recent changes' }).count()).toBe(1);
  });

  it('adds an administrator unless told otherwise', async () => {
    await open(await adminToken(), '/admin/add-user');
    await heading(page, 'Add User');
    expect(await page.getByRole('checkbox', { name: /Administrator/ }).isChecked()).toBe(true);
  });
});
