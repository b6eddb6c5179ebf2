// The small readings of a view the insights keep instead of the view itself: the kind of
// device, where the visitor came from, the page and the product. Pure, for the unit tests.

export type DeviceClass = 'phone' | 'tablet' | 'desktop';
export const DEVICE_CLASSES: readonly DeviceClass[] = ['phone', 'tablet', 'desktop'];

export type ReferrerGroup = 'search' | 'social' | 'whatsapp' | 'direct' | 'other';
export const REFERRER_GROUPS: readonly ReferrerGroup[] = [
  'search',
  'social',
  'whatsapp',
  'direct',
  'other',
];

/** The referrer key of a view that came from nowhere (typed, bookmarked, an app). */
export const DIRECT = 'direct';

const TABLET = /iPad|Tablet|PlayBook|Silk|Kindle|Nexus (7|9|10)\b|SM-T\d/i;
const PHONE = /Mobi|iPhone|iPod|Windows Phone|BlackBerry|BB10|Opera Mini|IEMobile/i;

/**
 * Phone, tablet or desktop, from the user agent alone (no client hints are asked for).
 * An Android without "Mobile" is a tablet, as Google's guidance for Android browsers says;
 * iPadOS 13 and later present themselves as a Mac, and are counted as desktops.
 */
export function deviceClass(userAgent: string): DeviceClass {
  if (TABLET.test(userAgent)) return 'tablet';
  if (PHONE.test(userAgent)) return 'phone';
  if (/Android/i.test(userAgent)) return 'tablet';
  return 'desktop';
}

const SEARCH = [
  /(^|\.)google\.[a-z.]+$/,
  /(^|\.)bing\.com$/,
  /(^|\.)duckduckgo\.com$/,
  /(^|\.)search\.yahoo\.com$/,
  /(^|\.)yahoo\.[a-z.]+$/,
  /(^|\.)yandex\.[a-z.]+$/,
  /(^|\.)baidu\.com$/,
  /(^|\.)ecosia\.org$/,
  /(^|\.)search\.brave\.com$/,
  /(^|\.)startpage\.com$/,
  /^com\.google\.android\.googlequicksearchbox$/,
];
const SOCIAL = [
  /(^|\.)facebook\.com$/,
  /(^|\.)fb\.(com|me)$/,
  /(^|\.)instagram\.com$/,
  /^t\.co$/,
  /(^|\.)twitter\.com$/,
  /^x\.com$/,
  /(^|\.)linkedin\.com$/,
  /^lnkd\.in$/,
  /(^|\.)pinterest\.[a-z.]+$/,
  /^pin\.it$/,
  /(^|\.)reddit\.com$/,
  /(^|\.)youtube\.com$/,
  /^youtu\.be$/,
  /(^|\.)tiktok\.com$/,
  /(^|\.)threads\.net$/,
  /^com\.(facebook\.katana|instagram\.android|linkedin\.android|twitter\.android)$/,
];
const WHATSAPP = [/(^|\.)whatsapp\.com$/, /^wa\.me$/, /^com\.whatsapp(\.w4b)?$/];

/** Search, social, WhatsApp, direct or another site, from a referrer key (see referrerKey). */
export function referrerGroup(key: string): ReferrerGroup {
  if (key === DIRECT) return 'direct';
  if (WHATSAPP.some((pattern) => pattern.test(key))) return 'whatsapp';
  if (SEARCH.some((pattern) => pattern.test(key))) return 'search';
  if (SOCIAL.some((pattern) => pattern.test(key))) return 'social';
  return 'other';
}

/**
 * What is kept of a referrer: its host without `www.`/`m.` (or an Android app's package,
 * from `android-app://`), `direct` when there is none, and null when it is the site itself
 * (a visitor moving between its pages, who came from somewhere already counted).
 */
export function referrerKey(referrer: string | undefined, siteHost: string): string | null {
  if (!referrer) return DIRECT;
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return DIRECT;
  }
  const host = (
    url.protocol === 'android-app:' ? url.host || url.pathname.replace(/^\/+/, '') : url.hostname
  )
    .toLowerCase()
    .replace(/^(www|m)\./, '');
  if (!host) return DIRECT;
  if (host === siteHost.toLowerCase().replace(/^(www|m)\./, '')) return null;
  return host.slice(0, 120);
}

/** A page as counted: its path, without query, fragment or trailing slash. */
export function pageKey(path: string): string {
  const bare = path.split(/[?#]/)[0].replace(/\/+$/, '');
  return (bare || '/').slice(0, 200);
}

const PRODUCT_PAGE = /^\/singleproject\/([^/]+)$/;

/** The product a page shows (`/singleproject/{slug}`), or null. */
export function productOf(page: string): string | null {
  const slug = PRODUCT_PAGE.exec(page)?.[1];
  if (!slug) return null;
  try {
    return decodeURIComponent(slug).slice(0, 120);
  } catch {
    return null;
  }
}
