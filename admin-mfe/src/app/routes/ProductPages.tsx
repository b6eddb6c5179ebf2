import { DEFAULT_PRODUCT_CATEGORIES } from '@vitrine/contracts';
import { contentEndpoints } from '../../features/content/api/content-endpoints';
import type { ContentType } from '../../features/content/content-type';
import { ContentFormPage } from '../../features/content/components/ContentFormPage';
import { ContentListPage } from '../../features/content/components/ContentListPage';
import { ProductInsightsPanel } from '../../features/insights/components/ProductInsightsPanel';

/** Products, which the admin calls projects: the shared screens plus client, location, size. */
const productType: ContentType<'Product', 'Client' | 'Location' | 'Size'> = {
  prefix: 'Product',
  slug: 'product',
  pagePath: '/singleproject/',
  one: 'project',
  many: 'projects',
  listDescription: 'Projects shown on the site; drafts stay hidden from visitors.',
  orderedWithinCategory: true,
  defaultCategories: DEFAULT_PRODUCT_CATEGORIES,
  priceHint: 'The price or project value in rupees, such as 1,45,000; leave empty if none',
  statusHint: 'Free text, e.g. Completed or In progress',
  statusSuggestions: ['Completed', 'In progress', 'In stock', 'Made to order'],
  descriptionPlaceholder: 'What was made, for whom, and what makes it special…',
  extraFields: [
    { key: 'Client', label: 'Client' },
    { key: 'Location', label: 'Location' },
    { key: 'Size', label: 'Size', hint: 'e.g. 2,400 sq ft or 44 in width' },
  ],
  endpoints: contentEndpoints('product'),
  editPanel: (record) => record.slug && <ProductInsightsPanel slug={record.slug} />,
};

/** /admin/product */
export function ProductsPage() {
  return <ContentListPage type={productType} />;
}

/** /admin/add-product and /admin/edit-product/:id */
export function ProductFormPage() {
  return <ContentFormPage type={productType} />;
}
