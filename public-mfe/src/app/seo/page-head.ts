import type { SiteSettings } from '@vitrine/api-client';
import { groupDigits, sentenceText } from '@vitrine/contracts';
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
  openGraph: {
    type: 'website' | 'product';
    title: string;
    description: string;
    url?: string;
    siteName?: string;
    locale: string;
    image?: OpenGraphImage;
    /** For `og:type` product: `product:price:amount` and `product:price:currency`. */
    price?: { amount: number; currency: string };
  };
  twitter: { card: 'summary' | 'summary_large_image'; title: string; description: string };
  /** schema.org objects, each written as its own `<script type="application/ld+json">`. */
  jsonLd: Record<string, unknown>[];
}

/**
 * The head of one public page: title, description, canonical URL, Open Graph and Twitter
 * tags, JSON-LD. `siteUrl` is the public address (`SITE_URL`), with or without a final slash.
 */
export function pageHead(
  data: PageData,
  settings: SiteSettings | undefined,
  siteUrl: string,
): PageHead {
  const site = new Site(settings, siteUrl);
  const page = describePage(data, site);
  const title = fullTitle(page.title, settings?.companyName);
  const description = sentenceText(
    groupDigits(page.description || settings?.tagline || ''),
    DESCRIPTION_MAX,
  );
  const canonical = page.path === undefined ? undefined : site.url(page.path);
  const image = page.image
    ? shareImage(page.image, (path) => site.url(path), page.imageAlt ?? page.title)
    : undefined;
  const jsonLd = page.jsonLd?.(image) ?? [];
  if (page.breadcrumbs && canonical) {
    jsonLd.push(breadcrumbList(site, [...page.breadcrumbs, { name: page.title, url: canonical }]));
  }
  return {
    lang: 'en',
    title,
    description,
    canonical,
    robots: page.noindex ? 'noindex' : undefined,
    openGraph: {
      type: page.price === undefined ? 'website' : 'product',
      title,
      description,
      url: canonical,
      siteName: settings?.companyName,
      locale: 'en_IN',
      image,
      price: page.price === undefined ? undefined : { amount: page.price, currency: CURRENCY },
    },
    twitter: { card: image ? 'summary_large_image' : 'summary', title, description },
    jsonLd,
  };
}

function fullTitle(title: string, siteName: string | undefined): string {
  return siteName && title !== siteName ? `${title} | ${siteName}` : title;
}
