// A remote's image publishes its own build when its server starts (main.ts --publish-from):
// the build is put in the releases folder as its version, the API records it, and the
// releases folder is pruned to the last N versions and those a pointer still needs.
import {
  pruneReleases,
  putVersion,
  register,
  signedInApi,
  versionOf,
  type ApiCall,
  type Moved,
} from './publish';

export interface StartPublishing {
  /** The image's build. */
  from: string;
  /** The remote's versions, one folder each (what the server serves). */
  releases: string;
  /** The remote's container name, as the API knows it (`public_mfe`). */
  remote?: string;
  commit: string;
  /** The environment whose pointer the build is for (DEPLOY_ENV). */
  environment: string;
  /** The API and an administrator's sign-in (DEPLOY_API_URL, VITRINE_USERNAME, VITRINE_PASSWORD). */
  api?: { url: string; username: string; password: string };
  keep: number;
  /** Versions kept whatever the pointers say (the shells' pins). */
  pinned?: string[];
  log: (line: string) => void;
  /** The API may still be starting beside this container: ask again, this often. */
  attempts?: number;
  retryDelayMs?: number;
}

export interface StartPublished {
  version: string;
  added: boolean;
  /** Where the pointer is, or null without the API. */
  pointer: Moved | null;
  removed: string[];
}

/**
 * Publishes the build and, told where the API is, records it there. The pointer moves only to
 * a version it never named, so a restart (the same build, published again) leaves a rollback
 * in place. Pruning needs the API, since only it knows which versions the pointers still need:
 * without it nothing is removed.
 */
export async function publishAtStart(options: StartPublishing): Promise<StartPublished> {
  const { from, releases, remote, environment, api, log } = options;
  const version = versionOf(from, options.commit);
  const added = putVersion(from, releases, version);
  log(`${added ? 'published' : 'already published'} ${version} in ${releases}`);
  if (!api || !remote) {
    log(
      'not pruned: without DEPLOY_API_URL, VITRINE_PASSWORD and --remote this server cannot ' +
        'learn which versions the pointers still name',
    );
    return { version, added, pointer: null, removed: [] };
  }

  const attempts = options.attempts ?? 12;
  let call: ApiCall;
  let pointer: Moved;
  for (let attempt = 1; ; attempt++) {
    try {
      call = await signedInApi(api.url, { username: api.username, password: api.password });
      pointer = await register(call, remote, version, environment, { onlyIfNew: true });
      break;
    } catch (error) {
      if (attempt >= attempts) throw error;
      await new Promise((resolve) => setTimeout(resolve, options.retryDelayMs ?? 5000));
    }
  }
  log(
    pointer.moved
      ? `${remote} ${version} is ${environment}'s version; the shells check it next`
      : `${remote} ${version} was published before: ${environment}'s pointer stays on ` +
          `${pointer.current} (a restart never moves it; promote the version to serve it)`,
  );
  const removed = await pruneReleases(call, remote, releases, {
    keep: options.keep,
    pinned: options.pinned,
  });
  if (removed.length) {
    log(
      `pruned ${removed.length} older version(s), keeping the last ${options.keep}: ${removed.join(', ')}`,
    );
  }
  return { version, added, pointer, removed };
}
