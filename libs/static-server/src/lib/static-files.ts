import crypto from 'node:crypto';
import fs from 'node:fs';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { configOrigins, securityHeaders, type SiteConfig } from './security-headers';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.woff2': 'font/woff2',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.css', '.json', '.map', '.svg', '.txt', '.xml']);
const HASHED = /\.[0-9a-f]{12,}\.\w+$/;
/** Memory for compressed files: a build's scripts and styles, brotli and gzip, several times. */
const COMPRESSED_MAX_BYTES = 32 * 1024 * 1024;

export interface StaticOptions {
  /** The build to serve (a remote's or the shell's `dist/…`). */
  dir: string;
  /** Answer a path without a file and without an extension with `index.html`. */
  spa?: boolean;
  /** The run-time config served at `/config.json` (the shell's), read at each request. */
  config?: () => SiteConfig;
  /**
   * A remote's published versions, each in a folder of its own (`<dir>/<version>/…`) that is
   * never written again: every file is served as immutable, entry points too.
   */
  versioned?: boolean;
}

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

/**
 * A production static server for the front-end builds: long-lived caching for content-hashed
 * files, no-cache (with an ETag) for entry points, SPA fallback, brotli or gzip. It forwards
 * nothing: the shell's server is the one that forwards to the API.
 */
export function createStaticServer(options: StaticOptions): http.Server {
  return http.createServer(createStaticHandler(options));
}

/** The request handler of createStaticServer, for a server that serves more than files. */
export function createStaticHandler({
  dir,
  spa = false,
  config,
  versioned = false,
}: StaticOptions): RequestHandler {
  const root = path.resolve(dir);
  const compressed = new LRUCache<string, Buffer>({
    maxSize: COMPRESSED_MAX_BYTES,
    sizeCalculation: (body) => body.length || 1,
  });

  function encode(file: string, body: Buffer, encoding: 'br' | 'gzip'): Buffer {
    // Keyed by content: a rebuilt file of the same name and length is not served stale.
    const key = `${file}:${encoding}:${crypto.createHash('sha1').update(body).digest('base64')}`;
    let encoded = compressed.get(key);
    if (!encoded) {
      encoded =
        encoding === 'br'
          ? zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } })
          : zlib.gzipSync(body, { level: 9 });
      compressed.set(key, encoded);
    }
    return encoded;
  }

  function send(
    req: IncomingMessage,
    res: ServerResponse,
    body: Buffer,
    { type, cache, file }: { type: string; cache: string; file: string },
  ) {
    const headers: Record<string, string | number> = {
      ...securityHeaders(req, configOrigins(config?.())),
      'Content-Type': type,
      'Cache-Control': cache,
      // Remotes are loaded by the shell from another origin, which may time them too.
      'Access-Control-Allow-Origin': '*',
      'Timing-Allow-Origin': '*',
      Vary: 'Accept-Encoding',
    };
    // Files that are not content-hashed say which version they are, so a server loading them
    // (the shell's, loading a remote's server build) can tell a redeployment.
    if (cache === 'no-cache') {
      headers.ETag = `"${crypto.createHash('sha1').update(body).digest('base64url')}"`;
    }
    const accepts = String(req.headers['accept-encoding'] || '');
    if (COMPRESSIBLE.has(path.extname(file)) && body.length > 512) {
      const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
      if (encoding) {
        body = encode(file, body, encoding);
        headers['Content-Encoding'] = encoding;
      }
    }
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  return (req, res) => {
    const url = new URL(req.url || '/', 'http://localhost');
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD' });
      return res.end();
    }
    if (config && url.pathname === '/config.json') {
      return send(req, res, Buffer.from(JSON.stringify(config())), {
        type: TYPES['.json'],
        cache: 'no-cache',
        file: 'config.json',
      });
    }
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      res.writeHead(400, securityHeaders(req, []));
      return res.end();
    }
    let file = path.join(root, decoded);
    if (file !== root && !file.startsWith(root + path.sep)) {
      res.writeHead(400);
      return res.end();
    }
    if (fs.existsSync(file) && fs.statSync(file).isDirectory()) {
      file = path.join(file, 'index.html');
    }
    if (!fs.existsSync(file)) {
      if (!spa || path.extname(url.pathname)) {
        res.writeHead(404, {
          ...securityHeaders(req, []),
          'Content-Type': 'text/plain; charset=utf-8',
        });
        return res.end('Not found');
      }
      file = path.join(root, 'index.html');
    }
    send(req, res, fs.readFileSync(file), {
      type: TYPES[path.extname(file)] || 'application/octet-stream',
      cache: versioned || HASHED.test(file) ? 'public, max-age=31536000, immutable' : 'no-cache',
      file,
    });
  };
}
