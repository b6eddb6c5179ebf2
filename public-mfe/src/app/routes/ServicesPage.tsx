import { EmptyState } from '@vitrine/ui';
import { useSearchParams } from 'react-router-dom';
import { LinkTabs } from '../../components/LinkTabs';
import { PageIntro } from '../../components/PageIntro';
import { QueryStatus } from '../../components/QueryStatus';
import {
  serviceCategoriesQueryOptions,
  useServiceCategories,
} from '../../features/services/api/get-service-categories';
import { servicesQueryOptions, useServices } from '../../features/services/api/get-services';
import { ServiceCard } from '../../features/services/components/ServiceCard';
import { pageLoader } from '../../lib/page-loader';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';
import { useTranslation } from '../../lib/i18n';

/** The category in the address; an empty ?category= means All. */
const chosenCategory = (params: URLSearchParams) => params.get('category') || undefined;

export const loader = pageLoader(({ queryClient, api, searchParams }) =>
  Promise.all([
    queryClient.prefetchQuery(serviceCategoriesQueryOptions(api)),
    queryClient.prefetchQuery(servicesQueryOptions(api, chosenCategory(searchParams))),
  ]),
);

/**
 * `/service`: the services as cards, filtered by category: All, then each category in use.
 * The filter lives in the URL (`?category=Landscape`), so it can be linked to.
 */
export default function ServicesPage() {
  const { t } = useTranslation();
  const settings = useSiteSettings().data;
  const [params] = useSearchParams();
  const category = chosenCategory(params);
  const categories = useServiceCategories();
  const services = useServices(category);
  const total = categories.data?.reduce((sum, item) => sum + item.count, 0);

  usePageMeta({ page: 'services', category, services: services.data }, settings);

  return (
    <>
      <PageIntro
        eyebrow={t('services.eyebrow')}
        title={t('services.title')}
        lead={t('services.lead')}
      />
      <div className="site-container site-section site-section--tight-top">
        {settings?.servicesOffer && (
          <p className="service-offer">
            <span aria-hidden="true">%</span>
            {settings.servicesOffer}
          </p>
        )}
        {categories.data && categories.data.length > 0 && (
          <LinkTabs
            label={t('services.categories')}
            tabs={[
              {
                label: t('services.allTab'),
                to: '/service',
                selected: category === undefined,
                count: total,
              },
              ...categories.data.map((item) => ({
                label: item.ServiceCategory,
                to: `/service?category=${encodeURIComponent(item.ServiceCategory)}`,
                selected: item.ServiceCategory === category,
                count: item.count,
              })),
            ]}
          />
        )}
        <QueryStatus query={services} what={t('services.what')} />
        {services.data && services.data.length === 0 && (
          <EmptyState
            title={category ? t('services.emptyCategory', { category }) : t('services.empty')}
          />
        )}
        {services.data && services.data.length > 0 && (
          <ul className="card-grid card-grid--wide" aria-label={category ?? t('services.allList')}>
            {services.data.map((service) => (
              <li key={service._id}>
                <ServiceCard service={service} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </>
  );
}
