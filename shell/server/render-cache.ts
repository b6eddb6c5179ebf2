// Server-rendered pages kept per address. The key holds the remote's build and the API's
// content version, so a redeploy or an administrator's save makes every older page unreachable
// at once; those entries then age out, the least recently used first, within a bound in bytes
// (a page with its compressed forms, as they are added).

import { LRUCache } from 'lru-cache';

/** How much memory the kept pages may take by default (`SHELL_RENDER_CACHE_MB`). */
export const MAX_BYTES = 64 * 1024 * 1024;

/** A page (its HTML, and its compressed forms as they are made) or a redirect. */
export interface RenderedEntry {
  key?: string;
  status: number;
  body?: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  location?: string;
}

/** A kept entry's weight: its bytes, with room for its key and status. */
const entryBytes = (entry: RenderedEntry) =>
  256 +
  (entry.key?.length ?? 0) +
  (entry.body?.length ?? 0) +
  (entry.br?.length ?? 0) +
  (entry.gzip?.length ?? 0) +
  (entry.location?.length ?? 0);

export type RenderCache = ReturnType<typeof createRenderCache>;

export function createRenderCache(maxBytes = MAX_BYTES) {
  const pages = new LRUCache<string, RenderedEntry>({
    maxSize: maxBytes,
    sizeCalculation: entryBytes,
  });
  return {
    get: (key: string) => pages.get(key),
    set(key: string, entry: RenderedEntry) {
      pages.set(key, entry);
    },
    /** Weighs a kept page again once it has gained a compressed form. */
    grown(entry: RenderedEntry) {
      if (!entry.key || pages.peek(entry.key) !== entry) return;
      pages.delete(entry.key);
      pages.set(entry.key, entry);
    },
    get bytes() {
      return pages.calculatedSize;
    },
  };
}
