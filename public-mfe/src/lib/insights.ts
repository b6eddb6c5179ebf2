// The public site's beacons to the insights (issue 35): a view after each client-side move
// (the first page was counted by the shell that served it), and the outbound actions. No
// cookie is set and nothing is stored in the browser; a browser signed in to the admin area
// (the vitrine_admin marker) sends nothing, and the API applies the same rules again.
import { runtimeApiBase } from '@vitrine/api-client';
import { ADMIN_MARKER_COOKIE, type InsightsAction } from '@vitrine/contracts';

type Beacon =
  | { type: 'view'; path: string }
  | { type: 'action'; path: string; action: InsightsAction; product?: string };

const PRODUCT_PAGE = /^\/singleproject\/([^/?#]+)/;

function adminBrowser(): boolean {
  return document.cookie.split(';').some((cookie) => cookie.trim() === `${ADMIN_MARKER_COOKIE}=1`);
}

/** Sends the beacon as text/plain (no preflight), and never lets a failure reach the page. */
function send(beacon: Beacon): void {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  if (adminBrowser()) return;
  try {
    navigator.sendBeacon(`${runtimeApiBase()}/api/insights/events`, JSON.stringify(beacon));
  } catch {
    // A full beacon queue, or a browser that refuses: the count is one short, nothing more.
  }
}

/** A view of `path` reached by a client-side move (so no referrer: it came from the site). */
export function reportView(path: string): void {
  send({ type: 'view', path });
}

/**
 * An action taken on the page at `path`. On a product's page it is about that product, and
 * so is the contact form opened from one (`/contact-us?product={slug}`, see enquiryPath).
 */
export function reportAction(
  action: InsightsAction,
  path = window.location.pathname,
  search = window.location.search,
): void {
  const onPage = PRODUCT_PAGE.exec(path)?.[1];
  const product = onPage ? decodeURIComponent(onPage) : new URLSearchParams(search).get('product');
  send({ type: 'action', path, action, ...(product ? { product } : {}) });
}

/** The action a link starts: a WhatsApp chat, a call, an e-mail; null for any other link. */
export function actionOfLink(href: string): InsightsAction | null {
  if (/^tel:/i.test(href)) return 'call';
  if (/^mailto:/i.test(href)) return 'email';
  try {
    const { hostname } = new URL(href);
    if (hostname === 'wa.me' || hostname === 'api.whatsapp.com' || hostname === 'web.whatsapp.com')
      return 'whatsapp';
  } catch {
    // Not an absolute URL: a page of the site.
  }
  return null;
}
