import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';

/** The site's run-time configuration (`/config.json`): where the remotes and the API are. */
export interface SiteConfig {
  remotes?: Record<string, string>;
  apiUrl?: string;
}

/** Origins of the URLs in the site's config (remotes, API), for its CSP. */
export function configOrigins(config: SiteConfig | undefined): string[] {
  if (!config) return [];
  const urls = [...Object.values(config.remotes ?? {}), config.apiUrl].filter(
    (url): url is string => Boolean(url),
  );
  const origins = urls.flatMap((url) => {
    try {
      return [new URL(url).origin];
    } catch {
      return [];
    }
  });
  return [...new Set(origins)];
}

export interface SecurityOptions {
  /**
   * Development's one relaxation (see the shell's server): the webpack dev servers'
   * live-reload WebSockets, which production never names.
   */
  liveReloadSockets?: string[];
}

/**
 * Headers every answer carries. Scripts only from this server and the configured remotes
 * (no inline script, no eval); nothing may frame the site; HSTS once behind TLS.
 */
export function securityHeaders(
  req: IncomingMessage,
  extraOrigins: string[],
  { liveReloadSockets = [] }: SecurityOptions = {},
): Record<string, string> {
  const origins = extraOrigins.join(' ');
  const csp = [
    "default-src 'self'",
    `script-src 'self' ${origins}`,
    // React sets style attributes; the remotes' stylesheets are files on their origins.
    `style-src 'self' 'unsafe-inline' ${origins}`,
    `img-src 'self' data: blob: https: ${origins}`,
    `media-src 'self' https: ${origins}`,
    `font-src 'self' data: ${origins}`,
    `connect-src 'self' ${origins} ${liveReloadSockets.join(' ')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ]
    .map((directive) => directive.replace(/ +/g, ' ').trim())
    .join('; ');
  const headers: Record<string, string> = {
    'Content-Security-Policy': csp,
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Cross-Origin-Opener-Policy': 'same-origin',
  };
  if ((req.socket as TLSSocket).encrypted || req.headers['x-forwarded-proto'] === 'https') {
    headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains';
  }
  return headers;
}
