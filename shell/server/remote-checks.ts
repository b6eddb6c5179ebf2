// What the shell checks of a remote's build before it serves it: its browser files are there,
// and the libraries it shares as singletons (React, the router, TanStack Query) are versions
// that work with the shell's own. A build that fails either is refused like a broken one.
import { satisfy } from '@module-federation/runtime';

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
