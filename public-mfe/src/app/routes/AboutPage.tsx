import { PageIntro } from '../../components/PageIntro';
import { QueryStatus } from '../../components/QueryStatus';
import { useProducts } from '../../features/products/api/get-products';
import { ProductGrid } from '../../features/products/components/ProductCard';
import { usePageMeta } from '../../lib/use-page-meta';
import { useSiteSettings } from '../site-settings';

/** At most this many of the featured products. */
const FEATURED = 4;

/** `/about`: the company story, its figures, the featured products and the journey so far. */
export default function AboutPage() {
  const settingsQuery = useSiteSettings();
  const settings = settingsQuery.data;
  const featured = useProducts({ featured: true, limit: FEATURED });

  usePageMeta({ page: 'about', featured: featured.data }, settings);

  return (
    <>
      <PageIntro eyebrow={settings?.companyName} title="About us" lead={settings?.tagline} />
      <QueryStatus query={settingsQuery} what="our story" />
      {settings && (
        <section className="site-section" aria-labelledby="about-who">
          <div className="site-container split split--wide-start">
            <div>
              <h2 id="about-who" className="section-heading__title">
                Who we are
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
      {featured.data?.length !== 0 && (
        <section className="site-section site-section--muted" aria-labelledby="about-featured">
          <div className="site-container">
            <div className="section-heading">
              <p className="section-heading__eyebrow">From the looms</p>
              <h2 id="about-featured" className="section-heading__title">
                Featured products
              </h2>
            </div>
            <QueryStatus query={featured} what="the featured products" />
            {featured.data && <ProductGrid products={featured.data} showCategory />}
          </div>
        </section>
      )}
      {settings && (
        <section className="site-section" aria-labelledby="about-journey">
          <div className="site-container">
            <h2 id="about-journey" className="section-heading__title">
              Our journey
            </h2>
            <p className="site-lead">{settings.journey}</p>
          </div>
        </section>
      )}
    </>
  );
}
