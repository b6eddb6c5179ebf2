// Publishing a remote's build as a version (issue 32): the build goes under a folder named by
// its content hash and commit, which is never written again, and the API moves an
// environment's pointer to it. `npm run deploy:publish` (tools/deploy.js) and the remotes'
// image at its start (main.ts --publish-from, publish-at-start.ts) both publish and prune
// through here.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export class PublishError extends Error {}

/** How many versions a remote's releases folder keeps, unless told otherwise. */
export const DEFAULT_KEEP = 10;
const MOST_KEPT = 1000;

/**
 * The number of versions to keep, from `--keep` (or KEEP_VERSIONS): a whole number from 1 on.
 * Anything else is refused, as `--keep abc` once pruned every version but two.
 */
export function parseKeep(value: string | undefined, name = '--keep'): number {
  if (value === undefined) return DEFAULT_KEEP;
  const keep = /^\d+$/.test(value.trim()) ? Number(value) : NaN;
  if (!(keep >= 1 && keep <= MOST_KEPT)) {
    throw new PublishError(
      `${name} must be a whole number of versions to keep, from 1 to ${MOST_KEPT} (not "${value}")`,
    );
  }
  return keep;
}

/** Every file of a build, relative to it, in a stable order. */
function filesOf(dir: string): string[] {
  const files: string[] = [];
  const walk = (folder: string) => {
    for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (entry.isFile()) files.push(path.relative(dir, file).split(path.sep).join('/'));
    }
  };
  walk(dir);
  return files.sort();
}

/** The build's content hash: the same files with the same bytes give the same hash. */
export function contentHash(dir: string): string {
  const hash = crypto.createHash('sha256');
  for (const file of filesOf(dir)) {
    hash.update(`${file}\0`);
    hash.update(fs.readFileSync(path.join(dir, file)));
    hash.update('\0');
  }
  return hash.digest('hex').slice(0, 12);
}

/** A build's version: its content hash, then its commit (`3f9a0c1b2d4e-e98d368`). */
export function versionOf(dir: string, commit: string): string {
  const safeCommit =
    commit
      .toLowerCase()
      .replace(/[^a-z0-9._-]/g, '')
      .slice(0, 40) || 'unknown';
  return `${contentHash(dir)}-${safeCommit}`;
}

/**
 * Copies the build in `from` to `releases/<version>`, whole or not at all, unless that version
 * is there already; a version is never written over. Tells whether it was added.
 */
export function putVersion(from: string, releases: string, version: string): boolean {
  if (!fs.existsSync(path.join(from, 'remoteEntry.js'))) {
    throw new PublishError(`${from} holds no built remote (no remoteEntry.js)`);
  }
  const target = path.join(releases, version);
  if (fs.existsSync(target)) {
    if (contentHash(target) !== version.split('-')[0]) {
      throw new PublishError(`${target} holds other files: a published version is never replaced`);
    }
    return false;
  }
  fs.mkdirSync(releases, { recursive: true });
  const incoming = fs.mkdtempSync(path.join(releases, '.incoming-'));
  try {
    fs.cpSync(from, incoming, { recursive: true });
    fs.renameSync(incoming, target);
  } catch (error) {
    fs.rmSync(incoming, { recursive: true, force: true });
    throw error;
  }
  return true;
}

/** A releases folder's versions, newest first (by when each was put in place). */
function versionsByAge(releases: string): string[] {
  if (!fs.existsSync(releases)) return [];
  return fs
    .readdirSync(releases, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .map((entry) => ({
      name: entry.name,
      at: fs.statSync(path.join(releases, entry.name)).mtimeMs,
    }))
    .sort((a, b) => b.at - a.at || a.name.localeCompare(b.name))
    .map(({ name }) => name);
}

/** Removes all but the newest `keep` versions, never one of `kept`; gives those removed. */
export function prune(releases: string, keep: number, kept: Set<string | null>): string[] {
  const removed: string[] = [];
  for (const name of versionsByAge(releases).slice(keep)) {
    if (kept.has(name)) continue;
    fs.rmSync(path.join(releases, name), { recursive: true, force: true });
    removed.push(name);
  }
  return removed;
}

export type ApiCall = <T>(method: string, url: string, body?: unknown) => Promise<T>;

/** The API as an administrator, signed in once: `call(method, path, body)`. */
export async function signedInApi(
  api: string,
  credentials: { username: string; password: string },
): Promise<ApiCall> {
  const request = async <T>(method: string, url: string, body?: unknown, token?: string) => {
    let response: Response;
    try {
      response = await fetch(`${api}${url}`, {
        method,
        headers: {
          'Content-Type': 'application/json',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    } catch (error) {
      const reason = (error as { cause?: { code?: string } }).cause?.code ?? String(error);
      throw new PublishError(`The API at ${api} cannot be reached (${reason})`);
    }
    const answer = (await response.json().catch(() => ({}))) as T & { message?: string };
    if (!response.ok) {
      throw new PublishError(
        `${method} ${url} answered ${response.status}: ${answer.message ?? ''}`,
      );
    }
    return answer as T;
  };
  const { token } = await request<{ token: string }>('POST', '/api/user/login', {
    UserName: credentials.username,
    Password: credentials.password,
  });
  return (method, url, body) => request(method, url, body, token);
}

export interface Moved {
  current: string;
  previous: string | null;
  /** False when a publish with onlyIfNew left the pointer where it was. */
  moved: boolean;
}

/**
 * Publishes `version` of `remote` to the API and points `environment` at it; with
 * `onlyIfNew`, only if that pointer never named it (a restart must not undo a rollback).
 */
export function register(
  call: ApiCall,
  remote: string,
  version: string,
  environment: string,
  { onlyIfNew = false }: { onlyIfNew?: boolean } = {},
): Promise<Moved> {
  return call<Moved>('POST', `/api/deployments/${remote}/versions`, {
    version,
    environment,
    ...(onlyIfNew ? { onlyIfNew } : {}),
  });
}

/**
 * Keeps the newest `keep` versions of the releases folder, and of the older ones those the
 * API says a pointer still needs (any environment's current one, where its rollback goes, what
 * its shells serve) and those `pinned` here; removes the rest, and gives them.
 */
export async function pruneReleases(
  call: ApiCall,
  remote: string,
  releases: string,
  { keep, pinned = [] }: { keep: number; pinned?: string[] },
): Promise<string[]> {
  const candidates = versionsByAge(releases)
    .slice(keep)
    .filter((name) => !pinned.includes(name));
  if (!candidates.length) return [];
  const { removed } = await call<{ removed: string[] }>(
    'POST',
    `/api/deployments/${remote}/prune`,
    { candidates },
  );
  // Only what was asked about: the answer never widens what this folder loses.
  const gone = removed.filter((name) => candidates.includes(name));
  for (const name of gone) fs.rmSync(path.join(releases, name), { recursive: true, force: true });
  return gone;
}
