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
        eyebrow="What we do"
        title="Services"
        lead="Architecture, landscapes, Vastu and kitchens, designed around the people who use them."
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
            label="Service categories"
            tabs={[
              { label: 'All', to: '/service', selected: category === undefined, count: total },
              ...categories.data.map((item) => ({
                label: item.ServiceCategory,
                to: `/service?category=${encodeURIComponent(item.ServiceCategory)}`,
                selected: item.ServiceCategory === category,
                count: item.count,
              })),
            ]}
          />
        )}
        <QueryStatus query={services} what="the services" />
        {services.data && services.data.length === 0 && (
          <EmptyState
            title={category ? `No ${category} services at the moment` : 'No services yet'}
          />
        )}
        {services.data && services.data.length > 0 && (
          <ul className="card-grid card-grid--wide" aria-label={category ?? 'All services'}>
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
