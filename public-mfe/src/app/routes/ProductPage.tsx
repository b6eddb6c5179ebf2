import type { Product } from '@vitrine/api-client';
import { linkButtonClass, LoadingState } from '@vitrine/ui';
import { Link, useParams } from 'react-router-dom';
import { MediaBox } from '../../components/MediaBox';
import { NotFoundMessage } from '../../components/NotFoundMessage';
import { PageIntro } from '../../components/PageIntro';
import { QueryStatus } from '../../components/QueryStatus';
import { EnquiryActions } from '../../features/enquiries/components/EnquiryActions';
import { productQueryOptions, useProduct } from '../../features/products/api/get-product';
import { productsQueryOptions, useProducts } from '../../features/products/api/get-products';
import { ProductGrid } from '../../features/products/components/ProductCard';
import { ProductDetails } from '../../features/products/components/ProductDetails';
import { ProductPhotos } from '../../features/products/components/ProductPhotos';
import { pageLoader } from '../../lib/page-loader';
import { Redirect } from '../../lib/server-response';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';
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

/**
 * `/singleproject/:slug`: one product, from the address alone (a shared link works): its
 * banner, facts and description, a carousel of its own photos (the cover first), and the
 * category's other products.
 */
export default function ProductPage() {
  const { slug = '' } = useParams();
  const settings = useSiteSettings().data;
  const productQuery = useProduct(slug);
  const product = productQuery.data;

  usePageMeta(
    productQuery.error?.status === 404
      ? { page: 'not-found', title: 'Product not found' }
      : { page: 'product', product },
    settings,
  );

  if (productQuery.error?.status === 404) {
    return (
      <NotFoundMessage
        title="Product not found"
        back={{ to: '/product', label: 'See all products' }}
      >
        We could not find that product. It may have been renamed or is no longer in the collection;
        every product we make is on the products page.
      </NotFoundMessage>
    );
  }
  // An earlier slug or the name (older links): the address it has now, for good.
  if (product && product.slug !== slug) {
    return <Redirect to={`/singleproject/${encodeURIComponent(product.slug)}`} permanent />;
  }
  if (!product) {
    return productQuery.error ? (
      <div className="site-container site-section">
        <h1 className="vt-visually-hidden">Product</h1>
        <QueryStatus query={productQuery} what="this product" />
      </div>
    ) : (
      <LoadingState label="Loading the product…" className="page-loading" />
    );
  }

  return <ProductView product={product} whatsapp={settings?.whatsapp} />;
}

/** A product's page once it is known: also what a draft preview shows. */
export function ProductView({ product, whatsapp }: { product: Product; whatsapp?: string }) {
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
      <section className="site-section" aria-label="Product details">
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
                enquireLabel="Enquire about this product"
              />
              <Link
                to={`/product?category=${encodeURIComponent(category)}`}
                className={linkButtonClass('secondary')}
              >
                All {category} products
              </Link>
            </div>
          </div>
        </div>
      </section>
      <section className="site-section site-section--muted" aria-labelledby="product-more">
        <div className="site-container">
          <div className="section-heading">
            <h2 id="product-more" className="section-heading__title">
              More in {category}
            </h2>
          </div>
          <QueryStatus query={related} what={`the other ${category} products`} />
          {related.data && others.length === 0 && (
            <p>This is the only {category} product for now.</p>
          )}
          {others.length > 0 && <ProductGrid products={others} headingLevel={3} />}
        </div>
      </section>
    </>
  );
}
