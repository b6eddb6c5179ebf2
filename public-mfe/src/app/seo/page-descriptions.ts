import type { Media, Product, Service } from '@vitrine/api-client';
import { formatNumber, groupDigits, sentenceText } from '@vitrine/contracts';
import { wordsIn } from '../../lib/i18n';
import type { PageData } from './page-data';
import { collectionPage, Site, withoutEmpty } from './schema-org';
import { type OpenGraphImage, shareVariant } from './share-image';

// What each public page says about itself: its title, text, address, picture and JSON-LD.

export const CURRENCY = 'INR';
export const DESCRIPTION_MAX = 160;

/** One page as the builder needs it: its own title, text, address and picture. */
export interface PageDescription {
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

/** What `data`'s page says about itself; pageHead() adds the site's name and the share image. */
export function describePage(data: PageData, site: Site): PageDescription {
  const company = site.settings?.companyName;
  const t = wordsIn(site.locale);
  switch (data.page) {
    case 'home': {
      const cover = data.categories?.find((category) => category.media)?.media;
      return {
        title: company ?? t('nav.home'),
        description: site.settings?.tagline,
        path: '/',
        image: cover,
        jsonLd: (image) => site.business(image),
      };
    }
    case 'about':
      return {
        title: t('about.title'),
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
        title: t('gallery.eyebrow'),
        description: galleryDescription(t, company, count, site.locale),
        path: '/gallery',
        image: data.images?.[0]?.media,
        imageAlt: data.images?.[0]?.alt || undefined,
        jsonLd: () =>
          data.images
            ? [
                {
                  '@context': 'https://schema.org',
                  '@type': 'ImageGallery',
                  name: t('gallery.eyebrow'),
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
      return describeList(site, {
        title: t('projects.title'),
        path: '/product',
        category: data.category,
        description: data.category
          ? company
            ? t('seo.categoryFabricsFrom', { category: data.category, company })
            : t('seo.categoryFabrics', { category: data.category })
          : site.settings?.description,
        image: data.cover,
        items: data.products?.map((product) => ({
          name: product.ProductName,
          path: `/singleproject/${encodeURIComponent(product.slug)}`,
        })),
      });
    case 'product':
      return data.product
        ? describeProduct(data.product, site)
        : { title: t('items.project.title') };
    case 'services':
      return describeList(site, {
        title: t('services.title'),
        path: '/service',
        category: data.category,
        description: data.category
          ? `${
              company
                ? t('seo.categoryServicesFrom', { category: data.category, company })
                : t('seo.categoryServices', { category: data.category })
            } ${site.settings?.servicesOffer ?? ''}`
          : site.settings?.servicesOffer,
        image: data.services?.find((service) => service.media)?.media,
        items: data.services?.map((service) => ({
          name: service.ServiceName,
          path: `/singleservice/${encodeURIComponent(service.slug)}`,
        })),
      });
    case 'service':
      return data.service
        ? describeService(data.service, site)
        : { title: t('items.service.title') };
    case 'contact':
      return {
        title: t('contact.title'),
        description: company
          ? t('seo.contact', { company, phone: site.settings?.phone, email: site.settings?.email })
          : undefined,
        path: '/contact-us',
        image: data.cover,
        jsonLd: (image) => site.business(image),
      };
    case 'reviews':
      return {
        title: t('reviews.title'),
        description: company ? t('seo.reviewsOf', { company }) : t('seo.reviews'),
        path: '/reviews',
        image: data.reviews?.find((review) => review.media[0])?.media[0],
        jsonLd: (image) => site.business(image, data.reviews ?? []),
      };
    case 'privacy':
      return { title: data.title, description: data.description, path: '/privacy' };
    case 'login':
      return {
        title: t('login.title'),
        description: t('seo.login'),
        path: '/login',
        noindex: true,
      };
    case 'not-found':
      return { title: data.title ?? t('notFound.title'), noindex: true };
    case 'preview':
      return { title: t('seo.preview', { title: data.title }), noindex: true };
  }
}

/** The gallery's description: whose pictures, and how many. */
function galleryDescription(
  t: ReturnType<typeof wordsIn>,
  company: string | undefined,
  count: number | undefined,
  locale: string,
): string {
  const what = company ? t('seo.galleryFrom', { company }) : t('seo.gallery');
  return count
    ? t('seo.galleryCount', { what, formatted: formatNumber(count, locale) })
    : t('seo.galleryEnd', { what });
}

/** A list page: all of a content type, or one category's (`?category=`), with its items. */
function describeList(
  site: Site,
  list: {
    /** The page's own title, which a category's page puts after the category's name. */
    title: string;
    path: string;
    category?: string;
    description?: string;
    image?: Media | null;
    items?: { name: string; path: string }[];
  },
): PageDescription {
  const path = list.category
    ? `${list.path}?category=${encodeURIComponent(list.category)}`
    : list.path;
  return {
    title: list.category ? `${list.category} | ${list.title}` : list.title,
    description: list.description,
    path,
    image: list.image,
    jsonLd: () => collectionPage(site, path, list.items),
  };
}

/**
 * Products and services are the same kind of item under other names: the API names their
 * fields after the type (`ProductName`, `ServiceName`).
 */
type ItemType = 'Product' | 'Service';
type Item<T extends ItemType> = Pick<Product, 'slug' | 'media' | 'photos'> &
  Record<`${T}Name`, string> &
  Partial<Record<`${T}Description` | `${T}Heading`, string>>;

/**
 * What a product's or a service's page says first: its name, its text as sentences (else its
 * heading), its address (`path` and the slug) and its picture, with the first photo's alt text.
 */
function describeItem<T extends ItemType>(type: T, item: Item<T>, path: string) {
  const names: Record<`${T}Name`, string> = item;
  const texts: Partial<Record<`${T}Description` | `${T}Heading`, string>> = item;
  return {
    title: names[`${type}Name`],
    description:
      sentenceText(groupDigits(texts[`${type}Description`] ?? ''), DESCRIPTION_MAX) ||
      texts[`${type}Heading`],
    path: `${path}${encodeURIComponent(item.slug)}`,
    image: item.media,
    imageAlt: item.photos?.[0]?.alt,
  };
}

function describeProduct(product: Product, site: Site): PageDescription {
  const page = describeItem('Product', product, '/singleproject/');
  const price = typeof product.ProductPrice === 'number' ? product.ProductPrice : undefined;
  return {
    ...page,
    price,
    breadcrumbs: [
      { name: wordsIn(site.locale)('nav.home'), url: site.url('/') },
      { name: wordsIn(site.locale)('nav.projects'), url: site.url('/product') },
      {
        name: product.ProductCategory,
        url: site.url(`/product?category=${encodeURIComponent(product.ProductCategory)}`),
      },
    ],
    jsonLd: (image) => [
      withoutEmpty({
        '@context': 'https://schema.org',
        '@type': 'Product',
        name: page.title,
        description: page.description || undefined,
        image: image?.url,
        url: site.url(page.path),
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
                url: site.url(page.path),
              },
      }),
    ],
  };
}

function describeService(service: Service, site: Site): PageDescription {
  const page = describeItem('Service', service, '/singleservice/');
  const price = typeof service.ServicePrice === 'number' ? service.ServicePrice : undefined;
  return {
    ...page,
    breadcrumbs: [
      { name: wordsIn(site.locale)('nav.home'), url: site.url('/') },
      { name: wordsIn(site.locale)('nav.services'), url: site.url('/service') },
    ],
    jsonLd: (image) => [
      withoutEmpty({
        '@context': 'https://schema.org',
        '@type': 'Service',
        name: page.title,
        serviceType: service.ServiceCategory,
        description: page.description || undefined,
        image: image?.url,
        url: site.url(page.path),
        provider: site.brand(),
        offers:
          price === undefined ? undefined : { '@type': 'Offer', price, priceCurrency: CURRENCY },
      }),
    ],
  };
}
