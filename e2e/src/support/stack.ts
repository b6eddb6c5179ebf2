import fs from 'node:fs';
import type { Server } from 'node:http';
import path from 'node:path';
import { freePort } from './ports';

import { createStaticServer } from '@vitrine/static-server';
// The shell's production server, which renders the public pages with the remote's server build.
// eslint-disable-next-line @nx/enforce-module-boundaries
import { createShellServer } from '../../../shell/server/app';

export const root = path.resolve(__dirname, '../../..');

export interface StackUrls {
  shell: string;
  publicMfe: string;
  adminMfe: string;
  api: string;
}

/** The administrator the e2e API is started with. */
export const E2E_ADMIN = { UserName: 'admin', Password: 'e2e-admin-password' };

/** The secret the shells report their deploys to the e2e API with (SHELL_TOKEN). */
export const E2E_SHELL_TOKEN = 'e2e-shell-token-e2e-shell-token-e2e';

/** Where the running stack is, passed from global setup to the test files through env. */
export function stackUrls(): StackUrls {
  const raw = process.env.VITRINE_E2E_STACK;
  if (!raw) throw new Error('The e2e stack is not running: run the tests through `nx run e2e:e2e`');
  return JSON.parse(raw) as StackUrls;
}

function listen(server: Server, port: number): Promise<Server> {
  return new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(server)));
}

export function distDir(project: string): string {
  const dir = path.join(root, 'dist', project);
  if (!fs.existsSync(path.join(dir, 'index.html'))) {
    throw new Error(`${dir} has no build: run \`npx nx run-many -t build\` first`);
  }
  return dir;
}

/** Serves a production build as the deployment does; the shell gets its config from `remotes`. */
export async function serveBuild(
  project: string,
  options: {
    port?: number;
    /** The remotes for the shell's /config.json; a function is read at each request. */
    remotes?: Record<string, string> | (() => Record<string, string>);
    api?: string;
    /** Serve this folder instead of dist/<project>. */
    dir?: string;
  } = {},
): Promise<{ url: string; server: Server }> {
  const port = options.port ?? (await freePort());
  const { remotes } = options;
  if (project === 'shell' && options.api && remotes) {
    return serveShell(port, { ...options, api: options.api, remotes });
  }
  const server = createStaticServer({
    dir: options.dir ?? distDir(project),
    spa: true,
    config: remotes
      ? () => ({ remotes: typeof remotes === 'function' ? remotes() : remotes })
      : undefined,
  });
  await listen(server, port);
  return { url: `http://127.0.0.1:${port}`, server };
}

/** Lines the shell's server logged (why a page was rendered in the browser), for tests to read. */
export const shellLog: string[] = [];

async function serveShell(
  port: number,
  options: {
    remotes: Record<string, string> | (() => Record<string, string>);
    api: string;
    dir?: string;
  },
): Promise<{ url: string; server: Server }> {
  const { remotes } = options;
  const shell = createShellServer({
    dir: options.dir ?? distDir('shell'),
    api: options.api,
    siteUrl: `http://127.0.0.1:${port}`,
    config: () => ({ remotes: typeof remotes === 'function' ? remotes() : remotes }),
    log: (message) => shellLog.push(message),
    // Its page views go to the e2e API, which shares this secret (support/api.ts).
    shellToken: E2E_SHELL_TOKEN,
    insightsFlushMs: 200,
    // The production budget (1.5 s) is for a server with cores to spare; a test machine
    // running a browser and the whole stack on two cores is given more, so a page rendered
    // in the browser is never a slow moment taken for a failure.
    renderBudgetMs: 20_000,
  });
  await shell.start();
  const server = await new Promise<Server>((resolve) => {
    const listening: Server = shell.app.listen(port, '127.0.0.1', () => resolve(listening));
  });
  server.on('close', () => shell.stop());
  return { url: `http://127.0.0.1:${port}`, server };
}

export function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
}
