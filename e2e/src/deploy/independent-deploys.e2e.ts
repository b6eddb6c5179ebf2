import { waitUntil } from '@vitrine/testing';
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { useBrowser } from '../support/browser';
import { closeServer, root, serveBuild, shellLog, stackUrls } from '../support/stack';

/** A digest of every file of a build, to prove it did not change. */
function digest(dir: string): string {
  const hash = crypto.createHash('sha256');
  const walk = (folder: string) => {
    for (const name of fs.readdirSync(folder).sort()) {
      const file = path.join(folder, name);
      if (fs.statSync(file).isDirectory()) walk(file);
      else hash.update(name).update(fs.readFileSync(file));
    }
  };
  walk(dir);
  return hash.digest('hex');
}

/**
 * The page at `url` once it holds `text`, or as it is after 10 s (the test then shows it
 * with the shell's log): a new build is served within seconds, with no restart.
 */
async function servedWithin(url: string, text: string): Promise<string> {
  let html = '';
  await waitUntil(
    async () => (html = await (await fetch(url)).text()).includes(text),
    10_000,
    `${url} serving "${text}"`,
    200,
  ).catch(() => undefined);
  return html;
}

describe('deploying one front end without rebuilding the others', () => {
  const shared = useBrowser();
  const secondBuild = path.join(root, 'tmp/e2e-builds/public-mfe-second');

  beforeAll(async () => {
    // A second, different build of the public remote, as another team would deploy it.
    fs.rmSync(secondBuild, { recursive: true, force: true });
    execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules/webpack/bin/webpack.js'),
        'build',
        '-c',
        'public-mfe/webpack.config.js',
        '--mode',
        'production',
      ],
      {
        cwd: root,
        stdio: 'ignore',
        env: {
          ...process.env,
          WEBPACK_OUTPUT_DIR: secondBuild,
          PUBLIC_MFE_BANNER: 'Second build on air',
          GIT_COMMIT: 'second-build',
        },
      },
    );
  }, 180_000);
  afterAll(async () => {
    fs.rmSync(secondBuild, { recursive: true, force: true });
  });

  it('switches the shell to another build of a remote by its run-time config, with the shell unchanged', async () => {
    const { publicMfe, adminMfe, api } = stackUrls();
    const shellBefore = digest(path.join(root, 'dist/shell'));
    const second = await serveBuild('public-mfe-second', { dir: secondBuild });
    let publicEntry = `${publicMfe}/remoteEntry.js`;
    const shell = await serveBuild('shell', {
      api,
      remotes: () => ({ public_mfe: publicEntry, admin_mfe: `${adminMfe}/remoteEntry.js` }),
    });
    const page = await shared.browser.newPage();
    try {
      const versions = async () => {
        await page.getByText('Site versions').click();
        const list = page.getByTestId('deployed-versions');
        await list.getByText(/\+/).nth(1).waitFor();
        return (await list.textContent()) ?? '';
      };

      await page.goto(`${shell.url}/`);
      await page.locator('main').first().waitFor();
      expect(await page.getByText('Second build on air').count()).toBe(0);
      expect(await versions()).not.toContain('second-build');

      expect(await (await fetch(`${shell.url}/`)).text()).not.toContain('Second build on air');

      // The deployment: point the shell's config at the new build. The shell's server renders
      // pages with the new build's server side within seconds, without a restart.
      publicEntry = `${second.url}/remoteEntry.js`;
      const html = await servedWithin(`${shell.url}/`, 'Second build on air');
      expect(html.includes('<p class="build-banner">Second build on air</p>') || shellLog).toBe(
        true,
      );
      await page.reload();
      await page.getByText('Second build on air').waitFor();
      expect(await versions()).toContain('second-build');
      expect(digest(path.join(root, 'dist/shell'))).toBe(shellBefore);
    } finally {
      await page.close();
      await closeServer(shell.server);
      await closeServer(second.server);
    }
  });

  it('renders pages with a build redeployed in place within 10 s, the shell process untouched', async () => {
    const { adminMfe, api } = stackUrls();
    const live = path.join(root, 'tmp/e2e-builds/public-mfe-live');
    fs.rmSync(live, { recursive: true, force: true });
    fs.cpSync(path.join(root, 'dist/public-mfe'), live, { recursive: true });
    const remote = await serveBuild('public-mfe-live', { dir: live });
    const shell = await serveBuild('shell', {
      api,
      remotes: {
        public_mfe: `${remote.url}/remoteEntry.js`,
        admin_mfe: `${adminMfe}/remoteEntry.js`,
      },
    });
    const banner = '<p class="build-banner">Second build on air</p>';
    try {
      expect(await (await fetch(`${shell.url}/about`)).text()).not.toContain(banner);
      // The public team deploys its second build over the first, at the same address.
      fs.cpSync(secondBuild, live, { recursive: true });
      const html = await servedWithin(`${shell.url}/about`, banner);
      expect(html.includes(banner) || shellLog).toBe(true);
      expect(html).toContain('<h1');
    } finally {
      await closeServer(shell.server);
      await closeServer(remote.server);
      fs.rmSync(live, { recursive: true, force: true });
    }
  });

  it('keeps the public site working while the admin remote is down, and says so under /admin', async () => {
    const { publicMfe, api } = stackUrls();
    const admin = await serveBuild('admin-mfe');
    const shell = await serveBuild('shell', {
      api,
      remotes: {
        public_mfe: `${publicMfe}/remoteEntry.js`,
        admin_mfe: `${admin.url}/remoteEntry.js`,
      },
    });
    const page = await shared.browser.newPage();
    try {
      await closeServer(admin.server); // the admin team's server goes away
      await page.goto(`${shell.url}/admin/user`);
      await page
        .getByRole('alert')
        .getByText('The admin area is not available right now')
        .waitFor();

      await page.goto(`${shell.url}/`);
      await page.locator('main').first().waitFor();
      expect(await page.getByText('The public site is not available right now').count()).toBe(0);
    } finally {
      await page.close();
      await closeServer(shell.server);
    }
  });
});
