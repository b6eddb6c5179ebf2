import type { Service, SiteSettings } from '@vitrine/api-client';
import { linkButtonClass } from '@vitrine/ui';
import { Link } from '../../lib/links';
import { PageIntro } from '../../components/PageIntro';
import { EnquiryActions } from '../../features/enquiries/components/EnquiryActions';
import { serviceQueryOptions } from '../../features/services/api/get-service';
import { ServiceDetails } from '../../features/services/components/ServiceDetails';
import { pageLoader } from '../../lib/page-loader';
import { type ItemKind, itemPage } from '../layout/item-page';
import { useTranslation } from '../../lib/i18n';
import './pages.css';

export const loader = pageLoader(({ queryClient, api, params }) =>
  queryClient.prefetchQuery(serviceQueryOptions(api, params.slug ?? '')),
);

const SERVICE: ItemKind<Service> = {
  one: 'service',
  path: '/singleservice/',
  query: serviceQueryOptions,
  meta: (service) => ({ page: 'service', service }),
  back: { to: '/service' },
};

/** `/singleservice/:slug`: one service; the old links by name work too (the API matches both). */
export default itemPage(SERVICE, (service, settings) => (
  <ServiceView service={service} settings={settings} />
));

/** A service's page once it is known: also what a draft preview shows. */
export function ServiceView({
  service,
  settings,
}: {
  service: Service;
  settings: SiteSettings | undefined;
}) {
  const { t } = useTranslation();
  return (
    <>
      <PageIntro
        eyebrow={
          <Link to={`/service?category=${encodeURIComponent(service.ServiceCategory)}`}>
            {service.ServiceCategory}
          </Link>
        }
        title={service.ServiceName}
      />
      <div className="site-container site-section">
        <ServiceDetails service={service} />
        <div className="button-row">
          <EnquiryActions
            kind="service"
            name={service.ServiceName}
            slug={service.slug}
            whatsapp={settings?.whatsapp}
            enquireLabel={t('service.enquire')}
          />
          <Link to="/service" className={linkButtonClass('secondary')}>
            {t('service.all')}
          </Link>
        </div>
        {settings?.servicesOffer && (
          <p className="service-offer page-offer">{settings.servicesOffer}</p>
        )}
      </div>
    </>
  );
}
