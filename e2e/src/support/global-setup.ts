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
  globalThis.__VITRINE_API__ = api;
  globalThis.__VITRINE_SERVERS__ = [shell.server, publicMfe.server, adminMfe.server];
  process.env.VITRINE_E2E_STACK = JSON.stringify({
    shell: shell.url,
    publicMfe: publicMfe.url,
    adminMfe: adminMfe.url,
    api: api.url,
  });
}
