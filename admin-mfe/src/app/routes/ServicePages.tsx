import { DEFAULT_SERVICE_CATEGORIES } from '@vitrine/contracts';
import { api } from '../../lib/api-client';
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
  endpoints: {
    list: (query, signal) => api.GET('/api/service', { params: { query }, signal }),
    get: (id, signal) => api.GET('/api/service/{id}', { params: { path: { id } }, signal }),
    categories: (signal) => api.GET('/api/service/getcategory', { signal }),
    remove: (id) => api.DELETE('/api/service/{id}', { params: { path: { id } } }),
    move: (id, to) => api.PUT('/api/service/{id}/position', { params: { path: { id } }, body: to }),
  },
};

/** /admin/service */
export function ServicesPage() {
  return <ContentListPage type={serviceType} />;
}

/** /admin/add-service and /admin/edit-service/:id */
export function ServiceFormPage() {
  return <ContentFormPage type={serviceType} />;
}
