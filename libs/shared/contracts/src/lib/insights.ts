// What the site's insights count (issue 35), said once for the API and the shell's server:
// both ask `uncountedReason` of every view before counting it.
import { isbot } from 'isbot';

/**
 * The cookie the admin area sets on sign-in and clears on sign-out. It holds no secret: it
 * only asks that this browser's visits not be counted, which a visitor could ask too.
 */
export const ADMIN_MARKER_COOKIE = 'vitrine_admin';

/** The outbound actions the public site reports. */
export const INSIGHTS_ACTIONS = ['whatsapp', 'call', 'email', 'enquiry', 'callback'] as const;
export type InsightsAction = (typeof INSIGHTS_ACTIONS)[number];

/** The admin area, sign-in and draft previews: never counted. */
const UNCOUNTED_PATH = /^\/(admin(\/|$)|login\/?$|preview(\/|$))/;
const MARKER = new RegExp(`(?:^|;)\\s*${ADMIN_MARKER_COOKIE}=1\\s*(?:;|$)`);

export type RequestHeaders = Record<string, string | string[] | undefined>;

/** Why a view is not counted: the user agent, or what the request asks or is. */
export type UncountedReason = 'bot' | 'do-not-track' | 'prefetch' | 'private-page' | 'admin';

const first = (value: string | string[] | undefined): string =>
  (Array.isArray(value) ? value[0] : value) ?? '';

/**
 * Why a view of `path` with these request headers (lower-case names, as Node gives them) is
 * not counted, or null when it is: a crawler (isbot, or no user agent at all), `DNT: 1` or
 * `Sec-GPC: 1`, a prefetch (counted when the visitor actually opens the page), the admin
 * area, sign-in or a preview, or a browser signed in to the admin area.
 */
export function uncountedReason(path: string, headers: RequestHeaders): UncountedReason | null {
  const userAgent = first(headers['user-agent']);
  if (!userAgent || isbot(userAgent)) return 'bot';
  if (first(headers['dnt']) === '1' || first(headers['sec-gpc']) === '1') return 'do-not-track';
  if (
    /prefetch/i.test(first(headers['sec-purpose'])) ||
    /prefetch/i.test(first(headers['purpose'])) ||
    /prefetch/i.test(first(headers['x-moz']))
  ) {
    return 'prefetch';
  }
  if (UNCOUNTED_PATH.test(path)) return 'private-page';
  if (MARKER.test(first(headers['cookie']))) return 'admin';
  return null;
}
