/** @jest-environment node */
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import { createShellServer } from './app';
import { renderWithin } from './render';
import { createRenderCache } from './render-cache';
import type { RenderOptions } from './ssr-remote';
import { createUploadsCache } from './uploads-cache';

function listen(server: http.Server, host = '127.0.0.1'): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, host, () =>
      resolve(`http://${host}:${(server.address() as AddressInfo).port}`),
    ),
  );
}

/** A built shell's folder: its page, nothing else. */
function shellDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-shell-'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

/** Sends `head` (a request line and headers) as it is, and gives the status line's code. */
function rawRequest(base: string, head: string): Promise<number> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(`${head}\r\n\r\n`));
    let answer = '';
    socket.on('data', (chunk) => {
      answer += chunk.toString();
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer);
      if (status) {
        socket.destroy();
        resolve(Number(status[1]));
      }
    });
    socket.on('error', reject);
  });
}

describe("the shell's server forwarding to the API", () => {
  let api: http.Server;
  let seen: { url?: string; headers: http.IncomingHttpHeaders }[] = [];
  let apiUrl: string;
  let dir: string;
  const servers: http.Server[] = [];

  beforeAll(async () => {
    api = http.createServer((req, res) => {
      seen.push({ url: req.url, headers: req.headers });
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ proxied: req.url }));
    });
    apiUrl = await listen(api);
    dir = shellDir();
  });
  beforeEach(() => {
    seen = [];
  });
  afterAll(() => {
    api.close();
    for (const server of servers) server.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  async function shellTrusting(hops: number, target = apiUrl): Promise<string> {
    const shell = createShellServer({
      dir,
      api: target,
      siteUrl: 'https://vitrine.example',
      config: () => ({ remotes: {} }),
      trustProxy: hops,
      uploadsCacheBytes: 0,
    });
    const server = http.createServer(shell.app);
    servers.push(server);
    return listen(server);
  }

  it("appends the visitor's address and never passes on what a visitor claims", async () => {
    const shell = await shellTrusting(0);
    await fetch(`${shell}/api/health`, {
      headers: { 'X-Forwarded-For': '6.6.6.6', 'X-Forwarded-Host': 'evil.example' },
    });
    expect(seen[0].headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(seen[0].headers['x-forwarded-proto']).toBe('http');
    expect(seen[0].headers['x-forwarded-host']).toBe(new URL(shell).host);
  });

  it('keeps the address a trusted proxy in front of it names, then its own peer', async () => {
    const shell = await shellTrusting(1);
    await fetch(`${shell}/api/health`, {
      headers: { 'X-Forwarded-For': '6.6.6.6, 203.0.113.9' },
    });
    expect(seen[0].headers['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
  });

  it('forwards the API, uploads and crawler files with their queries and bodies', async () => {
    const shell = await shellTrusting(0);
    expect(await (await fetch(`${shell}/api/product?x=1`)).json()).toEqual({
      proxied: '/api/product?x=1',
    });
    expect(await (await fetch(`${shell}/sitemap.xml`)).json()).toEqual({
      proxied: '/sitemap.xml',
    });
    const posted = await fetch(`${shell}/api/enquiries`, { method: 'POST', body: '{"a":1}' });
    expect(posted.status).toBe(200);
    expect(seen.map((request) => request.url)).toEqual([
      '/api/product?x=1',
      '/sitemap.xml',
      '/api/enquiries',
    ]);
  });

  it('serves a draft preview or share link as noindex, never stored, never rendered here', async () => {
    const shell = await shellTrusting(0);
    for (const pathname of ['/preview/share/Xk3f9Q-secret', '/preview/abc-signature']) {
      const page = await fetch(`${shell}${pathname}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.headers.get('x-robots-tag')).toBe('noindex');
      expect(await page.text()).toContain('<meta name="robots" content="noindex" />');
    }
    expect(seen).toEqual([]);
    const signIn = await fetch(`${shell}/login`);
    expect(signIn.headers.get('cache-control')).toBe('no-cache');
  });

  it('says so plainly when the API is down', async () => {
    const shell = await shellTrusting(0, 'http://127.0.0.1:9');
    const answer = await fetch(`${shell}/api/product`);
    expect(answer.status).toBe(503);
    expect(((await answer.json()) as { message: string }).message).toBe('The API is not reachable');
  });

  describe('refusing to be a proxy to anywhere else', () => {
    // Another host this machine reaches: a listener on a second loopback address.
    let other: http.Server;
    let otherUrl: string;
    let reached: string[] = [];

    beforeAll(async () => {
      other = http.createServer((req, res) => {
        reached.push(req.url ?? '');
        res.end('secret');
      });
      otherUrl = await listen(other, '127.0.0.2');
    });
    beforeEach(() => {
      reached = [];
    });
    afterAll(() => other.close());

    it('refuses absolute-form targets with 400, whatever their method, and forwards nothing', async () => {
      const shell = await shellTrusting(0);
      const { host } = new URL(otherUrl);
      for (const method of ['GET', 'POST', 'DELETE']) {
        for (const target of [
          `${otherUrl}/api/x`,
          `${otherUrl}/uploads/a.webp`,
          `${otherUrl}/`,
          `${apiUrl}/api/health`,
        ]) {
          const status = await rawRequest(
            shell,
            `${method} ${target} HTTP/1.1\r\nHost: ${host}\r\nContent-Length: 0`,
          );
          expect({ method, target, status }).toEqual({ method, target, status: 400 });
        }
      }
      expect(reached).toEqual([]);
      expect(seen).toEqual([]);
    });

    it('refuses paths that leave /api/ or /uploads/ once decoded and normalised', async () => {
      const shell = await shellTrusting(0);
      const { host } = new URL(shell);
      for (const target of [
        '/api/../admin',
        '/api/%2e%2e/secret',
        '/api/%2E%2E%2Fsecret',
        '/uploads/..%2f..%2fapi/user',
        '/uploads/%2e%2e/%2e%2e/etc/passwd',
        '/api/.%2e/x',
        '/api/..\\x',
        '/api%2f..%2fx',
        '//127.0.0.2/api/x',
      ]) {
        const status = await rawRequest(shell, `GET ${target} HTTP/1.1\r\nHost: ${host}`);
        expect({ target, status }).toEqual({ target, status: 400 });
      }
      expect(reached).toEqual([]);
      expect(seen).toEqual([]);
    });
  });
});

describe("the shell's server rendering budget", () => {
  it('gives up on a render that runs past the budget, and aborts it', async () => {
    let signal: AbortSignal | undefined;
    const never = {
      base: 'http://remote/',
      render: (_url: string, options: RenderOptions) => {
        signal = options.signal;
        return new Promise<never>(() => undefined);
      },
    };
    await expect(
      renderWithin(never, '/', { apiUrl: 'http://api', siteUrl: 'http://site', budgetMs: 50 }),
    ).rejects.toThrow('the render took more than 50 ms');
    expect(signal?.aborted).toBe(true);
  });
});

describe("the shell's server keeping the API's /uploads files in memory", () => {
  const PICTURE = Buffer.from('RIFF\u0000\u0000\u0000\u0000WEBPVP8 picture bytes');
  let version = 'v1';
  /** The API's answers to each path it was asked for. */
  let asked: string[] = [];
  let deleted = false;
  let api: http.Server;
  let shell: http.Server;
  let base: string;
  let dir: string;

  beforeAll(async () => {
    api = http.createServer((req, res) => {
      asked.push(req.url ?? '');
      if (req.url === '/api/content-version') {
        res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-cache' });
        return res.end(JSON.stringify({ version }));
      }
      if (req.method === 'DELETE') {
        deleted = true;
        version = 'v2';
        res.writeHead(204);
        return res.end();
      }
      const immutable = req.url?.startsWith('/uploads/a1b2') && !deleted;
      if (!immutable && !req.url?.startsWith('/uploads/mutable')) {
        res.writeHead(404, { 'Content-Type': 'application/json' });
        return res.end('{"statusCode":404}');
      }
      res.writeHead(200, {
        'Content-Type': 'image/webp',
        'Content-Length': PICTURE.length,
        ETag: 'W/"picture"',
        'X-Content-Type-Options': 'nosniff',
        'Cache-Control': immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
      });
      res.end(req.method === 'HEAD' ? undefined : PICTURE);
    });
    const apiUrl = await listen(api);
    dir = shellDir();
    const server = createShellServer({
      dir,
      api: apiUrl,
      siteUrl: 'https://vitrine.example',
      config: () => ({ remotes: {} }),
    });
    shell = http.createServer(server.app);
    base = await listen(shell);
  });
  beforeEach(() => {
    asked = [];
  });
  afterAll(() => {
    api.close();
    shell.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const files = () => asked.filter((url) => url.startsWith('/uploads/'));

  it('asks the API for a picture once, then answers it from memory with the same bytes and headers', async () => {
    const first = await fetch(`${base}/uploads/a1b2-320.webp`);
    expect(Buffer.from(await first.arrayBuffer())).toEqual(PICTURE);
    const again = await fetch(`${base}/uploads/a1b2-320.webp`);
    expect(again.status).toBe(200);
    expect(Buffer.from(await again.arrayBuffer())).toEqual(PICTURE);
    for (const header of [
      'content-type',
      'content-length',
      'etag',
      'cache-control',
      'x-content-type-options',
    ])
      expect({ header, value: again.headers.get(header) }).toEqual({
        header,
        value: first.headers.get(header),
      });
    expect(files()).toEqual(['/uploads/a1b2-320.webp']);

    // A browser that has it is told so, without the API.
    const revalidated = await fetch(`${base}/uploads/a1b2-320.webp`, {
      headers: { 'If-None-Match': 'W/"picture"' },
    });
    expect(revalidated.status).toBe(304);
    const head = await fetch(`${base}/uploads/a1b2-320.webp`, { method: 'HEAD' });
    expect(head.headers.get('content-length')).toBe(String(PICTURE.length));
    expect(files()).toEqual(['/uploads/a1b2-320.webp']);
  });

  it('keeps nothing that may change or differ: answers not marked immutable, ranges, requests with an Origin', async () => {
    await fetch(`${base}/uploads/mutable-320.webp`);
    await fetch(`${base}/uploads/mutable-320.webp`);
    await fetch(`${base}/uploads/a1b2-640.webp`, { headers: { Range: 'bytes=0-3' } });
    await fetch(`${base}/uploads/a1b2-640.webp`, { headers: { Origin: 'http://elsewhere' } });
    await fetch(`${base}/uploads/a1b2-640.webp`, { headers: { Origin: 'http://elsewhere' } });
    expect(files()).toEqual([
      '/uploads/mutable-320.webp',
      '/uploads/mutable-320.webp',
      '/uploads/a1b2-640.webp',
      '/uploads/a1b2-640.webp',
      '/uploads/a1b2-640.webp',
    ]);
  });

  it('stops serving a deleted picture once the content version moves', async () => {
    await fetch(`${base}/uploads/a1b2-1280.webp`);
    expect((await fetch(`${base}/uploads/a1b2-1280.webp`)).status).toBe(200);
    // The administrator deletes it through this server: the API moves the version on.
    await fetch(`${base}/api/media/a1b2`, { method: 'DELETE' });
    expect((await fetch(`${base}/uploads/a1b2-1280.webp`)).status).toBe(404);
    expect((await fetch(`${base}/uploads/a1b2-320.webp`)).status).toBe(404);
    expect(files()).toEqual([
      '/uploads/a1b2-1280.webp',
      '/uploads/a1b2-1280.webp',
      '/uploads/a1b2-320.webp',
    ]);
  });
});

describe("the shell's /uploads memory", () => {
  const answer = (size: number) => ({
    status: 200,
    headers: { 'cache-control': 'public, max-age=31536000, immutable' },
    body: Buffer.alloc(size),
  });

  it('holds at most its memory, letting the least recently used file go first', () => {
    const cache = createUploadsCache({ maxBytes: 8000 });
    cache.useVersion('v1');
    for (const name of ['a', 'b', 'c', 'd']) cache.set(name, 'v1', answer(1000));
    cache.get('a');
    for (const name of ['e', 'f', 'g', 'h', 'i']) cache.set(name, 'v1', answer(1000));
    expect(cache.bytes).toBeLessThanOrEqual(8000);
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeUndefined();
    // One file may take an eighth of it at most; an answer fetched under an older version
    // is not kept.
    cache.set('large', 'v1', answer(1001));
    expect(cache.get('large')).toBeUndefined();
    cache.useVersion('v2');
    cache.set('late', 'v1', answer(10));
    expect(cache.get('late')).toBeUndefined();
    expect(cache.get('a')).toBeUndefined();
  });
});

describe("the shell's rendered pages memory", () => {
  it('holds at most its bytes, weighing the compressed forms a page gains', () => {
    const cache = createRenderCache(100_000);
    const page = (key: string) => ({ key, status: 200, body: Buffer.alloc(20_000) });
    for (const key of ['/a', '/b', '/c', '/d']) cache.set(key, page(key));
    expect(cache.bytes).toBeGreaterThan(80_000);
    // A compressed form a page gains is weighed: the least recently used page goes.
    const kept = cache.get('/d')!;
    kept.br = Buffer.alloc(30_000);
    cache.grown(kept);
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
    expect(cache.get('/a')).toBeUndefined();
    expect(cache.get('/d')).toBe(kept);
    for (let i = 0; i < 50; i++) cache.set(`/page-${i}`, page(`/page-${i}`));
    expect(cache.bytes).toBeLessThanOrEqual(100_000);
  });
});
