// The API's immutable /uploads answers (content-hashed image files, cached for a year) kept in
// the shell's memory, so a page's pictures come straight from this process: a trace of the
// image pages under load had each picture wait 250–350 ms for the trip through this server to
// the API and back (10 ms on an idle machine), while it was the page's largest paint.
//
// A name's bytes never change, but an image can be deleted: the API moves its content version
// when it deletes a stored file, and every entry is kept under the version it was fetched at,
// so all of them go as soon as this server sees a newer one (the same check its page cache
// makes). Only whole 200 answers marked immutable are kept; a Range request, a conditional one
// that misses, anything else is forwarded as before.

import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { LRUCache } from 'lru-cache';

/** How much memory the kept files may take by default (`SHELL_UPLOADS_CACHE_MB`). */
export const MAX_BYTES = 32 * 1024 * 1024;
/** A file larger than this share of the whole is never kept: it would push out many others. */
const LARGEST_SHARE = 1 / 8;
/** Headers that describe one connection, not the file. */
const HOP_HEADERS = new Set(['connection', 'keep-alive', 'transfer-encoding', 'date']);

/** A whole answer of the API's, as it came. */
export interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** A kept file: the headers that describe it, and its bytes. */
export interface KeptFile {
  headers: Record<string, string>;
  body: Buffer;
}

export type UploadsCache = ReturnType<typeof createUploadsCache>;

export function createUploadsCache({ maxBytes = MAX_BYTES }: { maxBytes?: number } = {}) {
  const entries = new LRUCache<string, KeptFile>({
    maxSize: maxBytes,
    sizeCalculation: (entry) => entry.body.length || 1,
  });
  let version: string | null = null;

  return {
    /** Keeps only what was fetched at `current`: a newer content version empties the cache. */
    useVersion(current: string) {
      if (current === version) return;
      version = current;
      entries.clear();
    },
    get: (key: string) => entries.get(key),
    /**
     * Keeps an answer fetched while `fetchedAt` was the content version, if it may be kept
     * and that version is still current.
     */
    set(key: string, fetchedAt: string, { status, headers, body }: Answer) {
      if (fetchedAt !== version || !keepable(status, headers, body, maxBytes)) return;
      const kept: Record<string, string> = {};
      for (const [name, value] of Object.entries(headers)) {
        if (!HOP_HEADERS.has(name) && typeof value === 'string') kept[name] = value;
      }
      kept['content-length'] = String(body.length);
      entries.set(key, { headers: kept, body });
    },
    get size() {
      return entries.size;
    },
    get bytes() {
      return entries.calculatedSize;
    },
  };
}

function keepable(
  status: number,
  headers: IncomingHttpHeaders,
  body: Buffer,
  maxBytes: number,
): boolean {
  const cacheControl = String(headers['cache-control'] ?? '');
  return (
    status === 200 &&
    /\bimmutable\b/.test(cacheControl) &&
    !/\b(private|no-store)\b/.test(cacheControl) &&
    !headers['set-cookie'] &&
    !headers['content-range'] &&
    !headers['content-encoding'] &&
    (headers['content-length'] === undefined ||
      Number(headers['content-length']) === body.length) &&
    body.length <= maxBytes * LARGEST_SHARE
  );
}

/**
 * Sends a kept file as the API would: 304 to a browser that has it (If-None-Match), its
 * headers alone to a HEAD.
 */
export function sendKept(req: IncomingMessage, res: ServerResponse, entry: KeptFile): void {
  const etag = entry.headers.etag;
  const asked = req.headers['if-none-match'];
  if (etag && asked && asked.split(',').some((tag) => tag.trim() === etag || tag.trim() === '*')) {
    res.writeHead(304, withoutBodyHeaders(entry.headers));
    res.end();
    return;
  }
  res.writeHead(200, entry.headers);
  res.end(req.method === 'HEAD' ? undefined : entry.body);
}

/** A 304 carries no body, so it does not describe one. */
function withoutBodyHeaders(headers: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(headers).filter(
      ([name]) => name !== 'content-length' && name !== 'content-type',
    ),
  );
}
