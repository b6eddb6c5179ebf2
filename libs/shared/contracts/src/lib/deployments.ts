/**
 * Deploying the remotes (issue 32): each build is published under a version of its own and
 * never overwritten; an environment's pointer names the version the shells serve.
 */

/** The remotes, by their Module Federation container names. */
export const REMOTE_NAMES = ['public_mfe', 'admin_mfe'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/** The environment a shell serves unless told another (DEPLOY_ENV). */
export const DEFAULT_ENVIRONMENT = 'production';
export const ENVIRONMENT_PATTERN = /^[a-z][a-z0-9-]{0,31}$/;

/** A version: the build's content hash, then its commit (`3f9a0c1b2d4e-e98d368`). */
export const VERSION_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;

/**
 * What the shells read: the version each remote's pointer names in one environment, and the
 * version a shell last reported serving there (null before any report). A shell just
 * started, whose checks refuse the version named, serves that one instead if it passes.
 */
export interface DeploymentPointers {
  environment: string;
  remotes: Record<RemoteName, string | null>;
  serving: Record<RemoteName, string | null>;
}
