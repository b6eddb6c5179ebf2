// The public remote's server build, as the shell's server renders pages with it: loaded through
// the Module Federation runtime from the remote's own address (the one in the shell's run-time
// config), and loaded again when the remote is redeployed, without restarting the shell.
import crypto from 'node:crypto';
import { createRequire } from 'node:module';
import vm from 'node:vm';
import { createInstance } from '@module-federation/runtime';
import type {
  ModuleFederationRuntimePlugin,
  RemoteEntryExports,
} from '@module-federation/runtime/types';
import type { SsrModule, SsrRenderOptions, SsrRenderResult } from '@vitrine/contracts';
import type { Stylesheet } from './page';
import { type Manifest, sharedMismatch } from './remote-checks';

/** How often the remote's manifests are read to notice a new build. */
const POLL_MS = 2000;
/** The longest one manifest or stylesheet request may take. */
const FETCH_TIMEOUT_MS = 3000;
/** Node's own require, for the remote's container (which needs Node's modules alone). */
const nodeRequire = createRequire(__filename);

/** What the shell gives `public_mfe/ssr`'s render(), and what it answers (@vitrine/contracts). */
export type RenderOptions = SsrRenderOptions;
export type RenderResult = SsrRenderResult;

export type Render = (url: string, options: RenderOptions) => Promise<RenderResult>;

/** A loaded server build. */
export interface SsrBuild {
  key: string;
  /** The remote's address for browsers (ending in /): its files' URLs. */
  base: string;
  render: Render;
  /** The stylesheets a page made of these named chunks needs for its first paint. */
  css: (chunks?: string[]) => Stylesheet[];
  globalName: string;
  version: string;
}

export interface SsrRemoteOptions {
  /** The browser remoteEntry.js address, read at each check (the config may change). */
  entry: () => string | undefined;
  /** Where this server reaches the remote when not at the browsers' address. */
  internalUrl?: string;
  /** Called with a newly loaded build's render before it is used. */
  warmUp?: (render: Render, base: string) => Promise<unknown>;
  /**
   * Say nothing of a build not there yet until one has loaded (development, where the
   * remote is still building when this server starts).
   */
  quietUntilLoaded?: boolean;
  log?: (message: string) => void;
  pollMs?: number;
  /**
   * The shell's own manifest, for the shared-libraries check (remote-checks.ts): a build
   * whose React (or router, or TanStack Query) the shell's cannot run with is refused.
   */
  shellManifest?: () => Promise<Manifest | null>;
  /**
   * Managed (versioned deploys, deployments.ts): this module only loads the builds it is
   * given and serves the one adopted; it watches nothing itself.
   */
  managed?: boolean;
}

export type SsrRemote = ReturnType<typeof createSsrRemote>;

export function createSsrRemote({
  entry,
  internalUrl,
  warmUp,
  quietUntilLoaded = false,
  log = console.log,
  pollMs = POLL_MS,
  shellManifest = async () => null,
  managed = false,
}: SsrRemoteOptions) {
  let current: SsrBuild | null = null;
  let loads = 0;
  let checking: Promise<void> | null = null;
  let lastProblem = '';
  let timer: NodeJS.Timeout | undefined;
  const globals = globalThis as Record<string, unknown>;

  function problem(message: string) {
    if (quietUntilLoaded && loads === 0) return;
    if (message !== lastProblem) log(`[ssr] ${message}`);
    lastProblem = message;
  }

  async function fetchText(url: string): Promise<string> {
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
  async function check(): Promise<void> {
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
      // from a server that gives neither, its content.
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
      const loaded = await load(base, from, key, JSON.parse(browserManifest) as Manifest);
      adopt(loaded);
    } catch (error) {
      if (current) delete globals[current.globalName];
      current = null;
      problem(
        `public_mfe's server build is not available, pages are rendered in the browser: ${(error as Error).message}`,
      );
    }
  }

  /** Serves `build` from now on, letting the one before go. */
  function adopt(build: SsrBuild): void {
    const previous = current;
    current = build;
    if (previous && previous !== build) delete globals[previous.globalName];
    lastProblem = '';
    log(`[ssr] rendering with public_mfe ${build.version} (${build.key})`);
  }

  /**
   * Loads a server build. `base` is the remote's address for browsers (its files' URLs),
   * `from` this server's; a build whose shared libraries do not fit the shell's is refused.
   */
  async function load(
    base: string,
    from: string,
    key: string,
    browserManifest: Manifest,
  ): Promise<SsrBuild> {
    const mismatch = sharedMismatch((await shellManifest()) ?? {}, browserManifest);
    if (mismatch) throw new Error(`its shared libraries do not fit the shell's: ${mismatch}`);
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
      federation.loadRemote<Partial<SsrModule>>('public_mfe/ssr'),
      federation.loadRemote<{ version?: string }>('public_mfe/Version'),
      firstPaintCss(base, from, browserManifest),
    ]);
    const render = ssr?.render;
    if (typeof render !== 'function') throw new Error('public_mfe/ssr has no render()');
    // One render beside the first visitors': a new build's first render is several times
    // slower than the next (its code is compiled as it first runs).
    void warmUp?.(render, base).catch(() => undefined);
    return { key, base, render, css, globalName, version: version?.version ?? '?' };
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
  async function firstPaintCss(base: string, from: string, manifest: Manifest) {
    const expose = manifest.exposes?.find((item) => item.name === 'Module');
    const entryFiles = expose?.assets?.css?.sync ?? [];
    const files = [...new Set([...entryFiles, ...(expose?.assets?.css?.async ?? [])])];
    const [texts, byChunk] = await Promise.all([
      Promise.all(files.map((file) => fetchText(`${from}${file}`))),
      fetchText(`${from}chunk-styles.json`).then(
        (text) => JSON.parse(text) as Record<string, string[]>,
        () => null,
      ),
    ]);
    const sheets = new Map<string, Stylesheet>(
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
    return (chunks: string[] = []): Stylesheet[] => {
      const known = byChunk && chunks.every((chunk) => Array.isArray(byChunk[chunk]));
      const wanted = known ? [...entryFiles, ...chunks.flatMap((chunk) => byChunk[chunk])] : files;
      return [...new Set(wanted)].flatMap((file) => sheets.get(file) ?? []);
    };
  }

  /**
   * A runtime plugin that brings a remote's CommonJS container over HTTP and runs it in this
   * process, with Node's require for Node's own modules. (The runtime's default loader imports
   * `vm` and `path` dynamically, which a host running inside a VM context, such as a test
   * runner, cannot do.)
   */
  function loadEntryOverHttp(): ModuleFederationRuntimePlugin {
    return {
      name: 'vitrine-load-entry-over-http',
      async loadEntry({ remoteInfo }) {
        const code = await fetchText(remoteInfo.entry);
        const container = { exports: {} as RemoteEntryExports };
        const run = vm.runInThisContext(
          `(function (exports, module, require, __dirname, __filename) {${code}\n})`,
          { filename: remoteInfo.entry },
        ) as (...args: unknown[]) => void;
        run(container.exports, container, nodeRequire, __dirname, remoteInfo.entry);
        globals[remoteInfo.entryGlobalName] = container.exports;
        return container.exports;
      },
    };
  }

  const remote = {
    /**
     * The deployed build's render and stylesheet, or null when there is none to use: also
     * while the config names another remote than the one loaded, until that one is.
     */
    current(): SsrBuild | null {
      const remoteEntry = entry();
      if (current && remoteEntry?.replace(/[^/]*$/, '') === current.base) return current;
      if (current || remoteEntry) void remote.check();
      return null;
    },
    /** Checks at once (and waits), e.g. at start; managed, there is nothing to check. */
    check: (): Promise<void> =>
      managed ? Promise.resolve() : (checking ??= check().finally(() => (checking = null))),
    /**
     * Loads the server build at `base` (the remote's address for browsers, ending in /) without
     * serving it: managed deploys check it first, then `adopt` it. Its key is its address,
     * which a versioned build never shares with another.
     */
    async loadBuild(base: string, from = base): Promise<SsrBuild> {
      const manifest = JSON.parse(await fetchText(`${from}mf-manifest.json`)) as Manifest;
      const key = crypto.createHash('sha256').update(base).digest('hex').slice(0, 16);
      return load(base, from, key, manifest);
    },
    adopt,
    /** Lets a build loaded but never adopted (refused) go. */
    discard(build: SsrBuild): void {
      if (build !== current) delete globals[build.globalName];
    },
    start(): Promise<void> {
      if (managed) return Promise.resolve();
      timer = setInterval(() => void remote.check(), pollMs);
      timer.unref();
      return remote.check();
    },
    stop(): void {
      clearInterval(timer);
    },
  };
  return remote;
}
