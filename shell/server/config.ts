// Every setting of the shell's server, read and checked in one place (as the API's
// config/env.validation.ts does): a wrong value stops the start with one line naming it.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ENVIRONMENT_PATTERN, VERSION_PATTERN } from '@vitrine/contracts';

export interface ServerConfig {
  /** The shell's build (`--dir`, SHELL_DIR; dist/shell). */
  dir: string;
  port: number;
  host: string;
  /** Where /api and /uploads are forwarded, and pages rendered from (`--api`, API_URL). */
  api: string;
  /** The site's public address (SITE_URL): required in production. */
  siteUrl: string;
  /** Proxies in front of this server that may name the client (TRUST_PROXY, default 0). */
  trustProxy: number;
  /** NODE_ENV=production: no development relaxation of the pages' policy, SITE_URL required. */
  production: boolean;
  /** Where browsers load each remote from: its folder or entry (PUBLIC_MFE_URL, ADMIN_MFE_URL). */
  publicMfeUrl?: string;
  adminMfeUrl?: string;
  /** The API's address for browsers, when not this server (PUBLIC_API_URL). */
  publicApiUrl?: string;
  /** Where this server reaches public-mfe when not at PUBLIC_MFE_URL. */
  publicMfeInternalUrl?: string;
  /** Where this server reaches admin-mfe when not at ADMIN_MFE_URL (its versions' checks). */
  adminMfeInternalUrl?: string;
  /** In development: the shell's webpack dev server (`--dev-assets`). */
  devAssets?: string;
  /** SHELL_UPLOADS_CACHE_MB, in bytes (0: forward every /uploads request). */
  uploadsCacheBytes?: number;
  /** SHELL_RENDER_CACHE_MB, in bytes. */
  renderCacheBytes?: number;
  /**
   * Versioned deploys (DEPLOY_ENV): the environment whose pointers say which version of each
   * remote to serve; unset, the remotes are served as they are at their addresses.
   */
  environment?: string;
  /** Versions pinned whatever the pointers say (PUBLIC_MFE_VERSION, ADMIN_MFE_VERSION). */
  pinned: { public_mfe?: string; admin_mfe?: string };
  /** The secret this shell reports the versions it serves and refuses with (SHELL_TOKEN). */
  shellToken?: string;
}

export class ConfigError extends Error {}

const isHttpUrl = (value: string) => /^https?:\/\/[^\s/]+(\/\S*)?$/.test(value);

/** Reads the command line and the environment; throws ConfigError naming what is wrong. */
export function readConfig(argv: string[], env: NodeJS.ProcessEnv): ServerConfig {
  const { values: args } = parseArgs({
    args: argv,
    options: {
      dir: { type: 'string' },
      port: { type: 'string' },
      host: { type: 'string' },
      api: { type: 'string' },
      'dev-assets': { type: 'string' },
    },
  });
  const problems: string[] = [];
  const url = (name: string, value: string | undefined): string | undefined => {
    if (value === undefined || value === '') return undefined;
    if (!isHttpUrl(value)) problems.push(`${name} must be an http(s) URL, not "${value}"`);
    return value.replace(/\/$/, '');
  };
  const wholeNumber = (name: string, value: string | undefined, max = Infinity) => {
    if (value === undefined || value === '') return undefined;
    const number = Number(value);
    if (!Number.isInteger(number) || number < 0 || number > max) {
      const range = max === Infinity ? '0 or more' : `from 0 to ${max}`;
      problems.push(`${name} must be a whole number ${range}, not "${value}"`);
    }
    return number;
  };
  const matching = (name: string, pattern: RegExp, what: string) => {
    const value = env[name];
    if (value === undefined || value === '') return undefined;
    if (!pattern.test(value)) problems.push(`${name} must be ${what}, not "${value}"`);
    return value;
  };
  const megabytes = (name: string) => {
    const value = wholeNumber(name, env[name]);
    return value === undefined ? undefined : value * 1024 * 1024;
  };

  const port = wholeNumber('the port (--port, PORT)', args.port ?? env.PORT, 65535) ?? 4200;
  const production = env.NODE_ENV === 'production';
  const siteUrl = url('SITE_URL', env.SITE_URL);
  if (production && !siteUrl) {
    problems.push(
      "SITE_URL is required in production: the site's public address, such as https://vitrine.example",
    );
  }
  const config: ServerConfig = {
    dir: path.resolve(args.dir || env.SHELL_DIR || 'dist/shell'),
    port,
    host: args.host || env.HOST || '127.0.0.1',
    api: url('the API (--api, API_URL)', args.api ?? env.API_URL) ?? 'http://127.0.0.1:3000',
    siteUrl: siteUrl ?? `http://localhost:${port}`,
    trustProxy: wholeNumber('TRUST_PROXY', env.TRUST_PROXY) ?? 0,
    production,
    publicMfeInternalUrl: url('PUBLIC_MFE_INTERNAL_URL', env.PUBLIC_MFE_INTERNAL_URL),
    adminMfeInternalUrl: url('ADMIN_MFE_INTERNAL_URL', env.ADMIN_MFE_INTERNAL_URL),
    devAssets: url('--dev-assets', args['dev-assets']),
    uploadsCacheBytes: megabytes('SHELL_UPLOADS_CACHE_MB'),
    renderCacheBytes: megabytes('SHELL_RENDER_CACHE_MB'),
    environment: matching('DEPLOY_ENV', ENVIRONMENT_PATTERN, 'an environment such as production'),
    pinned: {
      public_mfe: matching('PUBLIC_MFE_VERSION', VERSION_PATTERN, 'a published version'),
      admin_mfe: matching('ADMIN_MFE_VERSION', VERSION_PATTERN, 'a published version'),
    },
    shellToken: matching('SHELL_TOKEN', /^.{32,}$/, 'at least 32 characters'),
    publicMfeUrl: url('PUBLIC_MFE_URL', env.PUBLIC_MFE_URL),
    adminMfeUrl: url('ADMIN_MFE_URL', env.ADMIN_MFE_URL),
    publicApiUrl: url('PUBLIC_API_URL', env.PUBLIC_API_URL),
  };
  if (problems.length) throw new ConfigError(problems.join('; '));
  return config;
}
