import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';

/** The run-time configuration served next to the shell as /config.json. */
export interface ShellConfig {
  remotes: Record<RemoteName, string>;
  apiUrl?: string;
}

export type RemoteName = 'public_mfe' | 'admin_mfe';

export interface RemoteModule {
  default: ComponentType;
  /**
   * What the remote needs before its first render of this page (the public site: the words
   * of the page's language), awaited before the shell renders or hydrates it.
   */
  ready?: () => Promise<void>;
}

let config: Promise<ShellConfig> | undefined;

/**
 * The remotes' entries the page names (the shell's server writes them into every page): the
 * versions the page was rendered with, which its scripts must load too, even if the server
 * has moved on to another version since.
 */
function pageRemotes(): Partial<ShellConfig['remotes']> {
  const block = typeof document === 'undefined' ? null : document.getElementById('vitrine-remotes');
  if (!block?.textContent) return {};
  try {
    return JSON.parse(block.textContent) as Partial<ShellConfig['remotes']>;
  } catch {
    return {};
  }
}

/**
 * Reads /config.json once per page load, so a remote is re-pointed by editing that file
 * (or the env it is written from), never by rebuilding the shell; the page's own remotes,
 * when it names them, come first.
 */
export function loadShellConfig(fetchImpl: typeof fetch = fetch): Promise<ShellConfig> {
  config ??= fetchImpl('/config.json', { cache: 'no-cache' })
    .then((response) => {
      if (!response.ok) throw new Error(`config.json answered ${response.status}`);
      return response.json() as Promise<ShellConfig>;
    })
    .then((fetched) => ({ ...fetched, remotes: { ...fetched.remotes, ...pageRemotes() } }))
    .then((loaded) => {
      // The remotes' API client reads the browser-facing API address from here.
      (globalThis as { __VITRINE_CONFIG__?: ShellConfig }).__VITRINE_CONFIG__ = loaded;
      registerRemotes(
        Object.entries(loaded.remotes).map(([name, entry]) => ({ name, entry })),
        { force: true },
      );
      return loaded;
    })
    .catch((error: unknown) => {
      config = undefined; // let the next navigation try again
      throw error;
    });
  return config;
}

// The remotes' modules once loaded, so that an area can render one without suspending.
const loadedModules = new Map<RemoteName, RemoteModule>();

export async function loadRemoteModule(name: RemoteName): Promise<RemoteModule> {
  await loadShellConfig();
  const remote = await loadRemote<RemoteModule>(`${name}/Module`);
  if (!remote?.default) throw new Error(`${name} did not expose a component`);
  await remote.ready?.();
  loadedModules.set(name, remote);
  return remote;
}

/** The remote's module if it has loaded already, else undefined. */
export function loadedRemoteModule(name: RemoteName): RemoteModule | undefined {
  return loadedModules.get(name);
}

/** The remote a page belongs to, as the shell's routes have it: /admin/* is the admin's. */
export function remoteForPath(pathname: string): RemoteName {
  return pathname === '/admin' || pathname.startsWith('/admin/') ? 'admin_mfe' : 'public_mfe';
}

export interface RemoteVersion {
  name: string;
  version: string;
}

/** What build of a remote is deployed: its `./Version` module, loaded only when asked. */
export async function loadRemoteVersion(name: RemoteName): Promise<RemoteVersion> {
  await loadShellConfig();
  const version = await loadRemote<RemoteVersion>(`${name}/Version`);
  if (!version?.version) throw new Error(`${name} did not expose its version`);
  return version;
}
