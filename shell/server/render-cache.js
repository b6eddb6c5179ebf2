// Server-rendered pages kept per address. The key holds the remote's build and the API's
// content version, so a redeploy or an administrator's save makes every older page unreachable
// at once; those entries then age out, the least recently used first.

const { createLru } = require('./lru');

/** How many pages are kept: every public page of a studio's site, many times over. */
const MAX_ENTRIES = 2000;

function createRenderCache(maxEntries = MAX_ENTRIES) {
  return createLru({ maxWeight: maxEntries });
}

module.exports = { createRenderCache };
