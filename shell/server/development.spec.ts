/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';

// `npm start` runs the pages under production's Content-Security-Policy: development's one
// relaxation (the dev servers' live-reload sockets) is never in production.
import { createShellServer } from './app';
import { readConfig } from './config';

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

const REMOTES = {
  public_mfe: 'http://localhost:4201/remoteEntry.js',
  admin_mfe: 'http://localhost:4202/remoteEntry.js',
};

/** The policy of production's pages, as deployed: eval and inline scripts refused. */
const PRODUCTION_POLICY = [
  "default-src 'self'",
  "script-src 'self' http://localhost:4201 http://localhost:4202",
  "style-src 'self' 'unsafe-inline' http://localhost:4201 http://localhost:4202",
  "img-src 'self' data: blob: https: http://localhost:4201 http://localhost:4202",
  "media-src 'self' https: http://localhost:4201 http://localhost:4202",
  "font-src 'self' data: http://localhost:4201 http://localhost:4202",
  "connect-src 'self' http://localhost:4201 http://localhost:4202",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

describe("the pages' Content-Security-Policy in development and production", () => {
  const servers: http.Server[] = [];
  const shells: { stop(): void }[] = [];
  let dir: string;
  let devAssets: string;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-policy-'));
    const page = '<html><head></head><body><div id="root"></div></body></html>';
    fs.writeFileSync(path.join(dir, 'index.html'), page);
    // The shell's webpack dev server, as far as the shell's server asks it for its page.
    const devServer = http.createServer((_req, res) => res.end(page));
    servers.push(devServer);
    devAssets = await listen(devServer);
  });
  afterAll(() => {
    for (const server of servers) server.close();
    for (const shell of shells) shell.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** Whether a server started with this NODE_ENV is in production, as its start reads it. */
  const production = (NODE_ENV: string) =>
    readConfig([], { NODE_ENV, SITE_URL: 'http://localhost:4200' }).production;

  async function pagePolicy(options: { devAssets?: string; production: boolean }): Promise<string> {
    const shell = createShellServer({
      dir,
      api: 'http://127.0.0.1:9',
      siteUrl: 'http://localhost:4200',
      config: () => ({ remotes: REMOTES }),
      log: () => undefined,
      ...options,
    });
    shells.push(shell);
    const server = http.createServer(shell.app);
    servers.push(server);
    const response = await fetch(`${await listen(server)}/admin/overview`);
    expect(response.status).toBe(200);
    return response.headers.get('content-security-policy') ?? '';
  }

  it('is the same as before in production, with no eval and no live-reload socket', async () => {
    expect(await pagePolicy({ production: production('production') })).toBe(PRODUCTION_POLICY);
  });

  it("differs in development only by the dev servers' live-reload sockets", async () => {
    const policy = await pagePolicy({ devAssets, production: production('development') });
    const devSocket = devAssets.replace(/^http/, 'ws');
    expect(policy).toBe(
      PRODUCTION_POLICY.replace(
        "connect-src 'self' http://localhost:4201 http://localhost:4202",
        `connect-src 'self' http://localhost:4201 http://localhost:4202 ${devSocket} ws://localhost:4201 ws://localhost:4202`,
      ),
    );
    expect(policy).not.toContain('unsafe-eval');
  });

  it('never relaxes a server started with NODE_ENV=production, whatever it serves', async () => {
    expect(await pagePolicy({ devAssets, production: production('production') })).toBe(
      PRODUCTION_POLICY,
    );
  });
});

describe("the shell's server while npm start is starting", () => {
  it("answers a page that reloads itself until the shell's dev server has built, and logs nothing", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-starting-'));
    const logged: string[] = [];
    // The dev server's port, before it listens: nothing answers there yet.
    const closed = http.createServer();
    const devAssets = await listen(closed);
    await new Promise((resolve) => closed.close(resolve));
    const shell = createShellServer({
      dir,
      api: 'http://127.0.0.1:9',
      siteUrl: 'http://localhost:4200',
      config: () => ({ remotes: REMOTES }),
      devAssets,
      log: (message) => logged.push(message),
    });
    const server = http.createServer(shell.app);
    try {
      const response = await fetch(`${await listen(server)}/`);
      expect(response.status).toBe(503);
      expect(response.headers.get('retry-after')).toBe('2');
      expect(await response.text()).toContain('<meta http-equiv="refresh" content="2">');
      expect(logged).toEqual([]);
    } finally {
      server.close();
      shell.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
