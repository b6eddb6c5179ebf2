import type { IncomingMessage, ServerResponse } from 'node:http';
import zlib from 'node:zlib';
import type { RenderCache, RenderedEntry } from './render-cache';

/**
 * Sends a page, compressed when the browser accepts it. `page` is a string or a cache entry,
 * which keeps its compressed forms so a repeated page costs no compression (`grown` is told
 * when it gains one).
 */
export function sendPage(
  req: IncomingMessage,
  res: ServerResponse,
  status: number,
  page: string | RenderedEntry,
  headers: Record<string, string>,
  grown?: () => void,
): void {
  const entry: RenderedEntry =
    typeof page === 'string' ? { status, body: Buffer.from(page) } : page;
  const accepts = String(req.headers['accept-encoding'] || '');
  const encoding = /\bbr\b/.test(accepts) ? 'br' : /\bgzip\b/.test(accepts) ? 'gzip' : null;
  const plain = entry.body ?? Buffer.alloc(0);
  let body = plain;
  if (encoding) {
    let encoded = entry[encoding];
    if (!encoded) {
      encoded =
        encoding === 'br'
          ? zlib.brotliCompressSync(plain, {
              params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
            })
          : zlib.gzipSync(plain, { level: 6 });
      entry[encoding] = encoded;
      grown?.();
    }
    body = encoded;
  }
  res.writeHead(status, {
    ...headers,
    'Content-Type': 'text/html; charset=utf-8',
    // A page may ask for more than revalidation (a draft's: never stored at all).
    'Cache-Control': headers['Cache-Control'] ?? 'no-cache',
    Vary: 'Accept-Encoding',
    ...(encoding ? { 'Content-Encoding': encoding } : {}),
    'Content-Length': body.length,
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}

/** Sends a kept page or redirect; a page's new compressed form is weighed into `cache`. */
export function sendCached(
  req: IncomingMessage,
  res: ServerResponse,
  entry: RenderedEntry,
  headers: Record<string, string>,
  cache?: RenderCache,
): void {
  if (entry.location) {
    res.writeHead(entry.status, {
      ...headers,
      Location: entry.location,
      'Cache-Control': 'no-cache',
    });
    res.end();
    return;
  }
  sendPage(req, res, entry.status, entry, headers, () => cache?.grown(entry));
}
