import { execFile } from 'node:child_process';
import fs from 'node:fs';
import type { Server } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createStaticServer } from '@vitrine/static-server';
import { waitUntil } from '@vitrine/testing';
import type { RemoteName } from '@vitrine/contracts';
import type { Page } from 'playwright-core';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createShellServer, type ShellServerOptions } from '../../../shell/server/app';
import { adminApi, adminToken, heading, signedInContext } from '../admin/admin-helpers';
import { useBrowser } from '../support/browser';
import { freePort } from '../support/ports';
import {
  closeServer,
  distDir,
  E2E_ADMIN,
  E2E_SHELL_TOKEN,
  root,
  stackUrls,
} from '../support/stack';

/**
 * Versioned deploys of a remote, as a team ships them: each build published under its own
 * version with the README's command, the shell checking each before visitors get it, and a
 * rollback in one step. Visitors are watched throughout.
 */

const run = promisify(execFile);

/** A copy of a good build, changed by `change(dir)`: a new version once published. */
function variant(name: string, change: (dir: string) => void, project = 'public-mfe'): string {
  const dir = path.join(os.tmpdir(), `vitrine-variant-${name}-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.cpSync(distDir(project), dir, { recursive: true });
  change(dir);
  return dir;
}

/** What a page logged as errors, thrown or written to the console (a hydration mismatch). */
function pageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

const edit = (file: string, change: (text: string) => string) =>
  fs.writeFileSync(file, change(fs.readFileSync(file, 'utf8')));

describe('versioned deploys, checked before visitors get them', () => {
  const shared = useBrowser();
  const environment = `e2e-${process.pid}`;
  const releases = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-releases-'));
  const servers: Server[] = [];
  const log: string[] = [];
  const variants: string[] = [];
  let shell: ReturnType<typeof createShellServer>;
  let site: string;
  /** Where the public and the admin remote's versions are (their servers' roots). */
  let publicBase: string;
  let adminBase: string;
  /** What visitors got while the test deployed: every answer that was not a good page. */
  const bad: string[] = [];
  let watching = true;
  let watcher: Promise<void>;

  /** The shell's server on the test's remotes and environment, logging to `lines`. */
  const shellOptions = (lines: string[]): ShellServerOptions => ({
    dir: distDir('shell'),
    api: stackUrls().api,
    siteUrl: site,
    config: () => ({ remotes: {} }),
    renderBudgetMs: 20_000,
    deployment: {
      environment,
      remotes: { public_mfe: { base: publicBase }, admin_mfe: { base: adminBase } },
      shellToken: E2E_SHELL_TOKEN,
    },
    log: (line) => lines.push(line),
  });
  /** Shells started besides `shell` (one restarted), stopped at the end. */
  const others: ReturnType<typeof createShellServer>[] = [];

  /** `npm run deploy:<command> -- <project> …`, as the README has it. */
  async function deploy(command: string, project: string, ...args: string[]): Promise<string> {
    const { stdout } = await run(
      process.execPath,
      [
        path.join(root, 'tools/deploy.js'),
        command,
        project,
        ...args,
        '--environment',
        environment,
        '--api',
        stackUrls().api,
        '--releases',
        path.join(releases, project),
      ],
      {
        cwd: root,
        env: {
          ...process.env,
          VITRINE_USERNAME: E2E_ADMIN.UserName,
          VITRINE_PASSWORD: E2E_ADMIN.Password,
        },
      },
    );
    return stdout;
  }

  /** The shell's state of a remote, the public one unless named. */
  const stateOf = (remote: RemoteName = 'public_mfe') => shell.deployments!.state().remotes[remote];
  /** The API's overview of the public remote, as the admin area shows it. */
  const overview = async () =>
    (
      await adminApi<{ remote: string; serving: unknown; refused: unknown[] }[]>(
        await adminToken(),
        'GET',
        `/api/deployments?environment=${environment}`,
      )
    ).find((entry) => entry.remote === 'public_mfe')!;
  const versionOf = (stdout: string) => /(?:public|admin)_mfe (\S+) in /.exec(stdout)?.[1] ?? '';

  async function served(version: string, remote: RemoteName = 'public_mfe'): Promise<void> {
    await waitUntil(
      async () => stateOf(remote).serving === version,
      20_000,
      `the shell serving ${remote} ${version} (${log.join(' | ')})`,
      100,
    );
  }

  async function refused(version: string, remote: RemoteName = 'public_mfe'): Promise<string> {
    const refusal = () => stateOf(remote).refused.find((refusal) => refusal.version === version);
    await waitUntil(
      async () => Boolean(refusal()),
      30_000,
      `the shell refusing ${remote} ${version} (${log.join(' | ')})`,
      100,
    );
    return refusal()!.reason;
  }

  /**
   * A visitor's first visit in Chromium: hydrated, no error thrown or logged (React 19 logs a
   * hydration mismatch to the console), scripts of `version` only.
   */
  async function visit(page: Page, version: string): Promise<void> {
    const errors = pageErrors(page);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script' && request.url().startsWith(publicBase)) {
        scripts.push(request.url());
      }
    });
    await page.goto(`${site}/contact-us`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    expect(errors).toEqual([]);
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((url) => !url.startsWith(`${publicBase}${version}/`))).toEqual([]);
  }

  /** An administrator's visit to /admin: the screen drawn, no error, scripts of `version` only. */
  async function visitAdmin(version: string): Promise<void> {
    const context = await signedInContext(shared.browser, await adminToken());
    try {
      const page = await context.newPage();
      const errors = pageErrors(page);
      const scripts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'script' && request.url().startsWith(adminBase)) {
          scripts.push(request.url());
        }
      });
      await page.goto(`${site}/admin/versions`);
      await heading(page, 'Site versions');
      expect(errors).toEqual([]);
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.filter((url) => !url.startsWith(`${adminBase}${version}/`))).toEqual([]);
    } finally {
      await context.close();
    }
  }

  beforeAll(async () => {
    const remotes = await Promise.all(
      ['public-mfe', 'admin-mfe'].map(async (project) => {
        const dir = path.join(releases, project);
        fs.mkdirSync(dir);
        const server = createStaticServer({ dir, versioned: true });
        const port = await freePort();
        await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
        servers.push(server);
        return `http://127.0.0.1:${port}/`;
      }),
    );
    [publicBase, adminBase] = remotes;
    const port = await freePort();
    site = `http://127.0.0.1:${port}`;
    shell = createShellServer(shellOptions(log));
    servers.push(
      await new Promise<Server>((resolve) => {
        const listening: Server = shell.app.listen(port, '127.0.0.1', () => resolve(listening));
      }),
    );
    await shell.start();
  }, 60_000);

  afterAll(async () => {
    watching = false;
    await watcher;
    shell?.stop();
    for (const other of others) other.stop();
    await Promise.all(servers.map((server) => closeServer(server)));
    for (const dir of [releases, ...variants]) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('serves a published build, refuses broken ones while visitors keep the good one, and rolls back', async () => {
    const first = versionOf(await deploy('publish', 'public-mfe'));
    const adminFirst = versionOf(await deploy('publish', 'admin-mfe'));
    await served(first);
    await served(adminFirst, 'admin_mfe');

    // From now on a visitor asks for pages all the time: every answer must be a good page.
    watcher = (async () => {
      while (watching) {
        for (const pathname of ['/', '/contact-us', '/product']) {
          // The version served as the request left and as its answer came: the page names one
          // of them (a switch may fall in between), never a refused one.
          const servedBefore = stateOf().serving;
          const response = await fetch(`${site}${pathname}`).catch((error: Error) => error);
          if (response instanceof Error) bad.push(`${pathname}: ${response.message}`);
          else {
            const html = await response.text();
            const served = [servedBefore, stateOf().serving];
            if (response.status !== 200) bad.push(`${pathname}: ${response.status}`);
            else if (!/<div id="root"><(?!\/div>)/.test(html)) {
              bad.push(`${pathname}: not rendered on the server`);
            } else if (!served.some((version) => html.includes(`/${version}/`))) {
              bad.push(`${pathname}: names another version than the ones served`);
            }
          }
        }
        // A visitor's pace: a page every 50 ms or so, not a wait for anything.
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
    })();

    const throwsOnLoad = variant('throws', (dir) =>
      edit(
        path.join(dir, 'server/remoteEntry.js'),
        (code) => `${code}\nthrow new Error('a bad merge');\n`,
      ),
    );
    const renderFails = variant('render', (dir) =>
      edit(path.join(dir, 'server/remoteEntry.js'), (code) =>
        code.replace(
          /async function (\w*render)\(url, options\) \{/,
          (found) => `${found} throw new Error('the render fails');`,
        ),
      ),
    );
    // A build whose React is another major: its manifest says so, as webpack writes it.
    const oldReact = variant('react', (dir) =>
      edit(path.join(dir, 'mf-manifest.json'), (text) => {
        const manifest = JSON.parse(text) as {
          shared: { name: string; version: string; requiredVersion: string }[];
        };
        for (const entry of manifest.shared.filter((shared) => shared.name.startsWith('react'))) {
          if (entry.name === 'react-router-dom') continue;
          Object.assign(entry, { version: '18.3.1', requiredVersion: '^18.2.0' });
        }
        return JSON.stringify(manifest, null, 2);
      }),
    );
    variants.push(throwsOnLoad, renderFails, oldReact);

    const reasons: Record<string, string> = {};
    const versions: Record<string, string> = {};
    for (const [name, dir] of [
      ['throws on load', throwsOnLoad],
      ['render fails', renderFails],
      ['React 18', oldReact],
    ]) {
      const version = versionOf(await deploy('publish', 'public-mfe', '--from', dir));
      versions[name] = version;
      reasons[name] = await refused(version);
      expect(stateOf().serving).toBe(first);
      const page = await shared.browser.newPage();
      try {
        await visit(page, first);
      } finally {
        await page.close();
      }
    }
    expect(reasons).toEqual({
      'throws on load': expect.stringContaining('a bad merge'),
      'render fails': expect.stringContaining('the render fails'),
      'React 18': expect.stringMatching(/shares react\S* 18\.3\.1 .*the shell has 19/),
    });
    expect(log.filter((line) => line.includes('refused'))).toHaveLength(3);
    // And the shell told the API, whose overview the administrators read.
    await waitUntil(
      async () => (await overview()).refused.length === 3,
      10_000,
      'the three refusals reported to the API',
    );
    expect((await overview()).serving).toMatchObject({ version: first });

    // The admin team's build that throws as its remoteEntry.js loads: refused like the public
    // one, and /admin still loads the admin version served, with no error.
    const adminThrows = variant(
      'admin-throws',
      (dir) =>
        edit(
          path.join(dir, 'remoteEntry.js'),
          (code) => `${code}\nthrow new Error('a bad merge in the admin');\n`,
        ),
      'admin-mfe',
    );
    variants.push(adminThrows);
    const adminBad = versionOf(await deploy('publish', 'admin-mfe', '--from', adminThrows));
    expect(await refused(adminBad, 'admin_mfe')).toContain('a bad merge in the admin');
    expect(stateOf('admin_mfe').serving).toBe(adminFirst);
    await visitAdmin(adminFirst);

    // A good build is promoted; then the team rolls back, and the first is served again.
    const better = variant('good', (dir) =>
      edit(path.join(dir, 'remoteEntry.js'), (code) => `${code}\n// the second good build\n`),
    );
    variants.push(better);
    const second = versionOf(await deploy('publish', 'public-mfe', '--from', better));
    await served(second);
    const rolledBack = Date.now();
    expect(await deploy('rollback', 'public-mfe')).toContain(`points back at ${first}`);
    await served(first);
    expect(Date.now() - rolledBack).toBeLessThan(10_000);
    watching = false;
    await watcher;
    expect(bad).toEqual([]);

    // Every version published is kept, the refused ones too, each under its own name.
    expect(fs.readdirSync(path.join(releases, 'public-mfe'))).toHaveLength(5);
    expect(fs.readdirSync(path.join(releases, 'public-mfe'))).toEqual(
      expect.arrayContaining([first, second]),
    );
    const page = await shared.browser.newPage();
    try {
      await visit(page, first);
    } finally {
      await page.close();
    }

    // The React 18 build named again is checked again, and refused again.
    const react18 = versions['React 18'];
    await deploy('promote', 'public-mfe', react18);
    await waitUntil(
      async () => log.filter((line) => line.includes(`${react18} refused`)).length === 2,
      30_000,
      `the shell refusing public_mfe ${react18} again (${log.join(' | ')})`,
      100,
    );
    expect(stateOf().serving).toBe(first);

    // A shell started now, both pointers on refused versions, serves what the API heard the
    // first shell serve, from its first reading on.
    const restarted = createShellServer(shellOptions([]));
    others.push(restarted);
    await restarted.start();
    const { public_mfe: site2, admin_mfe: admin2 } = restarted.deployments!.state().remotes;
    expect([site2.serving, site2.pending, admin2.serving, admin2.pending]).toEqual([
      first,
      react18,
      adminFirst,
      adminBad,
    ]);
    expect(restarted.deployments!.entries()).toEqual(shell.deployments!.entries());
  }, 240_000);
});
