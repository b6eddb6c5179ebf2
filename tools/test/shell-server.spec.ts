import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import express from 'express';

// The shell's production server is plain Node (shell/server), run as it is deployed.
// eslint-disable-next-line @nx/enforce-module-boundaries
const { createShellServer, forward, renderWithin } = require('../../shell/server/app.js') as {
  createShellServer(options: {
    dir: string;
    api: string;
    config: () => unknown;
    uploadsCacheBytes?: number;
  }): { app: http.RequestListener };
  forward(req: unknown, res: unknown, api: string, trustProxy: number): void;
  renderWithin(
    ssr: { render: (url: string, options: { signal: AbortSignal }) => Promise<unknown> },
    url: string,
    options: { apiUrl: string; siteUrl: string; budgetMs: number },
  ): Promise<unknown>;
};

function listen(server: http.Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
    ),
  );
}

describe("the shell's server forwarding to the API", () => {
  let api: http.Server;
  let seen: http.IncomingHttpHeaders;
  let apiUrl: string;
  const shells: http.Server[] = [];

  beforeAll(async () => {
    api = http.createServer((req, res) => {
      seen = req.headers;
      res.end('{}');
    });
    apiUrl = await listen(api);
  });
  afterAll(() => {
    api.close();
    for (const shell of shells) shell.close();
  });

  async function shellTrusting(hops: number): Promise<string> {
    const app = express();
    app.use((req, res) => forward(req, res, apiUrl, hops));
    const server = http.createServer(app);
    shells.push(server);
    return listen(server);
  }

  it("appends the visitor's address and never passes on what a visitor claims", async () => {
    const shell = await shellTrusting(0);
    await fetch(`${shell}/api/health`, { headers: { 'X-Forwarded-For': '6.6.6.6' } });
    expect(seen['x-forwarded-for']).toBe('127.0.0.1');
  });

  it('keeps the address a trusted proxy in front of it names, then its own peer', async () => {
    const shell = await shellTrusting(1);
    await fetch(`${shell}/api/health`, {
      headers: { 'X-Forwarded-For': '6.6.6.6, 203.0.113.9' },
    });
    expect(seen['x-forwarded-for']).toBe('203.0.113.9, 127.0.0.1');
  });
});

describe("the shell's server rendering budget", () => {
  it('gives up on a render that runs past the budget, and aborts it', async () => {
    let signal: AbortSignal | undefined;
    const never = {
      render: (_url: string, options: { signal: AbortSignal }) => {
        signal = options.signal;
        return new Promise(() => undefined);
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
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-shell-'));
    fs.writeFileSync(
      path.join(dir, 'index.html'),
      '<html><head></head><body><div id="root"></div></body></html>',
    );
    const server = createShellServer({ dir, api: apiUrl, config: () => ({ remotes: {} }) });
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
  // eslint-disable-next-line @nx/enforce-module-boundaries
  const { createUploadsCache } = require('../../shell/server/uploads-cache.js') as {
    createUploadsCache(options: { maxBytes: number }): {
      useVersion(version: string): void;
      get(key: string): unknown;
      set(
        key: string,
        version: string,
        answer: { status: number; headers: Record<string, string>; body: Buffer },
      ): void;
      bytes: number;
    };
  };
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
