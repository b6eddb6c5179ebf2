import { DEFAULT_SERVICE_CATEGORIES } from '@vitrine/contracts';
import { contentEndpoints } from '../../features/content/api/content-endpoints';
import type { ContentType } from '../../features/content/content-type';
import { ContentFormPage } from '../../features/content/components/ContentFormPage';
import { ContentListPage } from '../../features/content/components/ContentListPage';

/** Services: the shared screens with the fields every content type has. */
const serviceType: ContentType<'Service'> = {
  prefix: 'Service',
  slug: 'service',
  pagePath: '/singleservice/',
  one: 'service',
  many: 'services',
  listDescription: 'Services offered on the site; drafts stay hidden from visitors.',
  defaultCategories: DEFAULT_SERVICE_CATEGORIES,
  priceHint: 'The price or starting fee in rupees, such as 1,450; leave empty if none',
  statusHint: 'Free text, e.g. Taking projects',
  statusSuggestions: ['Taking projects', 'Booked until next month', 'On request'],
  descriptionPlaceholder: 'What the service includes, how it works, what it costs…',
  extraFields: [],
  endpoints: contentEndpoints('service'),
};

/** /admin/service */
export function ServicesPage() {
  return <ContentListPage type={serviceType} />;
}

/** /admin/add-service and /admin/edit-service/:id */
export function ServiceFormPage() {
  return <ContentFormPage type={serviceType} />;
}
