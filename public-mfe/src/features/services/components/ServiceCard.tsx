import type { Service } from '@vitrine/api-client';
import { formatPrice } from '@vitrine/contracts';
import { Link } from '../../../lib/links';
import { MediaBox } from '../../../components/MediaBox';
import { Trans } from '../../../lib/i18n';
import { useLocale } from '../../../lib/locale';
import '../../../components/card-link.css';
import '../../../components/content-card.css';
import './services.css';

/** A service as a card; its name links to the service's own page (the whole card follows). */
export function ServiceCard({
  service,
  headingLevel = 2,
}: {
  service: Service;
  /** The card's title level under the section heading it sits in. */
  headingLevel?: 2 | 3;
}) {
  const price = formatPrice(service.ServicePrice, 0, useLocale().locale);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="content-card service-card">
      <MediaBox
        media={service.media}
        alt=""
        sizes="(min-width: 80rem) 24rem, (min-width: 44rem) 45vw, 100vw"
      />
      <div className="content-card__body">
        <p className="content-card__category">{service.ServiceCategory}</p>
        <Heading className="service-card__name">
          <Link to={`/singleservice/${encodeURIComponent(service.slug)}`} className="card-link">
            {service.ServiceName}
          </Link>
        </Heading>
        {service.ServiceHeading && (
          <p className="content-card__heading">{service.ServiceHeading}</p>
        )}
        <div className="service-card__meta">
          {price && (
            <p className="service-card__price">
              <Trans
                i18nKey="service.fromPrice"
                values={{ price }}
                components={{ from: <span className="service-card__from" /> }}
              />
            </p>
          )}
          {service.ServiceStatus && <p className="status-badge">{service.ServiceStatus}</p>}
        </div>
      </div>
    </article>
  );
}
