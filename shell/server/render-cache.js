// Server-rendered pages kept per address. The key holds the remote's build and the API's
// content version, so a redeploy or an administrator's save makes every older page unreachable
// at once; those entries then age out, the least recently used first.

/** How many pages are kept: every public page of a studio's site, many times over. */
const MAX_ENTRIES = 2000;

function createRenderCache(maxEntries = MAX_ENTRIES) {
  const entries = new Map();
  return {
    get(key) {
      const entry = entries.get(key);
      if (entry) {
        entries.delete(key);
        entries.set(key, entry);
      }
      return entry;
    },
    set(key, entry) {
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > maxEntries) entries.delete(entries.keys().next().value);
      return entry;
    },
    get size() {
      return entries.size;
    },
  };
}

module.exports = { createRenderCache };
