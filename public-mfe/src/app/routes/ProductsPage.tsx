import type { ProductCategory } from '@vitrine/api-client';
import { EmptyState, linkButtonClass } from '@vitrine/ui';
import { useSearchParams } from 'react-router-dom';
import { Link } from '../../lib/links';
import { LinkTabs } from '../../components/LinkTabs';
import { PageIntro } from '../../components/PageIntro';
import { QueryStatus } from '../../components/QueryStatus';
import {
  productCategoriesQueryOptions,
  useProductCategories,
} from '../../features/products/api/get-product-categories';
import { productsQueryOptions, useProducts } from '../../features/products/api/get-products';
import { ProductGrid } from '../../features/products/components/ProductCard';
import { pageLoader } from '../../lib/page-loader';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';
import { useTranslation } from '../../lib/i18n';
import './pages.css';

/** The tab shown: the address's category; without one (or an empty one), the first. */
function selectedCategory(
  params: URLSearchParams,
  categories: readonly ProductCategory[] | undefined,
): string | undefined {
  return params.get('category') || categories?.[0]?.ProductCategory;
}

/** The categories, and the products of the category shown. */
export const loader = pageLoader(async ({ queryClient, api, searchParams }) => {
  const categories = queryClient.ensureQueryData(productCategoriesQueryOptions(api));
  // Without a category in the address the first one is shown: its name comes with the list.
  const named = selectedCategory(searchParams, undefined);
  const selected = named ?? selectedCategory(searchParams, await categories);
  await Promise.all([
    categories,
    selected !== undefined &&
      queryClient.prefetchQuery(productsQueryOptions(api, { category: selected })),
  ]);
});

/**
 * `/product`: one tab per category in use, each listing its products. The chosen tab is in
 * the URL (`?category=Linen`), so a tab can be linked to and Back returns to the last one;
 * without it the first category is shown.
 */
export default function ProductsPage() {
  const { t } = useTranslation();
  const settings = useSiteSettings().data;
  const [params] = useSearchParams();
  const categoriesQuery = useProductCategories();
  const categories = categoriesQuery.data;
  const selected = selectedCategory(params, categories);
  const products = useProducts({ category: selected }, selected !== undefined);
  const cover = categories?.find((category) => category.ProductCategory === selected)?.media;

  // /product is its own address (the one the sitemap lists), though it shows the first tab.
  const chosen = params.get('category') || undefined;
  usePageMeta({ page: 'products', category: chosen, cover, products: products.data }, settings);

  return (
    <>
      <PageIntro
        eyebrow={t('projects.eyebrow')}
        title={t('projects.title')}
        lead={t('projects.lead')}
      />
      <div className="site-container site-section site-section--tight-top">
        <QueryStatus query={categoriesQuery} what={t('projects.categoriesWhat')} />
        {categories && categories.length === 0 && <EmptyState title={t('projects.empty')} />}
        {categories && categories.length > 0 && (
          <LinkTabs
            label={t('projects.categories')}
            tabs={categories.map((category) => ({
              label: category.ProductCategory,
              to: `/product?category=${encodeURIComponent(category.ProductCategory)}`,
              selected: category.ProductCategory === selected,
              count: category.count,
            }))}
          />
        )}
        {selected && (
          <section aria-labelledby="products-heading">
            <h2 id="products-heading" className="section-heading__title products-heading">
              {selected}
            </h2>
            <QueryStatus
              query={products}
              what={t('projects.inCategoryWhat', { category: selected })}
            />
            {products.data && products.data.length === 0 && (
              <EmptyState
                title={t('projects.emptyCategory', { category: selected })}
                action={
                  <Link to="/product" className={linkButtonClass('secondary')}>
                    {t('projects.everyCategory')}
                  </Link>
                }
              />
            )}
            {products.data && products.data.length > 0 && (
              <ProductGrid products={products.data} priority />
            )}
          </section>
        )}
      </div>
    </>
  );
}
