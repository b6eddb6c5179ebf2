// The public remote's server build, as the shell's server renders pages with it: loaded through
// the Module Federation runtime from the remote's own address (the one in the shell's run-time
// config), and loaded again when the remote is redeployed, without restarting the shell.
const crypto = require('node:crypto');
const vm = require('node:vm');
const { createInstance } = require('@module-federation/runtime');

/** How often the remote's manifests are read to notice a new build. */
const POLL_MS = 2000;
/** The longest one manifest or stylesheet request may take. */
const FETCH_TIMEOUT_MS = 3000;

/**
 * @param {object} options
 * @param {() => string | undefined} options.entry the browser remoteEntry.js address, read
 *   at each check (the config may change)
 * @param {string} [options.internalUrl] where this server reaches the remote when that is not
 *   the browsers' address (inside a container network: http://public-mfe:4201)
 * @param {(render: Function, base: string) => Promise<unknown>} [options.warmUp] called with a
 *   newly loaded build's render before it is used
 * @param {boolean} [options.quietUntilLoaded] say nothing of a build not there yet until one
 *   has loaded (development, where the remote is still building when this server starts)
 * @param {(message: string) => void} [options.log]
 * @param {number} [options.pollMs]
 */
function createSsrRemote({
  entry,
  internalUrl,
  warmUp,
  quietUntilLoaded = false,
  log = console.log,
  pollMs = POLL_MS,
}) {
  /** @type {{ key: string, base: string, render: Function, css: (chunks?: string[]) => {href: string, css: string}[], globalName: string } | null} */
  let current = null;
  let loads = 0;
  let checking = null;
  let lastProblem = '';
  let timer;

  function problem(message) {
    if (quietUntilLoaded && loads === 0) return;
    if (message !== lastProblem) log(`[ssr] ${message}`);
    lastProblem = message;
  }

  async function fetchText(url) {
    const response = await fetch(url, {
      cache: 'no-store',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response.text();
  }

  /**
   * Reads both builds' manifests: their content (asset names carry content hashes) says which
   * build is deployed. A remote that cannot be reached is dropped, so pages are rendered in the
   * browser, which loads the remote from the same place.
   */
  async function check() {
    const remoteEntry = entry();
    if (!remoteEntry) return;
    const base = remoteEntry.replace(/[^/]*$/, '');
    const from = internalUrl ? `${internalUrl.replace(/\/$/, '')}/` : base;
    try {
      const [browserManifest, serverManifest, serverEntry] = await Promise.all([
        fetchText(`${from}mf-manifest.json`),
        fetchText(`${from}server/mf-manifest.json`),
        fetch(`${from}server/remoteEntry.js`, {
          method: 'HEAD',
          cache: 'no-store',
          signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
        }),
      ]);
      if (!serverEntry.ok) throw new Error(`server/remoteEntry.js answered ${serverEntry.status}`);
      // The server build's file name never changes: its ETag (or date) tells a new one, or,
      // from a server that gives neither (a development server), its content.
      const version =
        serverEntry.headers.get('etag') ??
        serverEntry.headers.get('last-modified') ??
        crypto
          .createHash('sha256')
          .update(await fetchText(`${from}server/remoteEntry.js`))
          .digest('hex');
      const key = crypto
        .createHash('sha256')
        .update(base)
        .update(browserManifest)
        .update(serverManifest)
        .update(version)
        .digest('hex')
        .slice(0, 16);
      if (current?.key === key) return;
      const loaded = await load(base, from, key, JSON.parse(browserManifest));
      const previous = current;
      current = loaded;
      if (previous) delete globalThis[previous.globalName];
      lastProblem = '';
      log(`[ssr] rendering with public_mfe ${loaded.version} (${key})`);
    } catch (error) {
      if (current) delete globalThis[current.globalName];
      current = null;
      problem(
        `public_mfe's server build is not available, pages are rendered in the browser: ${error.message}`,
      );
    }
  }

  /** `base` is the remote's address for browsers (its files' URLs), `from` this server's. */
  async function load(base, from, key, browserManifest) {
    const n = ++loads;
    // A new instance, remote address and global name for every build, so nothing of the
    // previous build's container is reused.
    const globalName = `public_mfe_ssr_${n}`;
    const federation = createInstance({
      name: `shell_ssr_${n}`,
      remotes: [
        {
          name: 'public_mfe',
          entry: `${from}server/remoteEntry.js?build=${key}`,
          entryGlobalName: globalName,
          type: 'commonjs-module',
        },
      ],
      plugins: [loadEntryOverHttp()],
    });
    const [ssr, version, css] = await Promise.all([
      federation.loadRemote('public_mfe/ssr'),
      federation.loadRemote('public_mfe/Version'),
      firstPaintCss(base, from, browserManifest),
    ]);
    if (typeof ssr?.render !== 'function') throw new Error('public_mfe/ssr has no render()');
    // One render beside the first visitors': a new build's first render is several times
    // slower than the next (its code is compiled as it first runs).
    void warmUp?.(ssr.render, base).catch(() => undefined);
    return { key, base, render: ssr.render, css, globalName, version: version?.version ?? '?' };
  }

  /**
   * The remote's stylesheets, to put in the page itself: the page is styled at its first
   * paint, without waiting for another origin. Gives a function from the named chunks a render
   * used (its page's) to the sheets that page needs: the entry's, then its chunks' (listed in
   * the build's chunk-styles.json), and not those of pages it does not show, which the
   * remote's code loads when the visitor goes there. A build without that list, or a chunk it
   * does not name, gets them all. Each sheet keeps the address the remote's code would load it
   * from (`href`): the page marks its copy with it, so the remote's code, as the page comes
   * alive, finds the stylesheet there and adds no second one (which, later in the page, would
   * change which rules win, and move things).
   */
  async function firstPaintCss(base, from, manifest) {
    const expose = manifest.exposes?.find((item) => item.name === 'Module');
    const entryFiles = expose?.assets?.css?.sync ?? [];
    const files = [...new Set([...entryFiles, ...(expose?.assets?.css?.async ?? [])])];
    const [texts, byChunk] = await Promise.all([
      Promise.all(files.map((file) => fetchText(`${from}${file}`))),
      fetchText(`${from}chunk-styles.json`).then(JSON.parse, () => null),
    ]);
    const sheets = new Map(
      files.map((file, i) => [
        file,
        {
          href: `${base}${file}`,
          css: texts[i]
            .replace(/\/\*# sourceMappingURL=.*?\*\//g, '')
            // Asset URLs in the stylesheets are relative to the remote, not to the page.
            .replace(/url\((['"]?)(?!data:|https?:|\/)([^'")]+)\1\)/g, `url($1${base}$2$1)`),
        },
      ]),
    );
    return (chunks = []) => {
      const known = byChunk && chunks.every((chunk) => Array.isArray(byChunk[chunk]));
      const wanted = known ? [...entryFiles, ...chunks.flatMap((chunk) => byChunk[chunk])] : files;
      return [...new Set(wanted)].map((file) => sheets.get(file)).filter(Boolean);
    };
  }

  /**
   * A runtime plugin that brings a remote's CommonJS container over HTTP and runs it in this
   * process, with this process's require for Node's own modules. (The runtime's default
   * loader imports `vm` and `path` dynamically, which a host running inside a VM context,
   * such as a test runner, cannot do.)
   */
  function loadEntryOverHttp() {
    return {
      name: 'vitrine-load-entry-over-http',
      async loadEntry({ remoteInfo }) {
        const code = await fetchText(remoteInfo.entry);
        const module = { exports: {} };
        const run = vm.runInThisContext(
          `(function (exports, module, require, __dirname, __filename) {${code}\n})`,
          { filename: remoteInfo.entry },
        );
        run(module.exports, module, require, __dirname, remoteInfo.entry);
        globalThis[remoteInfo.entryGlobalName] = module.exports;
        return module.exports;
      },
    };
  }

  return {
    /**
     * The deployed build's render and stylesheet, or null when there is none to use: also
     * while the config names another remote than the one loaded, until that one is.
     */
    current() {
      const remoteEntry = entry();
      if (current && remoteEntry?.replace(/[^/]*$/, '') === current.base) return current;
      if (current || remoteEntry) void this.check();
      return null;
    },
    /** Checks at once (and waits), e.g. at start. */
    check: () => (checking ??= check().finally(() => (checking = null))),
    start() {
      timer = setInterval(() => void this.check(), pollMs);
      timer.unref();
      return this.check();
    },
    stop() {
      clearInterval(timer);
    },
  };
}

module.exports = { createSsrRemote };
