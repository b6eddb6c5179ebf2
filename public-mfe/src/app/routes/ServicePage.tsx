import type { Service, SiteSettings } from '@vitrine/api-client';
import { linkButtonClass, LoadingState } from '@vitrine/ui';
import { Link, useParams } from 'react-router-dom';
import { NotFoundMessage } from '../../components/NotFoundMessage';
import { PageIntro } from '../../components/PageIntro';
import { QueryStatus } from '../../components/QueryStatus';
import { EnquiryActions } from '../../features/enquiries/components/EnquiryActions';
import { serviceQueryOptions, useService } from '../../features/services/api/get-service';
import { ServiceDetails } from '../../features/services/components/ServiceDetails';
import { pageLoader } from '../../lib/page-loader';
import { Redirect } from '../../lib/server-response';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';
import './pages.css';

export const loader = pageLoader(({ queryClient, api, params }) =>
  queryClient.prefetchQuery(serviceQueryOptions(api, params.slug ?? '')),
);

/** `/singleservice/:slug`: one service; the old links by name work too (the API matches both). */
export default function ServicePage() {
  const { slug = '' } = useParams();
  const settings = useSiteSettings().data;
  const query = useService(slug);
  const service = query.data;

  usePageMeta(
    query.error?.status === 404
      ? { page: 'not-found', title: 'Service not found' }
      : { page: 'service', service },
    settings,
  );

  if (query.error?.status === 404) {
    return (
      <NotFoundMessage
        title="Service not found"
        back={{ to: '/service', label: 'See all services' }}
      >
        We could not find that service. It may have been renamed or is no longer offered; every
        service we offer is on the services page.
      </NotFoundMessage>
    );
  }
  // An earlier slug or the name (older links): the address it has now, for good.
  if (service && service.slug !== slug) {
    return <Redirect to={`/singleservice/${encodeURIComponent(service.slug)}`} permanent />;
  }
  if (!service) {
    return query.error ? (
      <div className="site-container site-section">
        <h1 className="vt-visually-hidden">Service</h1>
        <QueryStatus query={query} what="this service" />
      </div>
    ) : (
      <LoadingState label="Loading the service…" className="page-loading" />
    );
  }

  return <ServiceView service={service} settings={settings} />;
}

/** A service's page once it is known: also what a draft preview shows. */
export function ServiceView({
  service,
  settings,
}: {
  service: Service;
  settings: SiteSettings | undefined;
}) {
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
            enquireLabel="Ask about this service"
          />
          <Link to="/service" className={linkButtonClass('secondary')}>
            All services
          </Link>
        </div>
        {settings?.servicesOffer && (
          <p className="service-offer page-offer">{settings.servicesOffer}</p>
        )}
      </div>
    </>
  );
}
