import fs from 'node:fs';
import path from 'node:path';
import type { SiteConfig } from '@vitrine/static-server';
import type { ServerConfig } from './config';

/** `…/remoteEntry.js` for a remote given by its folder or by its entry. */
const remoteEntry = (url: string) =>
  /\.(js|json)$/.test(url) ? url : `${url.replace(/\/$/, '')}/remoteEntry.js`;

/**
 * The shell's run-time configuration (`/config.json`): the built file's, with the remotes'
 * addresses from PUBLIC_MFE_URL and ADMIN_MFE_URL when given. The browser calls the API on
 * the shell's own origin (this server forwards /api to API_URL) unless PUBLIC_API_URL names
 * another address it can reach directly. The settings are config.ts's, read and checked there.
 */
export function siteConfig(
  dir: string,
  settings: Pick<ServerConfig, 'publicMfeUrl' | 'adminMfeUrl' | 'publicApiUrl'> = {},
): SiteConfig {
  const file = path.join(dir, 'config.json');
  const base = (
    fs.existsSync(file) ? JSON.parse(fs.readFileSync(file, 'utf8')) : { remotes: {} }
  ) as SiteConfig;
  const remotes = { ...base.remotes };
  if (settings.publicMfeUrl) remotes.public_mfe = remoteEntry(settings.publicMfeUrl);
  if (settings.adminMfeUrl) remotes.admin_mfe = remoteEntry(settings.adminMfeUrl);
  return { ...base, remotes, apiUrl: settings.publicApiUrl ?? base.apiUrl ?? '' };
}
