import heroVideo from '../../../assets/hero-weave.webm';
import type { ProductCategory, SiteSettings } from '@vitrine/api-client';
import { ErrorState, linkButtonClass, usePrefersReducedMotion } from '@vitrine/ui';
import { Link } from '../../../lib/links';
import { FeaturedSection } from '../../../components/FeaturedSection';
import { MediaBox } from '../../../components/MediaBox';
import { QueryStatus } from '../../../components/QueryStatus';
import { DeferredCallbackForm } from '../../../features/enquiries/components/DeferredCallbackForm';
import {
  productCategoriesQueryOptions,
  useProductCategories,
} from '../../../features/products/api/get-product-categories';
import { productsQueryOptions, useProducts } from '../../../features/products/api/get-products';
import { ProductGrid } from '../../../features/products/components/ProductCard';
import { CategoryCards } from '../../../features/products/components/CategoryCards';
import {
  featuredReviewsQueryOptions,
  useFeaturedReviews,
} from '../../../features/reviews/api/get-reviews';
import { ReviewQuotes } from '../../../features/reviews/components/ReviewQuotes';
import {
  featuredServicesQueryOptions,
  useFeaturedServices,
} from '../../../features/services/api/get-services';
import { ServiceCard } from '../../../features/services/components/ServiceCard';
import { telHref } from '../../../lib/format';
import { pageLoader } from '../../../lib/page-loader';
import { usePageMeta } from '../../seo/use-page-meta';
import { useSiteSettings } from '../../site-settings';
import { Trans, useTranslation } from '../../../lib/i18n';
import './home.css';

/**
 * `/`: banner, the studio in brief, the story, the featured products, the categories, the
 * featured services, what featured clients say, a call-back form, an offer.
 */
export function HomePage() {
  const { t } = useTranslation();
  const settingsQuery = useSiteSettings();
  const categoriesQuery = useProductCategories();
  const settings = settingsQuery.data;
  const categories = categoriesQuery.data ?? [];
  usePageMeta({ page: 'home', categories: categoriesQuery.data }, settings);

  if (!settings) {
    return (
      <>
        <Hero categories={categories} />
        {settingsQuery.error && (
          <div className="site-container site-section">
            <h1 className="vt-visually-hidden">{t('home.loadError')}</h1>
            <ErrorState
              title={t('home.loadError')}
              message={t('status.tryLater')}
              onRetry={() => void settingsQuery.refetch()}
            />
          </div>
        )}
      </>
    );
  }

  return (
    <>
      <Hero settings={settings} categories={categories} />
      <BrandAndBranch settings={settings} />
      <Story settings={settings} cover={categories[1] ?? categories[0]} />
      <FeaturedProducts />
      <section className="site-section site-section--muted" aria-labelledby="home-categories">
        <div className="site-container">
          <div className="section-heading">
            <p className="section-heading__eyebrow">{t('projects.eyebrow')}</p>
            <h2 id="home-categories" className="section-heading__title">
              {t('home.byCategory')}
            </h2>
          </div>
          <QueryStatus query={categoriesQuery} what={t('projects.categoriesWhat')} />
          <CategoryCards categories={categories} phone={settings.phone} />
        </div>
      </section>
      <FeaturedServices />
      <FeaturedReviews />
      <section id="callback" className="site-section" aria-labelledby="home-callback">
        <div className="site-container split split--center">
          <div className="section-heading">
            <p className="section-heading__eyebrow">{t('home.callbackEyebrow')}</p>
            <h2 id="home-callback" className="section-heading__title">
              {t('home.callback')}
            </h2>
            <p className="section-heading__lead">
              <Trans
                i18nKey="home.callbackLead"
                values={{ phone: settings.phone }}
                components={{ phone: <a href={telHref(settings.phone)} /> }}
              />
            </p>
          </div>
          <DeferredCallbackForm />
        </div>
      </section>
      <CallToAction settings={settings} />
    </>
  );
}

/** What the home page shows besides the settings: the categories and what is featured. */
export const loader = pageLoader(({ queryClient, api }) =>
  Promise.all([
    queryClient.prefetchQuery(productCategoriesQueryOptions(api)),
    queryClient.prefetchQuery(productsQueryOptions(api, { featured: true, limit: FEATURED })),
    queryClient.prefetchQuery(featuredServicesQueryOptions(api, FEATURED_SERVICES)),
    queryClient.prefetchQuery(featuredReviewsQueryOptions(api, FEATURED_REVIEWS)),
  ]),
);

/** `video/mp4` or `video/webm`, from a video file's address. */
const videoType = (url: string) => (/\.webm(?:[?#]|$)/i.test(url) ? 'video/webm' : 'video/mp4');

/**
 * The banner. Its picture is the one chosen in the settings, or else the first category's
 * cover, drawn as a responsive, high-priority image (the page's largest paint) with its
 * library alt text. A video loops over it, muted, unless the visitor asks for less motion:
 * the one chosen with the picture, none when a picture was chosen alone, and by default a
 * slow woven pattern (66 KB, made by tools/make-hero-video.js). The video fills the
 * picture's box, so nothing moves when it starts, and has no poster: until its first frame
 * it is transparent over the picture, which a poster would fetch a second time, at its
 * largest width (on a phone, where the picture is 960 px, another 1280 or 1920 px copy
 * competing with the page itself on a slow network).
 */
function Hero({
  settings,
  categories,
}: {
  settings?: SiteSettings;
  categories: readonly ProductCategory[];
}) {
  const { t } = useTranslation();
  const reducedMotion = usePrefersReducedMotion();
  const banner = settings?.banner;
  const cover = banner?.media ?? categories.find((category) => category.media)?.media;
  const video = banner ? banner.videoUrl || undefined : heroVideo;

  return (
    <section className="hero" aria-labelledby={settings ? 'home-title' : undefined}>
      <div className="hero__media">
        {cover && (
          <MediaBox
            media={cover}
            alt={banner?.alt ?? ''}
            sizes="100vw"
            priority
            className="hero__image"
          />
        )}
        {cover && video && !reducedMotion && (
          <video className="hero__video" autoPlay muted loop playsInline aria-hidden="true">
            <source src={video} type={videoType(video)} />
          </video>
        )}
      </div>
      <div className="site-container hero__content">
        {settings && (
          <>
            <h1 id="home-title" className="hero__title">
              <span className="hero__company">{settings.companyName}</span>
              <span className="vt-visually-hidden">: </span>
              {settings.heroTitle}
            </h1>
            <p className="hero__subtitle">{settings.heroSubtitle}</p>
            <div className="button-row">
              <Link to="/product" className={linkButtonClass('primary', 'hero__primary')}>
                {t('home.explore')}
              </Link>
              <a href="#callback" className={linkButtonClass('secondary', 'hero__secondary')}>
                {t('home.callback')}
              </a>
            </div>
          </>
        )}
      </div>
    </section>
  );
}

/** The brand (who we are) and the branch network (where we reach), side by side. */
function BrandAndBranch({ settings }: { settings: SiteSettings }) {
  const { t } = useTranslation();
  return (
    <section className="site-section" aria-labelledby="home-brand">
      <div className="site-container split split--wide-start">
        <div className="brand-block">
          <p className="section-heading__eyebrow">{t('home.studio')}</p>
          <h2 id="home-brand" className="section-heading__title">
            {settings.tagline}
          </h2>
          <p className="site-lead">{settings.description}</p>
          <Link to="/about" className={linkButtonClass('secondary')}>
            {t('home.aboutStudio')}
          </Link>
        </div>
        <div className="branch-block">
          <h2 id="home-branch" className="branch-block__title">
            {t('home.whereToFind')}
          </h2>
          <address className="branch-block__address">{settings.address}</address>
          {settings.figures.length > 0 && (
            <dl className="branch-block__figures">
              {settings.figures.map((figure) => (
                <div key={figure.label}>
                  <dt>{figure.label}</dt>
                  <dd>{figure.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>
    </section>
  );
}

/** How many featured products the home page shows. */
const FEATURED = 8;

/** The products the studio features, in the order it chose; nothing when none is. */
function FeaturedProducts() {
  const { t } = useTranslation();
  const featured = useProducts({ featured: true, limit: FEATURED });
  return (
    <FeaturedSection
      id="home-featured"
      eyebrow={t('home.featuredEyebrow')}
      title={t('home.featuredFabrics')}
      query={featured}
      what={t('featured.projectsWhat')}
    >
      {(products) => <ProductGrid products={products} showCategory />}
    </FeaturedSection>
  );
}

/** How many featured services and reviews the home page shows. */
const FEATURED_SERVICES = 6;
const FEATURED_REVIEWS = 6;

/** The services the studio features, in the order it chose; nothing when none is. */
function FeaturedServices() {
  const { t } = useTranslation();
  const featured = useFeaturedServices(FEATURED_SERVICES);
  return (
    <FeaturedSection
      id="home-services"
      eyebrow={t('services.eyebrow')}
      title={t('featured.services')}
      query={featured}
      what={t('featured.servicesWhat')}
    >
      {(services) => (
        <ul className="card-grid card-grid--wide">
          {services.map((service) => (
            <li key={service._id}>
              <ServiceCard service={service} headingLevel={3} />
            </li>
          ))}
        </ul>
      )}
    </FeaturedSection>
  );
}

/** What featured clients say, in the order the studio chose; nothing when none is featured. */
function FeaturedReviews() {
  const { t } = useTranslation();
  const featured = useFeaturedReviews(FEATURED_REVIEWS);
  return (
    <FeaturedSection
      id="home-reviews"
      eyebrow={t('reviews.eyebrow')}
      title={t('reviews.whatClientsSay')}
      query={featured}
      what={t('reviews.what')}
      muted
    >
      {(reviews) => (
        <>
          <ReviewQuotes reviews={reviews} />
          <p>
            <Link to="/reviews">{t('reviews.all')}</Link>
          </p>
        </>
      )}
    </FeaturedSection>
  );
}

function Story({ settings, cover }: { settings: SiteSettings; cover?: ProductCategory }) {
  const { t } = useTranslation();
  return (
    <section className="site-section story" aria-labelledby="home-story">
      <div className="site-container split split--center">
        <MediaBox
          media={cover?.media}
          alt=""
          sizes="(min-width: 56rem) 36rem, 100vw"
          className="story__image"
        />
        <div>
          <p className="section-heading__eyebrow">{t('home.storyEyebrow')}</p>
          <h2 id="home-story" className="section-heading__title">
            {t('home.story')}
          </h2>
          <p className="site-lead">{settings.story}</p>
        </div>
      </div>
    </section>
  );
}

/** The closing strip: the current offer, and two ways to get in touch. */
function CallToAction({ settings }: { settings: SiteSettings }) {
  const { t } = useTranslation();
  const offer = settings.offers[0];
  return (
    <section className="cta-strip" aria-labelledby="home-cta">
      <div className="site-container cta-strip__inner">
        <div>
          <h2 id="home-cta" className="cta-strip__title">
            {offer?.title ?? settings.tagline}
          </h2>
          {offer?.text && <p className="cta-strip__text">{offer.text}</p>}
        </div>
        <div className="cta-strip__actions">
          <Link to="/contact-us" className={linkButtonClass('primary', 'cta-strip__primary')}>
            {t('home.sendEnquiry')}
          </Link>
          <a
            href={telHref(settings.phone)}
            className={linkButtonClass('secondary', 'cta-strip__secondary')}
          >
            {t('home.callPhone', { phone: settings.phone })}
          </a>
        </div>
      </div>
    </section>
  );
}
