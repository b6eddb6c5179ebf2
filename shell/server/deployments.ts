// Versioned deploys of the remotes (issue 32), as the shell meets them. Each remote's builds
// sit under versions of their own on its server (`/<version>/remoteEntry.js`), never
// overwritten; the API keeps, per environment, a pointer to the version to serve. The shell
// reads the pointers every few seconds; when one moves, it checks the new version in the
// background (its browser files load, its shared libraries fit the shell's, and for the
// public remote its server build renders a smoke set of pages with the live API) and switches
// only if every check passes. Otherwise it keeps serving the version it has, says why in one
// line, and lists the version as refused until the pointer names it again. A shell just
// started that refuses the version named serves the one the API last heard a shell serve.
// Pages name the version whose files they load, so the browser and the server never mix two.
import { REMOTE_NAMES, type DeploymentPointers, type RemoteName } from '@vitrine/contracts';
import { checkBrowserEntry, entryFiles, type Manifest, sharedMismatch } from './remote-checks';
import { smokeRenders } from './smoke';
import type { RenderResult, SsrBuild, SsrRemote } from './ssr-remote';
import { messageOf, oneLine } from './watch-errors';

/** How often the pointers are read. */
const POLL_MS = 2000;
/** The longest the smoke set of renders may take together. */
const SMOKE_BUDGET_MS = 10_000;
/** How many refused versions each remote remembers. */
const REFUSALS_KEPT = 20;
/** How long pages wait, at start, for the first reading of the pointers and its checks. */
const FIRST_POLL_WAIT_MS = 5000;

export interface RemoteAddress {
  /** Where browsers load the remote's versions from (its server's root, ending in /). */
  base: string;
  /** Where this server reaches it, when not at `base`. */
  internal?: string;
}

export interface Refusal {
  version: string;
  reason: string;
  at: string;
}

export interface RemoteState {
  /** The version served, or null before the first one passed its checks. */
  serving: string | null;
  servingSince: string | null;
  /** The version the pointer names, when it is not the one served. */
  pending: string | null;
  refused: Refusal[];
}

export interface DeploymentsOptions {
  api: string;
  environment: string;
  remotes: Record<RemoteName, RemoteAddress>;
  /** Versions pinned in the configuration, served whatever the pointers say. */
  pinned?: Partial<Record<RemoteName, string>>;
  /** The public remote's server builds: checked here, then served by it. */
  ssr: SsrRemote;
  shellManifest: () => Promise<Manifest | null>;
  /** The smoke set: renders a page with a candidate build, as the page handler would. */
  render: (build: SsrBuild, url: string) => Promise<RenderResult>;
  /**
   * The secret the API takes the shells' reports with (SHELL_TOKEN): each version served or
   * refused is reported, so the administrators see it and a rollback passes over a refused one.
   */
  shellToken?: string;
  log?: (message: string) => void;
  pollMs?: number;
  smokeBudgetMs?: number;
  firstPollWaitMs?: number;
}

export type Deployments = ReturnType<typeof createDeployments>;

export function createDeployments({
  api,
  environment,
  remotes,
  pinned = {},
  ssr,
  shellManifest,
  render,
  shellToken,
  log = console.log,
  pollMs = POLL_MS,
  smokeBudgetMs = SMOKE_BUDGET_MS,
  firstPollWaitMs = FIRST_POLL_WAIT_MS,
}: DeploymentsOptions) {
  const states = Object.fromEntries(
    REMOTE_NAMES.map((name) => [
      name,
      { serving: null, servingSince: null, pending: null, refused: [] } as RemoteState,
    ]),
  ) as Record<RemoteName, RemoteState>;
  const checking = new Set<string>();
  /** The versions each remote's last reading named (the pointer's, and a fallback's). */
  const named = Object.fromEntries(REMOTE_NAMES.map((name) => [name, new Set<string>()])) as Record<
    RemoteName,
    Set<string>
  >;
  let timer: NodeJS.Timeout | undefined;
  let polling: Promise<void> | null = null;
  let lastProblem = '';
  let firstPollDone = false;
  let firstPollEnded: () => void = () => undefined;
  const firstPoll = new Promise<void>((resolve) => (firstPollEnded = resolve));

  const versionBase = (name: RemoteName, version: string) => `${remotes[name].base}${version}/`;
  const fetchBase = (name: RemoteName, version: string) => {
    const internal = remotes[name].internal;
    return internal ? `${internal.replace(/\/$/, '')}/${version}/` : versionBase(name, version);
  };

  async function fetchOk(url: string): Promise<Response> {
    const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    return response;
  }
  const fetchText = async (url: string) => (await fetchOk(url)).text();

  /** Reads the pointers and checks each version that the shell does not serve yet. */
  async function poll(): Promise<void> {
    let pointers: DeploymentPointers;
    try {
      const response = await fetchOk(
        `${api}/api/deployments/pointers?environment=${encodeURIComponent(environment)}`,
      );
      pointers = (await response.json()) as DeploymentPointers;
      lastProblem = '';
    } catch (error) {
      const problem = `[deploy] the pointers cannot be read, serving what was served: ${(error as Error).message}`;
      if (problem !== lastProblem) log(problem);
      lastProblem = problem;
      return;
    }
    await Promise.all(REMOTE_NAMES.map((name) => follow(name, pointers)));
  }

  /**
   * Serves the version the pointer (or the pin) names once it passes its checks. A version
   * refused is checked again only when named again: the last reading named something else
   * (a pointer moved away and back between two readings, 2 s apart, looks as if it stayed).
   * While a remote serves nothing (the shell has just started) and the version named is
   * refused, the version the API last heard a shell serve is checked and served instead.
   */
  async function follow(name: RemoteName, pointers: DeploymentPointers): Promise<void> {
    const state = states[name];
    const wanted = pinned[name] ?? pointers.remotes[name];
    const before = named[name];
    const now = new Set<string>();
    const due = (version: string) =>
      version !== state.serving && (!isRefused(name, version) || !before.has(version));
    state.pending = wanted && wanted !== state.serving ? wanted : null;
    if (wanted) {
      now.add(wanted);
      if (due(wanted)) await check(name, wanted);
    }
    // (An API from before `serving` gives none.)
    const fallback = pointers.serving?.[name];
    if (!state.serving && wanted && isRefused(name, wanted) && fallback && fallback !== wanted) {
      now.add(fallback);
      if (due(fallback)) await check(name, fallback);
    }
    named[name] = now;
    state.pending = wanted && wanted !== state.serving ? wanted : null;
  }

  const isRefused = (name: RemoteName, version: string) =>
    states[name].refused.some((refusal) => refusal.version === version);

  /** Checks `version` of `name`, and serves it if every check passes. */
  async function check(name: RemoteName, version: string): Promise<void> {
    const id = `${name}@${version}`;
    if (checking.has(id)) return;
    checking.add(id);
    let build: SsrBuild | null = null;
    try {
      const from = fetchBase(name, version);
      const manifest = JSON.parse(await fetchText(`${from}mf-manifest.json`)) as Manifest;
      const mismatch = sharedMismatch((await shellManifest()) ?? {}, manifest);
      if (mismatch) throw new Error(`its shared libraries do not fit the shell's: ${mismatch}`);
      const files = entryFiles(manifest);
      if (!files.length) throw new Error('its manifest exposes no ./Module');
      // What a browser loads first, fetched here and proven to load (remote-checks.ts).
      const [entry, ...texts] = await Promise.all(
        ['remoteEntry.js', ...files].map((file) => fetchText(`${from}${file}`)),
      );
      await checkBrowserEntry(
        name,
        `${versionBase(name, version)}remoteEntry.js`,
        entry,
        Object.fromEntries(files.map((file, i) => [file, texts[i]])),
      );
      if (name === 'public_mfe') {
        build = await ssr.loadBuild(versionBase(name, version), from);
        await smokeRenders(build, { api, render, budgetMs: smokeBudgetMs });
      }
      serve(name, version, build);
    } catch (error) {
      if (build) ssr.discard(build);
      refuse(name, version, messageOf(error));
    } finally {
      checking.delete(id);
    }
  }

  /** Tells the API how a version's checks went (when this shell has the token to). */
  function report(
    name: RemoteName,
    version: string,
    outcome: 'served' | 'refused',
    reason?: string,
  ) {
    if (!shellToken) return;
    fetch(`${api}/api/deployments/${name}/reports`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Shell ${shellToken}` },
      body: JSON.stringify({ version, environment, outcome, reason: reason?.slice(0, 500) }),
      signal: AbortSignal.timeout(5000),
    })
      .then((response) => {
        if (!response.ok) throw new Error(`it answered ${response.status}`);
      })
      .catch((error: Error) =>
        log(`[deploy] the API did not take the report on ${name} ${version}: ${error.message}`),
      );
  }

  function serve(name: RemoteName, version: string, build: SsrBuild | null): void {
    const state = states[name];
    const before = state.serving;
    // The server build and the pages' remote address move together, in one turn.
    if (build) ssr.adopt(build);
    state.serving = version;
    state.servingSince = new Date().toISOString();
    state.pending = null;
    state.refused = state.refused.filter((refusal) => refusal.version !== version);
    log(`[deploy] ${name} serves ${version}${before ? ` (was ${before})` : ''}`);
    report(name, version, 'served');
  }

  function refuse(name: RemoteName, version: string, why: string): void {
    const state = states[name];
    const reason = oneLine(why);
    state.refused = [
      { version, reason, at: new Date().toISOString() },
      ...state.refused.filter((refusal) => refusal.version !== version),
    ].slice(0, REFUSALS_KEPT);
    log(
      `[deploy] ${name} ${version} refused, still serving ${state.serving ?? 'nothing'}: ${reason}`,
    );
    report(name, version, 'refused', reason);
  }

  const deployments = {
    /** The remotes' entries for the pages and /config.json: the versions served. */
    entries(): Partial<Record<RemoteName, string>> {
      const entries: Partial<Record<RemoteName, string>> = {};
      for (const name of REMOTE_NAMES) {
        const serving = states[name].serving;
        if (serving) entries[name] = `${versionBase(name, serving)}remoteEntry.js`;
      }
      return entries;
    },
    /** What each remote serves, what waits and what was refused. */
    state: () => ({ environment, remotes: states }),
    poll: (): Promise<void> =>
      (polling ??= poll().finally(() => {
        polling = null;
        firstPollDone = true;
        firstPollEnded();
      })),
    /**
     * Resolves once the first reading of the pointers (with its checks) is over, or after
     * `firstPollWaitMs` at most: a shell just started then answers with what it serves.
     */
    ready(): Promise<void> {
      if (firstPollDone) return Promise.resolve();
      let wait: NodeJS.Timeout | undefined;
      return Promise.race([
        firstPoll,
        new Promise<void>((resolve) => (wait = setTimeout(resolve, firstPollWaitMs))),
      ]).finally(() => clearTimeout(wait));
    },
    /** Reads the pointers now and every few seconds; resolves after the first reading. */
    start(): Promise<void> {
      timer = setInterval(() => void deployments.poll(), pollMs);
      timer.unref();
      return deployments.poll();
    },
    stop(): void {
      clearInterval(timer);
    },
  };
  return deployments;
}
