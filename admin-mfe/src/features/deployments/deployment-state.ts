import type { Schemas } from '@vitrine/api-client';
import type { RemoteName } from '@vitrine/contracts';

/** One remote in one environment, as GET /api/deployments gives it. */
export type RemoteDeployment = Schemas['RemoteDeploymentResponse'];
export type PointerMove = Schemas['PointerMoveResponse'];

/** The remotes as people call them. */
export const REMOTE_LABELS: Record<RemoteName, string> = {
  public_mfe: 'Public site',
  admin_mfe: 'Admin area',
};

/** What a move of the pointer did, as the history says it. */
export const MOVE_WORDS: Record<PointerMove['action'], string> = {
  publish: 'published',
  promote: 'promoted',
  rollback: 'rolled back',
};

/** Versions up to this long are shown whole. */
const SHOWN_WHOLE = 16;
const KEPT_EACH_END = 7;

/**
 * A version as a line has room for: `3f9a0c1b2d4e-e98d368` (content hash, then commit)
 * becomes `3f9a0c1…e98d368`, its start and its commit, which tell two builds apart.
 */
export function shortVersion(version: string): string {
  return version.length <= SHOWN_WHOLE
    ? version
    : `${version.slice(0, KEPT_EACH_END)}…${version.slice(-KEPT_EACH_END)}`;
}

/**
 * Where a remote's pointer stands against what the shells serve: nothing published yet; the
 * version named is the one served; the shells are still checking it; or they refused it
 * (since it was last named: a version named again after a refusal is checked again).
 */
export type PointerState = 'unpublished' | 'served' | 'checking' | 'refused';

export function pointerState(remote: RemoteDeployment): PointerState {
  const { current } = remote;
  if (!current) return 'unpublished';
  if (remote.serving?.version === current) return 'served';
  const refusal = remote.refused.find((report) => report.version === current);
  // Moves come newest first: the first naming the version is when it was last named.
  const named = remote.moves.find((move) => move.version === current);
  if (refusal && (!named || Date.parse(refusal.at) >= Date.parse(named.at))) return 'refused';
  return 'checking';
}

/** True while a shell has yet to switch to the version a pointer names. */
export const isChecking = (remote: RemoteDeployment) => pointerState(remote) === 'checking';
