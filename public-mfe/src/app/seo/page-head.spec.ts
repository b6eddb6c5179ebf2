import type { Media, Product, Review, Service, SiteSettings } from '@vitrine/api-client';
import { pageHead } from './page-head';
import { postalAddress } from './schema-org';
import { shareVariant } from './share-image';

const settings = {
  companyName: 'Vitrine',
  tagline: 'Handloom fabrics and considered interiors',
  description: 'We weave natural fabrics.',
  address: 'Plot 14, Sitapura Industrial Area\nTonk Road\nJaipur, Rajasthan 302022\nIndia',
  email: 'hello@vitrine.example',
  phone: '+91 141 400 2002',
  social: [{ label: 'Instagram', url: 'https://www.instagram.com/vitrine.studio' }],
  servicesOffer: 'An extra 10% off every service.',
  about: 'A family of weavers since 2002.',
} as SiteSettings;

const SITE = 'https://vitrine.example/';

function media(id: string, widths = [72, 144, 320, 640, 1280, 1920]): Media {
  return {
    id,
    variants: widths.map((width) => ({ width, url: `/uploads/${id}-${width}.webp` })),
    width: widths.at(-1) ?? 0,
    height: Math.round(((widths.at(-1) ?? 0) * 2) / 3),
    placeholder: '',
  };
}

const product = {
  _id: 'p1',
  slug: 'sage-linen',
  ProductName: 'Sage linen',
  ProductCategory: 'Linen',
  ProductPrice: 1450,
  ProductHeading: 'Stonewashed linen',
  ProductDescription: '<p>A soft, <strong>heavy</strong> linen&nbsp;for curtains.</p>',
  media: media('aaaa'),
} as Product;

const service = {
  _id: 's1',
  slug: 'terrace-gardens',
  ServiceName: 'Terrace gardens',
  ServiceCategory: 'Landscape',
  ServicePrice: 25000,
  ServiceHeading: 'Green roofs',
  ServiceDescription: '<p>Planting plans for roofs.</p>',
  media: media('bbbb', [72, 144, 320, 640]),
} as Service;

const jsonLdTypes = (head: ReturnType<typeof pageHead>) => head.jsonLd.map((item) => item['@type']);

describe('pageHead', () => {
  it('gives a product its own title, description, canonical URL and 1280 px share image', () => {
    const head = pageHead({ page: 'product', product }, settings, SITE);
    expect(head.title).toBe('Sage linen | Vitrine');
    expect(head.description).toBe('A soft, heavy linen for curtains.');
    expect(head.canonical).toBe('https://vitrine.example/singleproject/sage-linen');
    expect(head.openGraph).toMatchObject({
      type: 'product',
      title: 'Sage linen | Vitrine',
      url: 'https://vitrine.example/singleproject/sage-linen',
      image: {
        url: 'https://vitrine.example/uploads/aaaa-1280.webp',
        width: 1280,
        height: 853,
        type: 'image/webp',
      },
      price: { amount: 1450, currency: 'INR' },
    });
    expect(head.twitter.card).toBe('summary_large_image');
    expect(head.robots).toBeUndefined();
  });

  it('describes a product in JSON-LD with its offer and a breadcrumb trail', () => {
    const head = pageHead({ page: 'product', product }, settings, SITE);
    expect(jsonLdTypes(head)).toEqual(['Product', 'BreadcrumbList']);
    expect(head.jsonLd[0]).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Sage linen',
      category: 'Linen',
      image: 'https://vitrine.example/uploads/aaaa-1280.webp',
      brand: { '@type': 'LocalBusiness', name: 'Vitrine' },
      offers: { '@type': 'Offer', price: 1450, priceCurrency: 'INR' },
    });
    const crumbs = head.jsonLd[1].itemListElement as { name: string; item: string }[];
    expect(crumbs.map((crumb) => crumb.name)).toEqual(['Home', 'Projects', 'Linen', 'Sage linen']);
    expect(crumbs[2].item).toBe('https://vitrine.example/product?category=Linen');
    expect(crumbs[3].item).toBe('https://vitrine.example/singleproject/sage-linen');
  });

  it('leaves the offer out for a product without a price', () => {
    const head = pageHead(
      { page: 'product', product: { ...product, ProductPrice: null } },
      settings,
      SITE,
    );
    expect(head.jsonLd[0]).not.toHaveProperty('offers');
    expect(head.openGraph.type).toBe('website');
    expect(head.openGraph.price).toBeUndefined();
  });

  it("shares the API's 1200 × 630 JPEG crop of a stored image, the pages keeping WebP", () => {
    const id = '8f14e45fceea167a5a36';
    const head = pageHead(
      { page: 'product', product: { ...product, media: media(id) } },
      settings,
      SITE,
    );
    expect(head.openGraph.image).toMatchObject({
      url: `https://vitrine.example/uploads/${id}-og.jpg`,
      width: 1200,
      height: 630,
      type: 'image/jpeg',
    });
    expect(head.jsonLd[0]).toMatchObject({ image: `https://vitrine.example/uploads/${id}-og.jpg` });
  });

  it('writes a description of list items and paragraphs as sentences, numbers grouped', () => {
    const listed = {
      ...product,
      ProductDescription:
        '<ul><li>44 in width</li><li>Made in Jaipur</li></ul><p>For 30000 homes</p>',
    };
    expect(pageHead({ page: 'product', product: listed }, settings, SITE).description).toBe(
      '44 in width. Made in Jaipur. For 30,000 homes.',
    );
    const about = { ...settings, about: 'Our fabrics reach 30000 retailers, since 2002.' };
    expect(pageHead({ page: 'about' }, about, SITE).description).toBe(
      'Our fabrics reach 30,000 retailers, since 2002.',
    );
  });

  it('describes a service, sharing its widest picture when none reaches 1200 px', () => {
    const head = pageHead({ page: 'service', service }, settings, SITE);
    expect(head.title).toBe('Terrace gardens | Vitrine');
    expect(head.canonical).toBe('https://vitrine.example/singleservice/terrace-gardens');
    expect(head.openGraph.image?.url).toBe('https://vitrine.example/uploads/bbbb-640.webp');
    expect(jsonLdTypes(head)).toEqual(['Service', 'BreadcrumbList']);
    expect(head.jsonLd[0]).toMatchObject({
      name: 'Terrace gardens',
      serviceType: 'Landscape',
      provider: { name: 'Vitrine' },
      offers: { price: 25000, priceCurrency: 'INR' },
    });
  });

  it('puts the business with its address and phone on the home and contact pages', () => {
    for (const data of [
      {
        page: 'home',
        categories: [
          { ProductCategory: 'Linen', count: 2, ProductImage: '', media: media('cccc') },
        ],
      },
      { page: 'contact', cover: media('cccc') },
    ] as const) {
      const head = pageHead(data, settings, SITE);
      expect(jsonLdTypes(head)).toEqual(['LocalBusiness']);
      expect(head.jsonLd[0]).toMatchObject({
        name: 'Vitrine',
        telephone: '+91 141 400 2002',
        email: 'hello@vitrine.example',
        url: 'https://vitrine.example/',
        address: {
          '@type': 'PostalAddress',
          streetAddress: 'Plot 14, Sitapura Industrial Area, Tonk Road',
          addressLocality: 'Jaipur',
          addressRegion: 'Rajasthan',
          postalCode: '302022',
          addressCountry: 'India',
        },
        sameAs: ['https://www.instagram.com/vitrine.studio'],
      });
      expect(head.openGraph.image?.url).toBe('https://vitrine.example/uploads/cccc-1280.webp');
    }
    expect(pageHead({ page: 'home' }, settings, SITE).title).toBe('Vitrine');
    expect(pageHead({ page: 'contact' }, settings, SITE).title).toBe('Contact us | Vitrine');
  });

  it('lists the reviews with their authors and dates on /reviews', () => {
    const reviews = [
      {
        _id: 'r1',
        ClientName: 'Asha Mehta',
        ClientReview: 'Beautiful curtains.',
        createdAt: '2026-03-09T10:00:00.000Z',
        media: [media('dddd')],
      },
    ] as unknown as Review[];
    const head = pageHead({ page: 'reviews', reviews }, settings, SITE);
    expect(head.canonical).toBe('https://vitrine.example/reviews');
    expect(head.jsonLd[0].review).toEqual([
      {
        '@type': 'Review',
        author: { '@type': 'Person', name: 'Asha Mehta' },
        reviewBody: 'Beautiful curtains.',
        datePublished: '2026-03-09',
      },
    ]);
  });

  it('gives every public page a title and description of its own', () => {
    const heads = [
      pageHead({ page: 'home' }, settings, SITE),
      pageHead({ page: 'about' }, settings, SITE),
      pageHead({ page: 'gallery', images: [] }, settings, SITE),
      pageHead({ page: 'products' }, settings, SITE),
      pageHead({ page: 'products', category: 'Linen' }, settings, SITE),
      pageHead({ page: 'product', product }, settings, SITE),
      pageHead({ page: 'services' }, settings, SITE),
      pageHead({ page: 'services', category: 'Landscape' }, settings, SITE),
      pageHead({ page: 'service', service }, settings, SITE),
      pageHead({ page: 'contact' }, settings, SITE),
      pageHead({ page: 'reviews' }, settings, SITE),
    ];
    expect(new Set(heads.map((head) => head.title)).size).toBe(heads.length);
    expect(new Set(heads.map((head) => head.description)).size).toBe(heads.length);
    expect(new Set(heads.map((head) => head.canonical)).size).toBe(heads.length);
    for (const head of heads) {
      expect(head.description).toMatch(/\S/);
      expect(head.description.length).toBeLessThanOrEqual(160);
      expect(head.canonical).toMatch(/^https:\/\/vitrine\.example\//);
    }
    expect(heads[4].canonical).toBe('https://vitrine.example/product?category=Linen');
  });

  it('describes the list pages, the gallery and the about page in JSON-LD too', () => {
    const products = pageHead(
      { page: 'products', category: 'Linen', products: [product] },
      settings,
      SITE,
    );
    expect(jsonLdTypes(products)).toEqual(['CollectionPage']);
    expect(products.jsonLd[0].mainEntity).toEqual({
      '@type': 'ItemList',
      itemListElement: [
        {
          '@type': 'ListItem',
          position: 1,
          name: 'Sage linen',
          url: 'https://vitrine.example/singleproject/sage-linen',
        },
      ],
    });
    const services = pageHead({ page: 'services', services: [service] }, settings, SITE);
    expect(jsonLdTypes(services)).toEqual(['CollectionPage']);

    const gallery = pageHead(
      { page: 'gallery', images: [{ _id: 'g', alt: 'Indigo', media: media('eeee') }] } as never,
      settings,
      SITE,
    );
    expect(gallery.jsonLd[0]).toMatchObject({
      '@type': 'ImageGallery',
      image: [
        {
          '@type': 'ImageObject',
          contentUrl: 'https://vitrine.example/uploads/eeee-1280.webp',
          caption: 'Indigo',
        },
      ],
    });
    expect(gallery.openGraph.image?.alt).toBe('Indigo');

    const about = pageHead({ page: 'about' }, settings, SITE);
    expect(about.jsonLd[0]).toMatchObject({
      '@type': 'AboutPage',
      mainEntity: { '@type': 'LocalBusiness', telephone: '+91 141 400 2002' },
    });
  });

  it('keeps a draft preview out of search results, with no address of its own', () => {
    const draft = pageHead({ page: 'preview', title: 'Sky Blue Poplin' }, settings, SITE);
    expect(draft).toMatchObject({ title: 'Preview: Sky Blue Poplin | Vitrine', robots: 'noindex' });
    expect(draft.canonical).toBeUndefined();
  });

  it('keeps sign-in and not-found pages out of search results', () => {
    expect(pageHead({ page: 'login' }, settings, SITE).robots).toBe('noindex');
    const missing = pageHead({ page: 'not-found', title: 'Product not found' }, settings, SITE);
    expect(missing).toMatchObject({ title: 'Product not found | Vitrine', robots: 'noindex' });
    expect(missing.canonical).toBeUndefined();
    expect(missing.jsonLd).toEqual([]);
  });

  it('works while the settings are still loading', () => {
    const head = pageHead({ page: 'product' }, undefined, 'http://localhost:4200');
    expect(head.title).toBe('Project');
    expect(head.jsonLd).toEqual([]);
    expect(pageHead({ page: 'home' }, undefined, 'http://localhost:4200').jsonLd).toEqual([]);
  });
});

describe('shareVariant', () => {
  it('picks the narrowest variant at least 1200 px wide, else the widest', () => {
    expect(shareVariant(media('a'))?.width).toBe(1280);
    expect(shareVariant(media('a', [1920, 640, 1200]))?.width).toBe(1200);
    expect(shareVariant(media('a', [320, 900, 640]))?.width).toBe(900);
    expect(shareVariant(media('a', []))).toBeUndefined();
  });
});

describe('postalAddress', () => {
  it('keeps an address it cannot read whole, as the street address', () => {
    expect(postalAddress('Plot 14\nJaipur')).toEqual({
      '@type': 'PostalAddress',
      streetAddress: 'Plot 14, Jaipur',
    });
    expect(postalAddress('4 Mill Lane\nJaipur, Rajasthan 302 022')).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '4 Mill Lane',
      addressLocality: 'Jaipur',
      addressRegion: 'Rajasthan',
      postalCode: '302022',
    });
    expect(postalAddress('12 Rue de la Paix, 75002 Paris')).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '12 Rue de la Paix, 75002 Paris',
    });
    expect(postalAddress('')).toBeUndefined();
  });
});

describe('pageHead in a site of several languages', () => {
  const hindi = { locale: 'hi', defaultLocale: 'en', languages: ['en', 'hi'] };
  const english = { ...hindi, locale: 'en' };
  const translated = {
    ...product,
    slug: 'sage-alsi',
    ProductName: 'सेज अलसी',
    slugs: { en: 'sage-linen', hi: 'sage-alsi' },
  } as Product;

  it('links a product page to itself in every language, at each language’s slug', () => {
    const head = pageHead({ page: 'product', product: translated }, settings, SITE, hindi);
    expect(head.lang).toBe('hi');
    expect(head.canonical).toBe('https://vitrine.example/hi/singleproject/sage-alsi');
    expect(head.alternates).toEqual([
      { hreflang: 'en', href: 'https://vitrine.example/singleproject/sage-linen' },
      { hreflang: 'hi', href: 'https://vitrine.example/hi/singleproject/sage-alsi' },
      { hreflang: 'x-default', href: 'https://vitrine.example/singleproject/sage-linen' },
    ]);
    expect(head.openGraph).toMatchObject({
      locale: 'hi_IN',
      alternateLocales: ['en_IN'],
      url: 'https://vitrine.example/hi/singleproject/sage-alsi',
    });
    // The English page names the same alternates: each points at the other.
    const other = pageHead({ page: 'product', product: translated }, settings, SITE, english);
    expect(other.canonical).toBe('https://vitrine.example/singleproject/sage-linen');
    expect(other.alternates).toEqual(head.alternates);
  });

  it('says the page’s language in its JSON-LD, with its links in that language', () => {
    const head = pageHead({ page: 'product', product: translated }, settings, SITE, hindi);
    expect(head.jsonLd.map((item) => item['@type'])).toEqual([
      'Product',
      'BreadcrumbList',
      'WebPage',
    ]);
    expect(head.jsonLd[2]).toMatchObject({
      inLanguage: 'hi',
      url: 'https://vitrine.example/hi/singleproject/sage-alsi',
    });
    const crumbs = head.jsonLd[1].itemListElement as { item: string }[];
    expect(crumbs.map((crumb) => crumb.item)).toEqual([
      'https://vitrine.example/hi',
      'https://vitrine.example/hi/product',
      'https://vitrine.example/hi/product?category=Linen',
      'https://vitrine.example/hi/singleproject/sage-alsi',
    ]);
    // A file's address has no language.
    expect(head.openGraph.image?.url).toBe('https://vitrine.example/uploads/aaaa-1280.webp');
    const about = pageHead({ page: 'about' }, settings, SITE, hindi);
    expect(about.jsonLd[0]).toMatchObject({ '@type': 'AboutPage', inLanguage: 'hi' });
  });

  it('gives a page that is not found no alternates', () => {
    const head = pageHead({ page: 'not-found' }, settings, SITE, hindi);
    expect(head.alternates).toBeUndefined();
    expect(head.lang).toBe('hi');
  });
});
