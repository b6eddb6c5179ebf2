import type { Product } from '@vitrine/api-client';
import { linkButtonClass } from '@vitrine/ui';
import { Link } from '../../lib/links';
import { MediaBox } from '../../components/MediaBox';
import { PageIntro } from '../../components/PageIntro';
import { QueryStatus } from '../../components/QueryStatus';
import { EnquiryActions } from '../../features/enquiries/components/EnquiryActions';
import { productQueryOptions } from '../../features/products/api/get-product';
import { productsQueryOptions, useProducts } from '../../features/products/api/get-products';
import { ProductGrid } from '../../features/products/components/ProductCard';
import { ProductDetails } from '../../features/products/components/ProductDetails';
import { ProductPhotos } from '../../features/products/components/ProductPhotos';
import { pageLoader } from '../../lib/page-loader';
import { type ItemKind, itemPage } from '../layout/item-page';
import { useTranslation } from '../../lib/i18n';
import './pages.css';

/**
 * The product, then the other products of its category; nothing more for an earlier slug,
 * which is only redirected. A missing product (404) rejects, and the page shows it so.
 */
export const loader = pageLoader(async ({ queryClient, api, params }) => {
  const slug = params.slug ?? '';
  const product = await queryClient.ensureQueryData(productQueryOptions(api, slug));
  if (product.slug !== slug) return;
  await queryClient.prefetchQuery(productsQueryOptions(api, { category: product.ProductCategory }));
});

const PRODUCT: ItemKind<Product> = {
  one: 'project',
  path: '/singleproject/',
  query: productQueryOptions,
  meta: (product) => ({ page: 'product', product }),
  back: { to: '/product' },
};

/**
 * `/singleproject/:slug`: one product, from the address alone (a shared link works): its
 * banner, facts and description, a carousel of its own photos (the cover first), and the
 * category's other products.
 */
export default itemPage(PRODUCT, (product, settings) => (
  <ProductView product={product} whatsapp={settings?.whatsapp} />
));

/** A product's page once it is known: also what a draft preview shows. */
export function ProductView({ product, whatsapp }: { product: Product; whatsapp?: string }) {
  const { t } = useTranslation();
  const related = useProducts({ category: product.ProductCategory });
  const others = related.data?.filter((item) => item._id !== product._id) ?? [];
  const category = product.ProductCategory;
  return (
    <>
      <PageIntro
        eyebrow={<Link to={`/product?category=${encodeURIComponent(category)}`}>{category}</Link>}
        title={product.ProductName}
        background={<MediaBox media={product.media} alt="" sizes="100vw" priority />}
      />
      <section className="site-section" aria-label={t('project.details')}>
        <div className="site-container split">
          <ProductPhotos product={product} />
          <div>
            <ProductDetails product={product} />
            <div className="button-row">
              <EnquiryActions
                kind="product"
                name={product.ProductName}
                slug={product.slug}
                whatsapp={whatsapp}
                enquireLabel={t('project.enquire')}
              />
              <Link
                to={`/product?category=${encodeURIComponent(category)}`}
                className={linkButtonClass('secondary')}
              >
                {t('project.allInCategory', { category })}
              </Link>
            </div>
          </div>
        </div>
      </section>
      <section className="site-section site-section--muted" aria-labelledby="product-more">
        <div className="site-container">
          <div className="section-heading">
            <h2 id="product-more" className="section-heading__title">
              {t('project.moreIn', { category })}
            </h2>
          </div>
          <QueryStatus query={related} what={t('project.others', { category })} />
          {related.data && others.length === 0 && <p>{t('project.onlyOne', { category })}</p>}
          {others.length > 0 && <ProductGrid products={others} headingLevel={3} />}
        </div>
      </section>
    </>
  );
}
