import type { Server } from 'node:http';
import { startApi, type RunningApi } from './api';
import { serveBuild } from './stack';

declare global {
  var __VITRINE_SERVERS__: Server[] | undefined;
  var __VITRINE_API__: RunningApi | undefined;
}

/**
 * The whole product as a visitor meets it: the API (production build, embedded database,
 * demo content) and the three front-end builds, the shell proxying /api and /uploads.
 */
export default async function globalSetup() {
  const [api, publicMfe, adminMfe] = await Promise.all([
    startApi(),
    serveBuild('public-mfe'),
    serveBuild('admin-mfe'),
  ]);
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
 * after a minute regardless (the server-rendering tests then say what is wrong).
 */
async function untilServerRendered(shellUrl: string): Promise<void> {
  const deadline = Date.now() + 60_000;
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
