import { FeaturedSection } from '../../components/FeaturedSection';
import { PageIntro } from '../../components/PageIntro';
import { QueryStatus } from '../../components/QueryStatus';
import { productsQueryOptions, useProducts } from '../../features/products/api/get-products';
import { ProductGrid } from '../../features/products/components/ProductCard';
import {
  featuredReviewsQueryOptions,
  useFeaturedReviews,
} from '../../features/reviews/api/get-reviews';
import { ReviewQuotes } from '../../features/reviews/components/ReviewQuotes';
import { pageLoader } from '../../lib/page-loader';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';
import { useTranslation } from '../../lib/i18n';

/** At most this many of the featured products, and of the featured reviews. */
const FEATURED = 4;
const FEATURED_REVIEWS = 3;

export const loader = pageLoader(({ queryClient, api }) =>
  Promise.all([
    queryClient.prefetchQuery(productsQueryOptions(api, { featured: true, limit: FEATURED })),
    queryClient.prefetchQuery(featuredReviewsQueryOptions(api, FEATURED_REVIEWS)),
  ]),
);

/**
 * `/about`: the company story, its figures, the featured products, the journey so far and
 * what the first featured clients say.
 */
export default function AboutPage() {
  const { t } = useTranslation();
  const settingsQuery = useSiteSettings();
  const settings = settingsQuery.data;
  const featured = useProducts({ featured: true, limit: FEATURED });
  const reviews = useFeaturedReviews(FEATURED_REVIEWS);

  usePageMeta({ page: 'about', featured: featured.data }, settings);

  return (
    <>
      <PageIntro
        eyebrow={settings?.companyName}
        title={t('about.title')}
        lead={settings?.tagline}
      />
      <QueryStatus query={settingsQuery} what={t('about.story')} />
      {settings && (
        <section className="site-section" aria-labelledby="about-who">
          <div className="site-container split split--wide-start">
            <div>
              <h2 id="about-who" className="section-heading__title">
                {t('about.whoWeAre')}
              </h2>
              <p className="site-lead">{settings.about}</p>
            </div>
            {settings.figures.length > 0 && (
              <dl className="figures">
                {settings.figures.map((figure) => (
                  <div key={figure.label} className="figures__item">
                    <dt className="figures__label">{figure.label}</dt>
                    <dd className="figures__value">{figure.value}</dd>
                  </div>
                ))}
              </dl>
            )}
          </div>
        </section>
      )}
      <FeaturedSection
        id="about-featured"
        eyebrow={t('about.featuredEyebrow')}
        title={t('featured.projects')}
        query={featured}
        what={t('featured.projectsWhat')}
        muted
      >
        {(products) => <ProductGrid products={products} showCategory />}
      </FeaturedSection>
      {settings && (
        <section className="site-section" aria-labelledby="about-journey">
          <div className="site-container">
            <h2 id="about-journey" className="section-heading__title">
              {t('about.journey')}
            </h2>
            <p className="site-lead">{settings.journey}</p>
          </div>
        </section>
      )}
      {reviews.data && reviews.data.length > 0 && (
        <section className="site-section site-section--muted" aria-labelledby="about-reviews">
          <div className="site-container">
            <h2 id="about-reviews" className="section-heading__title">
              {t('reviews.whatClientsSay')}
            </h2>
            <ReviewQuotes reviews={reviews.data} />
          </div>
        </section>
      )}
    </>
  );
}
