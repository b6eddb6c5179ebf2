import type { Review, SiteSettings } from '@vitrine/api-client';
import { localizedPath } from '@vitrine/contracts';
import type { OpenGraphImage } from './share-image';

// The schema.org objects a page's JSON-LD is made of.

/** The site's address and the business behind it, as every page's JSON-LD refers to them. */
export class Site {
  private readonly base: string;

  /**
   * `locale` is the page's language and `defaultLocale` the site's: the pages a head links
   * to are that language's (`/hi/product`).
   */
  constructor(
    readonly settings: SiteSettings | undefined,
    siteUrl: string,
    readonly locale = 'en',
    readonly defaultLocale = 'en',
  ) {
    this.base = siteUrl.replace(/\/+$/, '');
  }

  /**
   * An absolute URL on the site from a site-relative path (or an absolute URL as it is): a
   * page's in the page's language, a file's (`/uploads/…`) as it is.
   */
  url(path: string): string {
    const inLanguage =
      path.startsWith('/') && !path.startsWith('/uploads/')
        ? localizedPath(path, this.locale, this.defaultLocale)
        : path;
    return this.absolute(inLanguage);
  }

  /** An absolute URL from a site-relative path as it is (no language prefix added). */
  absolute(path: string): string {
    return new URL(path, `${this.base}/`).href;
  }

  /** The business as other objects name it (a product's brand, a service's provider). */
  brand(): Record<string, unknown> | undefined {
    if (!this.settings) return undefined;
    return { '@type': 'LocalBusiness', '@id': this.businessId(), name: this.settings.companyName };
  }

  /** The LocalBusiness (an Organization) with its address and phone; with reviews if given. */
  business(image: OpenGraphImage | undefined, reviews?: readonly Review[]) {
    const settings = this.settings;
    if (!settings) return [];
    return [
      withoutEmpty({
        '@context': 'https://schema.org',
        '@type': 'LocalBusiness',
        '@id': this.businessId(),
        name: settings.companyName,
        description: settings.description || settings.tagline,
        url: this.url('/'),
        telephone: settings.phone,
        email: settings.email,
        address: postalAddress(settings.address),
        image: image?.url,
        sameAs: settings.social?.map((link) => link.url).filter(Boolean),
        review: reviews?.map((review) =>
          withoutEmpty({
            '@type': 'Review',
            author: { '@type': 'Person', name: review.ClientName },
            reviewBody: review.ClientReview,
            datePublished: review.createdAt?.slice(0, 10),
          }),
        ),
      }),
    ];
  }

  /** One business in every language: its id is the default language's home page's. */
  private businessId(): string {
    return `${this.absolute('/')}#business`;
  }
}

/** A list page: the items it links to, in order. */
export function collectionPage(
  site: Site,
  path: string,
  items: { name: string; path: string }[] | undefined,
): Record<string, unknown>[] {
  if (!items) return [];
  return [
    {
      '@context': 'https://schema.org',
      '@type': 'CollectionPage',
      url: site.url(path),
      mainEntity: {
        '@type': 'ItemList',
        itemListElement: items.map((item, index) => ({
          '@type': 'ListItem',
          position: index + 1,
          name: item.name,
          url: site.url(item.path),
        })),
      },
    },
  ];
}

export function breadcrumbList(site: Site, trail: { name: string; url: string }[]) {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: crumb.url || site.url('/'),
    })),
  };
}

/**
 * The settings keep the address as lines ("Plot 14, …\nJaipur, Rajasthan 302022\nIndia").
 * A "City, Region PIN" line, last or followed by a line of letters only (the country), is
 * read as such and the lines above it are the street address; any other shape stays whole.
 */
export function postalAddress(address: string | undefined): Record<string, unknown> | undefined {
  const lines = (address ?? '')
    .split(/\n+/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (lines.length === 0) return undefined;
  const city = /^(.+?),\s*(.+?)\s+(\d[\d ]{2,9})$/;
  const country = /^[\p{L} .'-]+$/u;
  const hasCountry = lines.length > 2 && country.test(lines[lines.length - 1]);
  const cityLine = city.exec(lines[lines.length - (hasCountry ? 2 : 1)]);
  if (lines.length < 2 || !cityLine) {
    return { '@type': 'PostalAddress', streetAddress: lines.join(', ') };
  }
  return {
    '@type': 'PostalAddress',
    streetAddress: lines.slice(0, lines.length - (hasCountry ? 2 : 1)).join(', '),
    addressLocality: cityLine[1],
    addressRegion: cityLine[2],
    postalCode: cityLine[3].replace(/\s/g, ''),
    ...(hasCountry ? { addressCountry: lines[lines.length - 1] } : {}),
  };
}

/** The object without its undefined, empty-string and empty-array values. */
export function withoutEmpty(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(object).filter(
      ([, value]) =>
        value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
    ),
  );
}
