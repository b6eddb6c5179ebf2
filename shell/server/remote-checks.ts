// What the shell checks of a remote's build before it serves it: its browser files load, and
// the libraries it shares as singletons (React, the router, TanStack Query) are versions that
// work with the shell's own. A build that fails either is refused like a broken one.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { satisfy } from '@module-federation/runtime';
import { afterRejectionsReported, messageOf, watchErrors } from './watch-errors';

/** The longest remoteEntry.js may run at load here (a loop that never ends is refused). */
const ENTRY_RUN_MS = 1000;

/** The parts of a Module Federation manifest (mf-manifest.json) the checks read. */
export interface Manifest {
  shared?: {
    name: string;
    version: string;
    requiredVersion?: string | false;
    singleton?: boolean;
  }[];
  exposes?: {
    name: string;
    assets?: {
      js?: { sync?: string[]; async?: string[] };
      css?: { sync?: string[]; async?: string[] };
    };
  }[];
}

/**
 * Why the remote's shared singletons cannot run with the shell's, or null when they can: each
 * library both share must be, in the version the other has, one the other accepts.
 */
export function sharedMismatch(shell: Manifest, remote: Manifest): string | null {
  const mine = new Map((shell.shared ?? []).map((entry) => [entry.name, entry]));
  for (const theirs of remote.shared ?? []) {
    const own = mine.get(theirs.name);
    if (!own || !(own.singleton || theirs.singleton)) continue;
    const theyAccept = !theirs.requiredVersion || satisfy(own.version, theirs.requiredVersion);
    const weAccept = !own.requiredVersion || satisfy(theirs.version, own.requiredVersion);
    if (!theyAccept || !weAccept) {
      return `it shares ${theirs.name} ${theirs.version} (wants ${theirs.requiredVersion || 'any'}), the shell has ${own.version} (wants ${own.requiredVersion || 'any'})`;
    }
  }
  return null;
}

/** The files the browser loads first for the remote's `./Module`: its scripts and styles. */
export function entryFiles(manifest: Manifest): string[] {
  const module = manifest.exposes?.find((expose) => expose.name === 'Module');
  if (!module) return [];
  return [...(module.assets?.js?.sync ?? []), ...(module.assets?.css?.sync ?? [])];
}

/**
 * Whether the browser can load the remote's entry and its `./Module` files, as far as Node can
 * tell without a browser. `url` is remoteEntry.js's address for browsers, `code` its text,
 * `files` the entry files' texts by name (entryFiles). Throws saying what is wrong.
 *
 * What it proves: every script parses (compiled with node:vm, not run, so a file cut short or
 * mangled is refused); remoteEntry.js's top level runs to its end in a fresh node:vm context
 * with the few browser globals webpack's and the federation runtime's code reads as it loads
 * (self, window and document.defaultView as the global, document.currentScript as the entry,
 * location, navigator, timers that never fire, and the shell's console; and the shell's
 * Module Federation runtime, which a production remote uses instead of its own), throwing nothing,
 * logging no error and leaving no promise rejected unhandled; and it defines the container the
 * shell asks for, `container`, with init() and get(). So a bad merge that throws at load, an
 * entry for another container or an empty one is refused.
 *
 * What it does not: call init() or get('./Module') (they load chunks over the network and
 * share React with the shell), render the component, or run anything a timer or an event
 * would; and the globals are stubs, not a DOM. The browser tests cover a real load. node:vm
 * is no security boundary: the remotes are our own builds, trusted as the public remote's
 * server build, which runs in this process, already is.
 */
export async function checkBrowserEntry(
  container: string,
  url: string,
  code: string,
  files: Record<string, string>,
): Promise<void> {
  for (const [file, text] of Object.entries(files)) {
    if (file.endsWith('.js')) compile(text, file);
  }
  const script = compile(code, 'remoteEntry.js');
  const sandbox = vm.createContext(browserGlobals(url), { microtaskMode: 'afterEvaluate' });
  const watch = watchErrors();
  try {
    watch.run(() => {
      vm.runInContext(
        'var self = this, window = this; document.defaultView = this;' +
          'this.queueMicrotask = function (task) { Promise.resolve().then(task); };',
        sandbox,
      );
      // A production remote has no Module Federation runtime of its own: it uses the one the
      // shell's page provides (experiments.externalRuntime), as it does here.
      sandbox._FEDERATION_RUNTIME_CORE = loadInto(sandbox, '@module-federation/runtime-core');
      script.runInContext(sandbox, { timeout: ENTRY_RUN_MS });
    });
    await afterRejectionsReported();
  } catch (error) {
    throw new Error(`its remoteEntry.js throws as it loads: ${messageOf(error)}`);
  } finally {
    watch.close();
  }
  if (watch.errors.length) throw new Error(`its remoteEntry.js ${watch.errors[0]}`);
  const defined = (sandbox as Record<string, { init?: unknown; get?: unknown } | undefined>)[
    container
  ];
  if (typeof defined?.init !== 'function' || typeof defined?.get !== 'function') {
    throw new Error(`its remoteEntry.js defines no container ${container} with init() and get()`);
  }
}

/** Node's own require (the shell's server bundle has webpack's). */
const nodeRequire = createRequire(__filename);

/**
 * The package `name`'s CommonJS build, evaluated inside `sandbox` as a browser would run it
 * (its globals the sandbox's), with the @module-federation packages it requires the same way;
 * anything else it requires (Node's path and fs, for its Node-only helpers) is Node's.
 */
function loadInto(sandbox: vm.Context, name: string): unknown {
  const loaded = new Map<string, { exports: unknown }>();
  const load = (file: string): unknown => {
    const known = loaded.get(file);
    if (known) return known.exports;
    const module = { exports: {} };
    loaded.set(file, module);
    const wrapper = vm.runInContext(
      `(function (exports, require, module) {${fs.readFileSync(file, 'utf8')}\n})`,
      sandbox,
      { filename: file },
    ) as (exports: unknown, require: (request: string) => unknown, module: unknown) => void;
    const requireFrom = (request: string) =>
      request.startsWith('.') || request.startsWith('@module-federation/')
        ? load(nodeRequire.resolve(request, { paths: [path.dirname(file)] }))
        : nodeRequire(request);
    wrapper(module.exports, requireFrom, module);
    return module.exports;
  };
  return load(nodeRequire.resolve(name));
}

function compile(code: string, file: string): vm.Script {
  try {
    return new vm.Script(code, { filename: file });
  } catch (error) {
    throw new Error(`its ${file} does not compile: ${messageOf(error)}`);
  }
}

/** What webpack's and the federation runtime's code reads of a browser as remoteEntry.js loads. */
function browserGlobals(url: string): Record<string, unknown> {
  const element = () => ({
    setAttribute: () => undefined,
    getAttribute: () => null,
    appendChild: () => undefined,
    addEventListener: () => undefined,
    style: {},
  });
  const never = () => 0;
  return {
    console,
    document: {
      currentScript: { ...element(), tagName: 'SCRIPT', src: url },
      baseURI: url,
      head: element(),
      body: element(),
      createElement: element,
      getElementsByTagName: () => [],
      querySelector: () => null,
      querySelectorAll: () => [],
      addEventListener: () => undefined,
    },
    location: new URL(url),
    navigator: { userAgent: 'vitrine-shell-check' },
    setTimeout: never,
    clearTimeout: never,
    setInterval: never,
    clearInterval: never,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
  };
}
