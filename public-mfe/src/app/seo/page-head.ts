import type { SiteSettings } from '@vitrine/api-client';
import { groupDigits, localeInfo, localizedPath, sentenceText } from '@vitrine/contracts';
import type { SiteLocale } from '../../lib/locale';
import type { PageData } from './page-data';
import { CURRENCY, DESCRIPTION_MAX, describePage } from './page-descriptions';
import { breadcrumbList, Site } from './schema-org';
import { type OpenGraphImage, shareImage } from './share-image';

/** A page's `<head>` as data; `headTags()` writes it as HTML, `applyHead()` into a document. */
export interface PageHead {
  /** `<html lang>`. */
  lang: string;
  /** The full title: the page's own, then the site's name. */
  title: string;
  description: string;
  /** Absolute; absent on pages that are not to be indexed under any address (not found). */
  canonical?: string;
  /** `noindex` for the sign-in and not-found pages. */
  robots?: string;
  /**
   * The page in every site language (`hreflang` a language code, or `x-default`: the default
   * language's), absolute; only on a page with a canonical URL and more than one language.
   */
  alternates?: { hreflang: string; href: string }[];
  openGraph: {
    type: 'website' | 'product';
    title: string;
    description: string;
    url?: string;
    siteName?: string;
    locale: string;
    /** `og:locale:alternate`: the site's other languages. */
    alternateLocales?: string[];
    image?: OpenGraphImage;
    /** For `og:type` product: `product:price:amount` and `product:price:currency`. */
    price?: { amount: number; currency: string };
  };
  twitter: { card: 'summary' | 'summary_large_image'; title: string; description: string };
  /** schema.org objects, each written as its own `<script type="application/ld+json">`. */
  jsonLd: Record<string, unknown>[];
}

/** A site in English alone, as every site was before it had languages. */
const ENGLISH_ONLY: SiteLocale = { locale: 'en', defaultLocale: 'en', languages: ['en'] };

/**
 * The head of one public page: title, description, canonical URL, `hreflang` alternates,
 * Open Graph and Twitter tags, JSON-LD. `siteUrl` is the public address (`SITE_URL`), with or
 * without a final slash; `language` the page's language and the site's (its `settings` are
 * that language's, as the API answered them).
 */
export function pageHead(
  data: PageData,
  settings: SiteSettings | undefined,
  siteUrl: string,
  language: SiteLocale = ENGLISH_ONLY,
): PageHead {
  const { locale, defaultLocale, languages } = language;
  const site = new Site(settings, siteUrl, locale, defaultLocale);
  const page = describePage(data, site);
  const pageIn = (code: string) => {
    const path = page.path === undefined ? undefined : itemPath(data, code, page.path);
    return path === undefined ? undefined : site.absolute(localizedPath(path, code, defaultLocale));
  };
  const title = fullTitle(page.title, settings?.companyName);
  const description = sentenceText(
    groupDigits(page.description || settings?.tagline || ''),
    DESCRIPTION_MAX,
  );
  const canonical = pageIn(locale);
  const alternates =
    canonical && languages.length > 1
      ? [
          ...languages.map((code) => ({ hreflang: code, href: pageIn(code) ?? canonical })),
          { hreflang: 'x-default', href: pageIn(defaultLocale) ?? canonical },
        ]
      : undefined;
  const image = page.image
    ? shareImage(page.image, (path) => site.url(path), page.imageAlt ?? page.title)
    : undefined;
  const jsonLd = page.jsonLd?.(image) ?? [];
  if (page.breadcrumbs && canonical) {
    jsonLd.push(breadcrumbList(site, [...page.breadcrumbs, { name: page.title, url: canonical }]));
  }
  if (canonical) inLanguage(jsonLd, { url: canonical, name: title }, locale, languages.length > 1);
  const ogLocale = (code: string) => localeInfo(code)?.ogLocale ?? code;
  return {
    lang: locale,
    title,
    description,
    canonical,
    robots: page.noindex ? 'noindex' : undefined,
    alternates,
    openGraph: {
      type: page.price === undefined ? 'website' : 'product',
      title,
      description,
      url: canonical,
      siteName: settings?.companyName,
      locale: ogLocale(locale),
      alternateLocales:
        languages.length > 1
          ? languages.filter((code) => code !== locale).map(ogLocale)
          : undefined,
      image,
      price: page.price === undefined ? undefined : { amount: page.price, currency: CURRENCY },
    },
    twitter: { card: image ? 'summary_large_image' : 'summary', title, description },
    jsonLd,
  };
}

/**
 * The path of the page `data` shows in the language `code`, before its prefix: an item's page
 * is at that language's slug (`slugs`, the default slug where it has none of its own); any
 * other page is at the same path in every language.
 */
function itemPath(data: PageData, code: string, path: string): string {
  const item =
    data.page === 'product' ? data.product : data.page === 'service' ? data.service : undefined;
  const slugs = (item as { slugs?: Record<string, string> } | undefined)?.slugs;
  if (!item || !slugs) return path;
  const base = data.page === 'product' ? '/singleproject/' : '/singleservice/';
  return `${base}${encodeURIComponent(slugs[code] ?? item.slug)}`;
}

/** The schema.org types of a web page (the pages' own JSON-LD uses these). */
const WEB_PAGES = new Set(['WebPage', 'AboutPage', 'CollectionPage', 'ImageGallery']);

/**
 * Says the page's language in its JSON-LD: on its web page object (`inLanguage` belongs to
 * creative works, not to a Product or a LocalBusiness); on a site of several languages, a
 * page without one (a product's, the home page) gets a WebPage saying it.
 */
function inLanguage(
  jsonLd: Record<string, unknown>[],
  page: { url: string; name: string },
  locale: string,
  severalLanguages: boolean,
): void {
  const webPage = jsonLd.find((object) => WEB_PAGES.has(String(object['@type'])));
  if (webPage) {
    webPage.inLanguage = locale;
    return;
  }
  if (severalLanguages)
    jsonLd.push({
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      ...page,
      inLanguage: locale,
    });
}

function fullTitle(title: string, siteName: string | undefined): string {
  return siteName && title !== siteName ? `${title} | ${siteName}` : title;
}
