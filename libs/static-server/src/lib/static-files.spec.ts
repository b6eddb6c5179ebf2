import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';

import { createStaticServer } from './static-files';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

function get(
  base: string,
  pathname: string,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    http
      .get(`${base}${pathname}`, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

describe('the front-end static server', () => {
  let dir: string;
  let server: http.Server;
  let base: string;
  const remotes = {
    public_mfe: 'https://public.cdn.example/remoteEntry.js',
    admin_mfe: 'https://admin.cdn.example/v2/remoteEntry.js',
  };

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-static-'));
    fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Shell</title>');
    fs.writeFileSync(
      path.join(dir, 'main.0123456789abcdef0123.js'),
      'console.log("x");'.repeat(100),
    );
    fs.writeFileSync(path.join(dir, 'remoteEntry.js'), 'var entry = 1;'.repeat(100));
    server = createStaticServer({
      dir,
      spa: true,
      config: () => ({ remotes, apiUrl: '' }),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('caches content-hashed files for a year and entry points not at all', async () => {
    expect((await get(base, '/main.0123456789abcdef0123.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get(base, '/remoteEntry.js')).headers['cache-control']).toBe('no-cache');
    expect((await get(base, '/')).headers['cache-control']).toBe('no-cache');
  });

  it('caches every file of a published version for a year, its entry point too', async () => {
    const releases = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-releases-'));
    fs.mkdirSync(path.join(releases, '3f9a0c1b2d4e-abc1234'));
    fs.writeFileSync(path.join(releases, '3f9a0c1b2d4e-abc1234/remoteEntry.js'), 'var e = 1;');
    const versioned = createStaticServer({ dir: releases, versioned: true });
    await new Promise<void>((resolve) => versioned.listen(0, '127.0.0.1', resolve));
    try {
      const at = `http://127.0.0.1:${(versioned.address() as AddressInfo).port}`;
      const entry = await get(at, '/3f9a0c1b2d4e-abc1234/remoteEntry.js');
      expect(entry.status).toBe(200);
      expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect((await get(at, '/remoteEntry.js')).status).toBe(404);
    } finally {
      await new Promise((resolve) => versioned.close(resolve));
      fs.rmSync(releases, { recursive: true, force: true });
    }
  });

  it('answers deep links with the app page, and missing files with 404', async () => {
    const deep = await get(base, '/singleproject/indigo-dabu-cotton');
    expect(deep.status).toBe(200);
    expect(deep.body.toString()).toContain('<title>Shell</title>');
    expect((await get(base, '/missing.0123456789abcdef0123.js')).status).toBe(404);
  });

  it('compresses with brotli or gzip as the browser accepts', async () => {
    const brotli = await get(base, '/remoteEntry.js', { 'Accept-Encoding': 'gzip, br' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(brotli.body).toString()).toContain('var entry = 1;');
    const gzip = await get(base, '/remoteEntry.js', { 'Accept-Encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).length).toBeGreaterThan(gzip.body.length);
  });

  it('serves the run-time config and allows scripts from exactly the configured remotes', async () => {
    const config = await get(base, '/config.json');
    expect(JSON.parse(config.body.toString())).toEqual({ remotes, apiUrl: '' });
    expect(config.headers['cache-control']).toBe('no-cache');

    const csp = String((await get(base, '/')).headers['content-security-policy']);
    expect(csp).toContain(
      "script-src 'self' https://public.cdn.example https://admin.cdn.example;",
    );
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  });

  it('sends the security headers on every answer, and HSTS behind TLS', async () => {
    for (const pathname of ['/', '/remoteEntry.js', '/nope.0123456789abcdef0123.js']) {
      const answer = await get(base, pathname);
      expect(answer.headers['x-content-type-options']).toBe('nosniff');
      expect(answer.headers['x-frame-options']).toBe('DENY');
      expect(answer.headers['content-security-policy']).toBeDefined();
      expect(answer.headers['strict-transport-security']).toBeUndefined();
    }
    const behindTls = await get(base, '/', { 'X-Forwarded-Proto': 'https' });
    expect(behindTls.headers['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    );
  });

  it("forwards nothing: the API is the shell server's to reach, not this one's", async () => {
    const answer = await get(base, '/api/product?x=1');
    expect(answer.body.toString()).toBe('<!doctype html><title>Shell</title>');
  });

  it('never serves a file outside its folder, and survives malformed paths', async () => {
    expect((await get(base, '/..%2f..%2fetc%2fpasswd')).body.toString()).not.toContain('root:');
    expect((await get(base, '/%E0%A4%A')).status).toBe(400);
    expect((await get(base, '/')).status).toBe(200);
  });
});
