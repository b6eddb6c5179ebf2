import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { waitUntil } from '@vitrine/testing';
import type { Page } from 'playwright-core';
import { useBrowser } from '../support/browser';
import { root } from '../support/stack';

/**
 * The development stack, as a newcomer meets it: the README's start command on a fresh data
 * folder, then the site it prints, in Chromium. Every other browser spec runs on the
 * production builds; this one is the webpack dev servers and the API from source, under the
 * same Content-Security-Policy.
 */

const SITE = 'http://localhost:4200';
const API = 'http://localhost:3000';
/** A cold start on two busy cores: four webpack builds, the API from source, demo content. */
const START_TIMEOUT_MS = 5 * 60_000;

/** The command the README's quick start runs after installing (`… && npm start`). */
function readmeStartCommand(): string {
  const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
  const quickStart = /## Quick start[\s\S]*?```sh\n(.*)\n```/.exec(readme);
  if (!quickStart) throw new Error('README.md has no quick start command');
  return quickStart[1].split('&&').at(-1)?.trim() ?? '';
}

describe('npm start', () => {
  const shared = useBrowser();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-npm-start-'));
  let start: ChildProcess;
  let output = '';

  beforeAll(async () => {
    const command = readmeStartCommand();
    expect(command).toBe('npm start');
    // Its own process group, so that everything it started can be stopped with it.
    start = spawn('sh', ['-c', command], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    });
    start.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    start.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    await waitUntil(
      async () => {
        if (start.exitCode !== null) throw new Error(`npm start exited:\n${output}`);
        return output.includes('Vitrine is running');
      },
      START_TIMEOUT_MS,
      `npm start printing its banner (so far:\n${output})`,
      500,
    );
  }, START_TIMEOUT_MS + 10_000);

  afterAll(async () => {
    if (start?.pid && start.exitCode === null) {
      const exited = new Promise((resolve) => start.once('exit', resolve));
      process.kill(-start.pid, 'SIGINT');
      await exited;
    }
    // Ctrl+C stops every part: nothing answers on the site's ports afterwards.
    await waitUntil(
      async () => (await fetch(`${SITE}/`).catch(() => null)) === null,
      10_000,
      'the shell stopping with npm start',
    );
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 30_000);

  /** The page's uncaught errors and console errors (a refusal by the CSP is one). */
  function problemsOf(page: Page): string[] {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(`${page.url()}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${page.url()}: ${message.text()}`);
    });
    return problems;
  }

  async function hydrated(page: Page, pathname: string): Promise<void> {
    await page.goto(`${SITE}${pathname}`);
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
    await page.locator('main h1').first().waitFor();
  }

  it('prints where to sign in, with no stack trace on the way', () => {
    const before = output.slice(0, output.indexOf('Vitrine is running'));
    expect(before).not.toMatch(/^\S*\s+at .+:\d+:\d+\)?$/m);
    expect(before).not.toMatch(/\b(Error|ECONNREFUSED)\b/);
    expect(output).toContain(`Sign in:     ${SITE}/login`);
    expect(output).toMatch(/User name: +admin\n/);
  });

  it('serves every public page hydrated, with no page or console error', async () => {
    const [product] = (await (await fetch(`${API}/api/product?limit=1`)).json()) as {
      slug: string;
    }[];
    const [service] = (await (await fetch(`${API}/api/service?limit=1`)).json()) as {
      slug: string;
    }[];
    const context = await shared.browser.newContext();
    const page = await context.newPage();
    const problems = problemsOf(page);
    for (const pathname of [
      '/',
      '/about',
      '/gallery',
      '/product',
      `/singleproject/${product.slug}`,
      '/service',
      `/singleservice/${service.slug}`,
      '/contact-us',
      '/reviews',
      '/login',
      '/no-such-page',
    ]) {
      await hydrated(page, pathname);
    }
    await context.close();
    expect(problems).toEqual([]);
  });

  it('signs the owner in with the printed password, and saves a project the site then shows', async () => {
    const password = /Password: +(\S+)/.exec(output)?.[1] ?? '';
    const [product] = (await (await fetch(`${API}/api/product?limit=1`)).json()) as {
      _id: string;
      slug: string;
    }[];
    const context = await shared.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const problems = problemsOf(page);

    await hydrated(page, '/login');
    const form = page.getByRole('form', { name: 'Sign in' });
    await page.getByLabel('UserName').fill('admin');
    await page.getByLabel('Password').fill(password);
    await form.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/overview');

    const heading = `Woven for npm start ${Date.now()}`;
    await page.goto(`${SITE}/admin/edit-product/${product._id}`);
    const field = page.getByRole('textbox', { name: 'Heading', exact: true });
    await field.waitFor();
    await field.fill(heading);
    await page.getByRole('button', { name: 'Save project' }).click();
    await page.getByText('Project saved').waitFor();

    await hydrated(page, `/singleproject/${product.slug}`);
    await page.getByText(heading).first().waitFor();
    // And the server's own page has it, before any script runs.
    expect(await (await fetch(`${SITE}/singleproject/${product.slug}`)).text()).toContain(heading);
    await context.close();
    expect(problems).toEqual([]);
  });
});
