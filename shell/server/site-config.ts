import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '@vitrine/static-server';

/** `…/remoteEntry.js` for a remote given by its folder or by its entry. */
const remoteEntry = (url: string) =>
  /\.(js|json)$/.test(url) ? url : `${url.replace(/\/$/, '')}/remoteEntry.js`;

/**
 * The shell's run-time configuration (`/config.json`): the built file's, with the remotes'
 * addresses from PUBLIC_MFE_URL and ADMIN_MFE_URL when given. The browser calls the API on
 * the shell's own origin (this server forwards /api to API_URL) unless PUBLIC_API_URL names
 * another address it can reach directly.
 */
export function siteConfig(dir: string, env: NodeJS.ProcessEnv = process.env): SiteConfig {
  const file = path.join(dir, 'config.json');
  const base = (
    fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { remotes: {} }
  ) as SiteConfig;
  const remotes = { ...base.remotes };
  if (env.PUBLIC_MFE_URL) remotes.public_mfe = remoteEntry(env.PUBLIC_MFE_URL);
  if (env.ADMIN_MFE_URL) remotes.admin_mfe = remoteEntry(env.ADMIN_MFE_URL);
  return { ...base, remotes, apiUrl: env.PUBLIC_API_URL ?? base.apiUrl ?? '' };
}
