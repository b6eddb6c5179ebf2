/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createShellServer } from './app';
import { createViewCounter } from './insights';
import type { SsrBuild } from './ssr-remote';

const SHELL_TOKEN = 'shell-token-for-the-shell-insights-test-0123';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

interface Batch {
  authorization?: string;
  views: { path: string; referrer?: string; address: string; userAgent: string; at: string }[];
}

describe("the shell's server counting the pages it serves", () => {
  let api: http.Server;
  let apiUrl: string;
  let batches: Batch[] = [];
  let renders = 0;
  let dir: string;
  const servers: http.Server[] = [];
  const shells: { stop: () => Promise<void> }[] = [];

  beforeAll(async () => {
    // A fake API: the content version pages are kept under, and the views' batches.
    api = http.createServer((req, res) => {
      if (req.url === '/api/content-version') return void res.end('{"version":"v1"}');
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        if (req.url === '/api/insights/views') {
          batches.push({ authorization: req.headers.authorization, ...JSON.parse(body) });
          res.statusCode = 202;
        }
        res.end();
      });
    });
    apiUrl = await listen(api);
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-shell-insights-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<html><head></head><body></body></html>');
  });
  beforeEach(() => {
    batches = [];
    renders = 0;
  });
  afterAll(async () => {
    await Promise.all(shells.map((shell) => shell.stop()));
    for (const server of [api, ...servers]) server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function shellWith(options: { shellToken?: string; log?: (line: string) => void }) {
    const shell = createShellServer({
      dir,
      api: apiUrl,
      siteUrl: 'https://vitrine.example',
      config: () => ({ remotes: { public_mfe: 'http://127.0.0.1:9/remoteEntry.js' } }),
      trustProxy: 1,
      uploadsCacheBytes: 0,
      // Sent when the test flushes, not on a timer.
      insightsFlushMs: 600_000,
      log: () => undefined,
      ...options,
    });
    // The public remote's server build, as loaded: a page of its own, and a 404.
    const build: SsrBuild = {
      key: 'build',
      base: 'http://127.0.0.1:9/',
      globalName: 'public_mfe',
      version: 'v',
      css: () => [],
      render: async (url) => {
        renders++;
        const page = { html: `<p>${url}</p>`, state: null, title: 'Page', head: '', lang: 'en' };
        return { ...page, status: url.startsWith('/missing') ? 404 : 200, chunks: [] };
      },
    };
    shell.remote.current = () => build;
    shells.push(shell);
    const server = http.createServer(shell.app);
    servers.push(server);
    return { shell, site: await listen(server) };
  }

  it('counts a rendered page once, and the same page served from its cache again', async () => {
    const { shell, site } = await shellWith({ shellToken: SHELL_TOKEN });
    const visit = (target: string, headers: Record<string, string> = {}) =>
      fetch(`${site}${target}`, {
        headers: { 'User-Agent': PHONE, 'X-Forwarded-For': '203.0.113.5', ...headers },
      });
    expect(
      (await visit('/products?sort=price', { Referer: 'https://www.google.com/' })).status,
    ).toBe(200);
    expect((await visit('/products?sort=price')).status).toBe(200);
    // The second answer came from the render cache.
    expect(renders).toBe(1);
    // Not views: a 404, a file, the admin area, a HEAD, a prefetch, a crawler.
    expect((await visit('/missing')).status).toBe(404);
    await visit('/favicon.ico');
    await visit('/admin/products');
    await fetch(`${site}/products?sort=price`, {
      method: 'HEAD',
      headers: { 'User-Agent': PHONE },
    });
    await visit('/about', { 'Sec-Purpose': 'prefetch' });
    await visit('/about', { 'User-Agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' });
    await shell.views.flush();

    expect(batches).toHaveLength(1);
    expect(batches[0].authorization).toBe(`Shell ${SHELL_TOKEN}`);
    expect(batches[0].views).toEqual([
      {
        path: '/products',
        referrer: 'https://www.google.com/',
        address: '203.0.113.5',
        userAgent: PHONE,
        at: expect.any(String),
      },
      { path: '/products', address: '203.0.113.5', userAgent: PHONE, at: expect.any(String) },
    ]);
  });

  it('counts nothing without SHELL_TOKEN, and says so once', async () => {
    const lines: string[] = [];
    const { shell, site } = await shellWith({ log: (line) => lines.push(line) });
    for (let i = 0; i < 3; i++) {
      expect((await fetch(`${site}/`, { headers: { 'User-Agent': PHONE } })).status).toBe(200);
    }
    await shell.views.flush();
    expect(batches).toEqual([]);
    expect(lines.filter((line) => line.includes('SHELL_TOKEN'))).toHaveLength(1);
  });

  it('sends a burst in requests of 2,000 views at most, and what is left at stop', async () => {
    const views = createViewCounter({ api: apiUrl, shellToken: SHELL_TOKEN, flushMs: 600_000 });
    const req = {
      path: '/',
      headers: { 'user-agent': PHONE },
      socket: { remoteAddress: '203.0.113.7' },
    } as unknown as Parameters<typeof views.count>[0];
    for (let i = 0; i < 4500; i++) views.count(req);
    await views.flush();
    expect(batches.map((batch) => batch.views.length)).toEqual([2000, 2000]);
    await views.stop();
    expect(batches.map((batch) => batch.views.length)).toEqual([2000, 2000, 500]);
  });
});
