import type { Server } from 'node:http';
import { launchBrowserServer } from '@vitrine/testing';
import type { BrowserServer } from 'playwright-core';
import { startApi, type RunningApi } from './api';
import { serveBuild } from './stack';

declare global {
  var __VITRINE_SERVERS__: Server[] | undefined;
  var __VITRINE_API__: RunningApi | undefined;
  var __VITRINE_BROWSER__: BrowserServer | undefined;
}

/**
 * The whole product as a visitor meets it: the API (production build, embedded database,
 * demo content) and the three front-end builds, the shell proxying /api and /uploads. And
 * one Chromium for the whole run, which each spec file connects to (`useBrowser()`): a
 * launch per file cost about half a second, some fifty times.
 */
export default async function globalSetup() {
  const [api, publicMfe, adminMfe, browser] = await Promise.all([
    startApi(),
    serveBuild('public-mfe'),
    serveBuild('admin-mfe'),
    launchBrowserServer(),
  ]);
  globalThis.__VITRINE_BROWSER__ = browser;
  process.env.VITRINE_E2E_BROWSER = browser.wsEndpoint();
  const shell = await serveBuild('shell', {
    api: api.url,
    remotes: {
      public_mfe: `${publicMfe.url}/remoteEntry.js`,
      admin_mfe: `${adminMfe.url}/remoteEntry.js`,
    },
  });
  await untilServerRendered(shell.url);
  globalThis.__VITRINE_API__ = api;
  globalThis.__VITRINE_SERVERS__ = [shell.server, publicMfe.server, adminMfe.server];
  process.env.VITRINE_E2E_STACK = JSON.stringify({
    shell: shell.url,
    publicMfe: publicMfe.url,
    adminMfe: adminMfe.url,
    api: api.url,
  });
}

/**
 * The shell's server loads public-mfe's server build on its first page, while the API that
 * just seeded the demo site may still be slow: until both are warm a page can fall back to
 * the browser-rendered one (by design). Tests start once the home page comes rendered, or
 * after three minutes regardless (the server-rendering tests then say what is wrong): in
 * `npm test` the stack starts beside the API tests, on CI's two busy cores.
 */
async function untilServerRendered(shellUrl: string): Promise<void> {
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    try {
      const html = await (await fetch(`${shellUrl}/`)).text();
      if (/<div id="?root"?><(?!\/div>)/.test(html)) return;
    } catch {
      // not answering yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
