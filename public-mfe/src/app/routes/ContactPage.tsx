import { Carousel } from '@vitrine/ui';
import { useSearchParams } from 'react-router-dom';
import { PageIntro } from '../../components/PageIntro';
import { ContactForm } from '../../features/enquiries/components/ContactForm';
import {
  productCategoriesQueryOptions,
  useProductCategories,
} from '../../features/products/api/get-product-categories';
import type { EnquirySubject } from '../../features/enquiries/enquiry-subject';
import { productQueryOptions, useProduct } from '../../features/products/api/get-product';
import { serviceQueryOptions, useService } from '../../features/services/api/get-service';
import { chatHref, telHref } from '../../lib/format';
import { pageLoader } from '../../lib/page-loader';
import { usePageMeta } from '../seo/use-page-meta';
import { useSiteSettings } from '../site-settings';
import { useTranslation } from '../../lib/i18n';
import './pages.css';

/** The slugs of the product or service the address names (`?product=`, else `?service=`). */
function subjectSlugs(params: URLSearchParams) {
  const productSlug = params.get('product');
  return { productSlug, serviceSlug: productSlug ? null : params.get('service') };
}

/** The collection's cover (the link preview's picture), and the enquiry's subject if named. */
export const loader = pageLoader(({ queryClient, api, searchParams }) => {
  const { productSlug, serviceSlug } = subjectSlugs(searchParams);
  return Promise.all([
    queryClient.prefetchQuery(productCategoriesQueryOptions(api)),
    productSlug !== null && queryClient.prefetchQuery(productQueryOptions(api, productSlug)),
    serviceSlug !== null && queryClient.prefetchQuery(serviceQueryOptions(api, serviceSlug)),
  ]);
});

/**
 * The product or service named in the address (`?product=<slug>`, `?service=<slug>`), once
 * loaded; undefined for a general enquiry, while it loads, or if it is gone.
 */
function useEnquirySubject(): EnquirySubject | undefined {
  const [params] = useSearchParams();
  const { productSlug, serviceSlug } = subjectSlugs(params);
  const product = useProduct(productSlug);
  const service = useService(serviceSlug);
  if (product.data) {
    const { _id, ProductName } = product.data;
    return { kind: 'product', id: _id, name: ProductName };
  }
  if (service.data) {
    const { _id, ServiceName } = service.data;
    return { kind: 'service', id: _id, name: ServiceName };
  }
  return undefined;
}

/** `/contact-us`: the enquiry form, the current offers, and the studio's contacts. */
export default function ContactPage() {
  const { t } = useTranslation();
  const settings = useSiteSettings().data;
  const subject = useEnquirySubject();
  // The link preview's picture: the collection's cover, as on the home page.
  const categories = useProductCategories().data;
  const cover = categories?.find((category) => category.media)?.media;
  usePageMeta({ page: 'contact', cover }, settings);

  const offers = (settings?.offers ?? []).map((offer) => (
    <div key={offer.title} className="offer-slide">
      <p className="offer-slide__title">{offer.title}</p>
      {offer.text && <p className="offer-slide__text">{offer.text}</p>}
    </div>
  ));

  return (
    <>
      <PageIntro
        eyebrow={t('contact.eyebrow')}
        title={t('contact.title')}
        lead={t('contact.lead')}
      />
      <div className="site-container site-section split split--wide-start">
        <section aria-labelledby="contact-form-title">
          <h2 id="contact-form-title" className="section-heading__title contact-title">
            {t('contact.formTitle')}
          </h2>
          <ContactForm about={subject} />
        </section>
        <div className="contact-aside">
          {offers.length > 0 && (
            <div>
              <h2 className="contact-aside__title">{t('contact.offers')}</h2>
              {/* The carousel is the landmark, named like the heading above it. */}
              <Carousel
                label={t('contact.offers')}
                slides={offers}
                autoPlayMs={6000}
                className="offers"
              />
            </div>
          )}
          {settings && (
            <section aria-labelledby="contact-details" className="contact-details">
              <h2 id="contact-details" className="contact-aside__title">
                {t('contact.visitOrCall')}
              </h2>
              <address className="contact-details__address">{settings.address}</address>
              <ul className="contact-details__list">
                <li>
                  <a href={telHref(settings.phone)}>{settings.phone}</a>
                </li>
                <li>
                  <a href={`mailto:${settings.email}`}>{settings.email}</a>
                </li>
                {chatHref(settings) && (
                  <li>
                    <a href={chatHref(settings)}>{t('contact.chat')}</a>
                  </li>
                )}
              </ul>
            </section>
          )}
        </div>
      </div>
    </>
  );
}
