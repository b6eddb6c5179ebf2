import type { Service } from '@vitrine/api-client';
import { formatPrice } from '@vitrine/contracts';
import { PhotoCarousel } from '../../../components/PhotoCarousel';
import { RichText } from '../../../components/RichText';
import { useTranslation } from '../../../lib/i18n';
import { useLocale } from '../../../lib/locale';
import './services.css';

/** A service's photos (the cover first), heading, status, value and description. */
export function ServiceDetails({ service }: { service: Service }) {
  const { t } = useTranslation();
  const price = formatPrice(service.ServicePrice, 0, useLocale().locale);
  return (
    <div className="split split--wide-start">
      <div className="service-details">
        {service.ServiceHeading && (
          <h2 className="service-details__heading">{service.ServiceHeading}</h2>
        )}
        <dl className="service-details__facts">
          {service.ServiceStatus && (
            <div>
              <dt>{t('service.status')}</dt>
              <dd>
                <span className="status-badge">{service.ServiceStatus}</span>
              </dd>
            </div>
          )}
          {price && (
            <div>
              <dt>{t('service.value')}</dt>
              <dd className="service-details__price">{price}</dd>
            </div>
          )}
        </dl>
        {service.ServiceDescription && <RichText html={service.ServiceDescription} />}
      </div>
      <PhotoCarousel
        name={service.ServiceName}
        photos={service.photos}
        media={service.media}
        sizes="(min-width: 56rem) 30rem, 100vw"
        className="service-details__image"
      />
    </div>
  );
}
