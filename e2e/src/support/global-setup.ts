import type { Server } from 'node:http';
import { serveBuild } from './stack';

declare global {
  var __VITRINE_SERVERS__: Server[] | undefined;
}

/** Serves the three production builds (built by the e2e target's dependsOn) on free ports. */
export default async function globalSetup() {
  const publicMfe = await serveBuild('public-mfe');
  const adminMfe = await serveBuild('admin-mfe');
  const shell = await serveBuild('shell', {
    remotes: {
      public_mfe: `${publicMfe.url}/remoteEntry.js`,
      admin_mfe: `${adminMfe.url}/remoteEntry.js`,
    },
  });
  globalThis.__VITRINE_SERVERS__ = [shell.server, publicMfe.server, adminMfe.server];
  process.env.VITRINE_E2E_STACK = JSON.stringify({
    shell: shell.url,
    publicMfe: publicMfe.url,
    adminMfe: adminMfe.url,
  });
}
