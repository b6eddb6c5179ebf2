import { apiToken } from './support/api';
import { layoutShifts, recordLayoutShifts, trackPageErrors, usePage } from './support/browser';
import { closeServer, serveBuild, stackUrls } from './support/stack';
import { freePort } from './support/ports';

describe('the shell hosts both remotes at run time', () => {
  const tab = usePage();

  it('renders the public remote at / and the admin remote at /admin/user', async () => {
    const { shell, publicMfe, adminMfe } = stackUrls();
    const errors = trackPageErrors(tab.page);
    const entries: string[] = [];
    tab.page.on('request', (request) => {
      if (request.url().endsWith('/remoteEntry.js')) entries.push(request.url());
    });

    await tab.page.goto(`${shell}/`);
    const publicArea = tab.page.getByTestId('public-mfe');
    await publicArea.getByRole('heading', { level: 1 }).waitFor();
    expect(await publicArea.getByRole('heading', { level: 1 }).textContent()).toMatch(/Textiles/);
    // The heading is the server's; the page is the remote's once it has hydrated, which may be
    // after the load event (its scripts start once its first pictures are shown).
    await tab.page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    expect(entries).toContain(`${publicMfe}/remoteEntry.js`);

    // A deep link, straight into the admin area, signed in: no navigation state needed.
    const token = await apiToken(stackUrls().api);
    await tab.page.addInitScript((value) => localStorage.setItem('token', value), token);
    await tab.page.goto(`${shell}/admin/user`);
    await tab.page.getByRole('navigation', { name: 'Admin' }).waitFor();
    await tab.page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
    expect(entries).toContain(`${adminMfe}/remoteEntry.js`);
    expect(errors).toEqual([]);
  });

  it('adds its version line below a client-rendered page, where it is never painted and then pushed away', async () => {
    const { shell, api } = stackUrls();
    await recordLayoutShifts(tab.page);
    const shiftsOn = async (pathname: string, heading: string) => {
      await tab.page.goto(`${shell}${pathname}`);
      await tab.page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await tab.page.getByRole('complementary', { name: 'Site versions' }).waitFor();
      await tab.page.waitForLoadState('networkidle');
      // The version line's root: `div > aside.deployed-versions`.
      const shifts = (await layoutShifts(tab.page)).filter((shift) =>
        shift.includes('deployed-versions'),
      );
      return { pathname, shifts };
    };

    // Before the fix, the line was painted at the top of the empty page and pushed down.
    expect(await shiftsOn('/login', 'Sign in')).toEqual({ pathname: '/login', shifts: [] });
    const token = await apiToken(api);
    await tab.page.addInitScript((value) => localStorage.setItem('token', value), token);
    expect(await shiftsOn('/admin/product', 'Projects')).toEqual({
      pathname: '/admin/product',
      shifts: [],
    });
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
      await tab.page.goto(`${brokenShell.url}/admin/user`);
      const alert = tab.page.getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toContain('The admin area is not available right now');

      await tab.page.goto(`${brokenShell.url}/`);
      await tab.page.getByTestId('public-mfe').waitFor();
      expect(await tab.page.getByTestId('remote-error').count()).toBe(0);
    } finally {
      await closeServer(brokenShell.server);
    }
  });
});
