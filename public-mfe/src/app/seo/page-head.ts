import type {
  GalleryImage,
  Media,
  Product,
  ProductCategory,
  Review,
  Service,
  SiteSettings,
} from '@vitrine/api-client';
import { plainText } from '@vitrine/contracts';

/**
 * What a page knows about itself when it is drawn: which page it is and the data it shows.
 * Each page passes this (through `usePageMeta`), so the head comes from the same data the
 * body does, in the browser and on the server alike. Absent data (still loading) is fine.
 */
export type PageData =
  | { page: 'home'; categories?: readonly ProductCategory[] }
  | { page: 'about'; featured?: readonly Product[] }
  | { page: 'gallery'; images?: readonly GalleryImage[] }
  | {
      page: 'products';
      category?: string;
      cover?: Media | null;
      products?: readonly Product[];
    }
  | { page: 'product'; product?: Product }
  | { page: 'services'; category?: string; services?: readonly Service[] }
  | { page: 'service'; service?: Service }
  | { page: 'contact'; cover?: Media | null }
  | { page: 'reviews'; reviews?: readonly Review[] }
  | { page: 'login' }
  | { page: 'not-found'; title?: string }
  /** A draft shown to its editor: never indexed, no address of its own. */
  | { page: 'preview'; title: string };

export interface OpenGraphImage {
  /** Absolute URL of the variant closest to 1200 px wide. */
  url: string;
  width: number;
  height: number;
  type: string;
  alt: string;
}

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

/** The width link previews want (Facebook, LinkedIn, X: 1200 × 630). */
export const SHARE_IMAGE_WIDTH = 1200;
const CURRENCY = 'INR';
const DESCRIPTION_MAX = 160;

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
  const page = describe(data, site);
  const title = fullTitle(page.title, settings?.companyName);
  const description = plainText(page.description || settings?.tagline, DESCRIPTION_MAX);
  const canonical = page.path === undefined ? undefined : site.url(page.path);
  const image = page.image ? shareImage(page.image, site, page.imageAlt ?? page.title) : undefined;
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

/** One page as the builder needs it: its own title, text, address and picture. */
interface PageDescription {
  title: string;
  description?: string;
  /** Site-relative path with its query, e.g. `/product?category=Linen`. */
  path?: string;
  image?: Media | null;
  imageAlt?: string;
  noindex?: boolean;
  price?: number;
  /** The trail above this page (Home first); the page itself is added last. */
  breadcrumbs?: { name: string; url: string }[];
  jsonLd?: (image: OpenGraphImage | undefined) => Record<string, unknown>[];
}

function describe(data: PageData, site: Site): PageDescription {
  const company = site.settings?.companyName;
  const from = company ? ` from ${company}` : '';
  switch (data.page) {
    case 'home': {
      const cover = data.categories?.find((category) => category.media)?.media;
      return {
        title: company ?? 'Home',
        description: site.settings?.tagline,
        path: '/',
        image: cover,
        jsonLd: (image) => site.business(image),
      };
    }
    case 'about':
      return {
        title: 'About us',
        description: site.settings?.about,
        path: '/about',
        image: data.featured?.find((product) => product.media)?.media,
        jsonLd: (image) =>
          site.settings
            ? [
                {
                  '@context': 'https://schema.org',
                  '@type': 'AboutPage',
                  url: site.url('/about'),
                  mainEntity: site.business(image)[0],
                },
              ]
            : [],
      };
    case 'gallery': {
      const count = data.images?.length;
      return {
        title: 'Gallery',
        description: `Fabrics and spaces${from}${count ? `: ${count} pictures of our work` : ''}.`,
        path: '/gallery',
        image: data.images?.[0]?.media,
        imageAlt: data.images?.[0]?.alt || undefined,
        jsonLd: () =>
          data.images
            ? [
                {
                  '@context': 'https://schema.org',
                  '@type': 'ImageGallery',
                  name: 'Gallery',
                  url: site.url('/gallery'),
                  image: data.images.flatMap((picture) => {
                    const variant = shareVariant(picture.media);
                    return variant
                      ? [
                          withoutEmpty({
                            '@type': 'ImageObject',
                            contentUrl: site.url(variant.url),
                            caption: picture.alt,
                          }),
                        ]
                      : [];
                  }),
                },
              ]
            : [],
      };
    }
    case 'products':
      return {
        title: data.category ? `${data.category} | Products` : 'Products',
        description: data.category
          ? `${data.category} fabrics${from}, woven and finished by hand.`
          : site.settings?.description,
        path: data.category ? `/product?category=${encodeURIComponent(data.category)}` : '/product',
        image: data.cover,
        jsonLd: () =>
          collectionPage(
            site,
            data.category ? `/product?category=${encodeURIComponent(data.category)}` : '/product',
            data.products?.map((product) => ({
              name: product.ProductName,
              path: `/singleproject/${encodeURIComponent(product.slug)}`,
            })),
          ),
      };
    case 'product':
      return data.product ? describeProduct(data.product, site) : { title: 'Product' };
    case 'services':
      return {
        title: data.category ? `${data.category} | Services` : 'Services',
        description: data.category
          ? `${data.category} services${from}. ${site.settings?.servicesOffer ?? ''}`
          : site.settings?.servicesOffer,
        path: data.category ? `/service?category=${encodeURIComponent(data.category)}` : '/service',
        image: data.services?.find((service) => service.media)?.media,
        jsonLd: () =>
          collectionPage(
            site,
            data.category ? `/service?category=${encodeURIComponent(data.category)}` : '/service',
            data.services?.map((service) => ({
              name: service.ServiceName,
              path: `/singleservice/${encodeURIComponent(service.slug)}`,
            })),
          ),
      };
    case 'service':
      return data.service ? describeService(data.service, site) : { title: 'Service' };
    case 'contact':
      return {
        title: 'Contact us',
        description: company
          ? `Write to or call ${company}: ${site.settings?.phone}, ${site.settings?.email}.`
          : undefined,
        path: '/contact-us',
        image: data.cover,
        jsonLd: (image) => site.business(image),
      };
    case 'reviews':
      return {
        title: 'Client reviews',
        description: `What clients say about ${company ?? 'us'}, in their own words.`,
        path: '/reviews',
        image: data.reviews?.find((review) => review.media[0])?.media[0],
        jsonLd: (image) => site.business(image, data.reviews ?? []),
      };
    case 'login':
      return {
        title: 'Sign in',
        description: 'Sign in to manage the site.',
        path: '/login',
        noindex: true,
      };
    case 'not-found':
      return { title: data.title ?? 'Page not found', noindex: true };
    case 'preview':
      return { title: `Preview: ${data.title}`, noindex: true };
  }
}

function describeProduct(product: Product, site: Site): PageDescription {
  const path = `/singleproject/${encodeURIComponent(product.slug)}`;
  const description =
    plainText(product.ProductDescription, DESCRIPTION_MAX) || product.ProductHeading;
  const price = typeof product.ProductPrice === 'number' ? product.ProductPrice : undefined;
  return {
    title: product.ProductName,
    description,
    path,
    image: product.media,
    imageAlt: product.photos?.[0]?.alt,
    price,
    breadcrumbs: [
      { name: 'Home', url: site.url('/') },
      { name: 'Products', url: site.url('/product') },
      {
        name: product.ProductCategory,
        url: site.url(`/product?category=${encodeURIComponent(product.ProductCategory)}`),
      },
    ],
    jsonLd: (image) => [
      withoutEmpty({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: product.ProductName,
        description: description || undefined,
        image: image?.url,
        url: site.url(path),
        category: product.ProductCategory,
        brand: site.brand(),
        offers:
          price === undefined
            ? undefined
            : {
                '@type': 'Offer',
                price,
                priceCurrency: CURRENCY,
                availability: 'https://schema.org/InStock',
                url: site.url(path),
              },
      }),
    ],
  };
}

function describeService(service: Service, site: Site): PageDescription {
  const path = `/singleservice/${encodeURIComponent(service.slug)}`;
  const description =
    plainText(service.ServiceDescription, DESCRIPTION_MAX) || service.ServiceHeading;
  const price = typeof service.ServicePrice === 'number' ? service.ServicePrice : undefined;
  return {
    title: service.ServiceName,
    description,
    path,
    image: service.media,
    imageAlt: service.photos?.[0]?.alt,
    breadcrumbs: [
      { name: 'Home', url: site.url('/') },
      { name: 'Services', url: site.url('/service') },
    ],
    jsonLd: (image) => [
      withoutEmpty({
        '@context': 'https://schema.org',
        '@type': 'Service',
        name: service.ServiceName,
        serviceType: service.ServiceCategory,
        description: description || undefined,
        image: image?.url,
        url: site.url(path),
        provider: site.brand(),
        offers:
          price === undefined ? undefined : { '@type': 'Offer', price, priceCurrency: CURRENCY },
      }),
    ],
  };
}

/** The site's address and the business behind it, as every page's JSON-LD refers to them. */
class Site {
  private readonly base: string;

  constructor(
    readonly settings: SiteSettings | undefined,
    siteUrl: string,
  ) {
    this.base = siteUrl.replace(/\/+$/, '');
  }

  /** An absolute URL on the site from a site-relative path (or an absolute URL as it is). */
  url(path: string): string {
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

  private businessId(): string {
    return `${this.url('/')}#business`;
  }
}

function fullTitle(title: string, siteName: string | undefined): string {
  return siteName && title !== siteName ? `${title} | ${siteName}` : title;
}

/**
 * The variant a link preview should fetch: the narrowest at least 1200 px wide, else the
 * widest there is (a small upload has no larger one).
 */
export function shareVariant(media: Media): Media['variants'][number] | undefined {
  const variants = [...media.variants].sort((a, b) => a.width - b.width);
  return variants.find((variant) => variant.width >= SHARE_IMAGE_WIDTH) ?? variants.at(-1);
}

function shareImage(media: Media, site: Site, alt: string): OpenGraphImage | undefined {
  const variant = shareVariant(media);
  if (!variant) return undefined;
  const height = media.width > 0 ? Math.round((media.height * variant.width) / media.width) : 0;
  return {
    url: site.url(variant.url),
    width: variant.width,
    height,
    type: variant.url.endsWith('.webp') ? 'image/webp' : 'image/jpeg',
    alt,
  };
}

/** A list page: the items it links to, in order. */
function collectionPage(
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

function breadcrumbList(site: Site, trail: { name: string; url: string }[]) {
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
function withoutEmpty(object: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(object).filter(
      ([, value]) =>
        value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
    ),
  );
}
