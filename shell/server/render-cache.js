// Server-rendered pages kept per address. The key holds the remote's build and the API's
// content version, so a redeploy or an administrator's save makes every older page unreachable
// at once; those entries then age out, the least recently used first, within a bound in bytes
// (a page with its compressed forms, as they are added).

const { LRUCache } = require('lru-cache');

/** How much memory the kept pages may take by default (`SHELL_RENDER_CACHE_MB`). */
const MAX_BYTES = 64 * 1024 * 1024;

/** A kept page (its HTML and compressed forms) or redirect, with room for its key and status. */
const entryBytes = (entry) =>
  256 +
  (entry.key?.length ?? 0) +
  (entry.body?.length ?? 0) +
  (entry.br?.length ?? 0) +
  (entry.gzip?.length ?? 0) +
  (entry.location?.length ?? 0);

function createRenderCache(maxBytes = MAX_BYTES) {
  const pages = new LRUCache({ maxSize: maxBytes, sizeCalculation: entryBytes });
  return {
    get: (key) => pages.get(key),
    set(key, entry) {
      pages.set(key, entry);
    },
    /** Weighs a kept page again once it has gained a compressed form. */
    grown(entry) {
      if (pages.peek(entry.key) !== entry) return;
      pages.delete(entry.key);
      pages.set(entry.key, entry);
    },
    get bytes() {
      return pages.calculatedSize;
    },
  };
}

module.exports = { createRenderCache, MAX_BYTES };
