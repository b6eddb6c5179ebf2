import type { Product } from '@vitrine/api-client';
import jwt from 'jsonwebtoken';
import type { BrowserContext, Page } from 'playwright-core';
import { trackPageErrors, useBrowser } from '../support/browser';
import { E2E_ADMIN, stackUrls } from '../support/stack';
import {
  adminApi,
  adminToken,
  createProject,
  heading,
  signedInContext,
  unique,
} from './admin-helpers';

// The secret the e2e API is started with (support/api.ts), so a test can make a token that
// runs out while a form is open, as an 8-hour one does at the end of a working day.
const JWT_SECRET = 'e2e-secret-e2e-secret-e2e-secret-e2e-secret';

interface Claims {
  sub: string;
  UserName: string;
  isAdmin: boolean;
  ver: number;
  auth_time: number;
}

/** The administrator's own token, re-issued to expire in `seconds`, signed in at `signedInAt`. */
function shortToken(real: string, seconds: number, signedInAt?: number) {
  const { sub, UserName, isAdmin, ver, auth_time } = jwt.decode(real) as Claims;
  const claims: Claims = { sub, UserName, isAdmin, ver, auth_time: signedInAt ?? auth_time };
  const token = jwt.sign(claims, JWT_SECRET, { expiresIn: seconds });
  return { token, expiresAt: (jwt.decode(token) as { exp: number }).exp * 1000 };
}

/** Nothing typed is lost to the session ending or to a server that does not answer. */
describe('saving an admin form when the session or the server fails', () => {
  const shared = useBrowser();
  let token: string;
  let context: BrowserContext | undefined;
  let page: Page;
  let errors: Error[];

  beforeAll(async () => {
    token = await adminToken();
  });
  afterEach(async () => {
    expect(errors).toEqual([]);
    await context?.close();
  });

  async function openProjectAs(sessionToken: string) {
    const name = `Session ${unique()}`;
    const project = await createProject(token, { ProductName: name });
    context = await signedInContext(shared.browser, sessionToken);
    page = await context.newPage();
    errors = trackPageErrors(page);
    await page.goto(`${stackUrls().shell}/admin/edit-product/${project._id}`);
    await heading(page, 'Edit Project');
    return { project, name };
  }

  const nameField = () => page.getByRole('textbox', { name: /^Name/ });
  const saveButton = () => page.getByRole('button', { name: 'Save project' });
  const storedToken = () => page.evaluate(() => localStorage.getItem('token'));

  it('renews the token while the form is open, so a save after it would have expired goes through', async () => {
    // 15 s: the area renews a token halfway through its life, or at once if it opens later,
    // so this one must still be good when the form has loaded on a busy CI machine (6 s
    // was not: the area opened with it expired and asked for the password).
    const short = shortToken(token, 15);
    const { project, name } = await openProjectAs(short.token);
    await nameField().fill(`${name} renewed`);

    // The first token's time runs out with the form open.
    await page.waitForFunction((at) => Date.now() > at, short.expiresAt + 500, { timeout: 30000 });
    expect(await storedToken()).not.toBe(short.token);

    await saveButton().click();
    await page.getByText('Project saved').waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
    const saved = await adminApi<Product>(token, 'GET', `/api/product/${project._id}`);
    expect(saved.ProductName).toBe(`${name} renewed`);
  });

  it('asks for the password over the form when the session has ended, then saves what was typed', async () => {
    // Signed in SESSION_MAX_HOURS ago (the API's default, 7 days) but for 8 s: the session
    // reaches its longest while the form is open, and from then on none of its tokens works.
    // (8 s, not less: the form must have loaded before then on a busy CI machine, or the
    // dialog comes over it before the save.)
    const signedInAt = Math.floor(Date.now() / 1000) - 7 * 24 * 3600 + 8;
    const short = shortToken(token, 8, signedInAt);
    const { project, name } = await openProjectAs(short.token);
    await page.waitForFunction((at) => Date.now() > at, short.expiresAt + 500, { timeout: 15000 });

    await nameField().fill(`${name} after sign-in`);
    await page.getByRole('textbox', { name: 'Client' }).fill('Rambagh Palace');
    await saveButton().click();

    const dialog = page.getByRole('dialog', { name: 'Sign in again to carry on' });
    await dialog.waitFor();
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByRole('button', { name: 'Sign in' }).click();
    await dialog.getByText(/not right|incorrect|wrong/i).waitFor();
    await dialog.getByLabel('Password').fill(E2E_ADMIN.Password);
    await dialog.getByRole('button', { name: 'Sign in' }).click();

    await page.getByText('Project saved').waitFor();
    await heading(page, 'Projects');
    const saved = await adminApi<Product>(token, 'GET', `/api/product/${project._id}`);
    expect(saved).toMatchObject({
      ProductName: `${name} after sign-in`,
      ProductClient: 'Rambagh Palace',
    });
  });

  it('says a save the server does not answer in 15 s may not be saved, keeps the input, and saves it once it answers', async () => {
    const { project, name } = await openProjectAs(token);
    // The API never gets the save, which never gets an answer.
    await page.route(`**/api/product/${project._id}`, async (route) => {
      if (route.request().method() !== 'PUT') await route.continue();
    });
    await nameField().fill(`${name} kept`);
    const started = Date.now();
    await saveButton().click();
    await page
      .getByText('The project may not have been saved yet: the server has not answered. Checking…')
      .first()
      .waitFor({ timeout: 20000 });
    expect(Date.now() - started).toBeLessThan(20000);
    expect(await page.getByText('The project was not saved').count()).toBe(0);
    expect(await nameField().inputValue()).toBe(`${name} kept`);
    expect(new URL(page.url()).pathname).toBe(`/admin/edit-product/${project._id}`);

    // The server answers again: the save, sent again by itself, goes through.
    await page.unroute(`**/api/product/${project._id}`);
    await page.getByText('Project saved').waitFor({ timeout: 45000 });
    const saved = await adminApi<Product>(token, 'GET', `/api/product/${project._id}`);
    expect(saved.ProductName).toBe(`${name} kept`);
  }, 90_000);
});
