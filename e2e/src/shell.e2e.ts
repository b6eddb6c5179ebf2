import type { Browser, Page } from 'playwright-core';
import { apiToken } from './support/api';
import { launchBrowser, trackPageErrors } from './support/browser';
import { closeServer, serveBuild, stackUrls } from './support/stack';
import { freePort } from './support/ports';

describe('the shell hosts both remotes at run time', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser.close();
  });
  beforeEach(async () => {
    page = await browser.newPage();
  });
  afterEach(async () => {
    await page.close();
  });

  it('renders the public remote at / and the admin remote at /admin/user', async () => {
    const { shell, publicMfe, adminMfe } = stackUrls();
    const errors = trackPageErrors(page);
    const entries: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/remoteEntry.js')) entries.push(request.url());
    });

    await page.goto(`${shell}/`);
    const publicArea = page.getByTestId('public-mfe');
    await publicArea.getByRole('heading', { level: 1 }).waitFor();
    expect(await publicArea.getByRole('heading', { level: 1 }).textContent()).toMatch(/Textiles/);
    expect(entries).toContain(`${publicMfe}/remoteEntry.js`);

    // A deep link, straight into the admin area, signed in: no navigation state needed.
    const token = await apiToken(stackUrls().api);
    await page.addInitScript((value) => localStorage.setItem('token', value), token);
    await page.goto(`${shell}/admin/user`);
    await page.getByRole('navigation', { name: 'Admin' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    expect(entries).toContain(`${adminMfe}/remoteEntry.js`);
    expect(errors).toEqual([]);
  });

  it('shows a readable message where a remote cannot be reached, and keeps the rest working', async () => {
    const { publicMfe } = stackUrls();
    const deadPort = await freePort(); // nothing listens here
    const brokenShell = await serveBuild('shell', {
      remotes: {
        public_mfe: `${publicMfe}/remoteEntry.js`,
        admin_mfe: `http://127.0.0.1:${deadPort}/remoteEntry.js`,
      },
    });
    try {
      await page.goto(`${brokenShell.url}/admin/user`);
      const alert = page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('The admin area is not available right now');

      await page.goto(`${brokenShell.url}/`);
      await page.getByTestId('public-mfe').waitFor();
      expect(await page.getByTestId('remote-error').count()).toBe(0);
    } finally {
      await closeServer(brokenShell.server);
    }
  });
});
