import type { SiteSettings } from '@vitrine/api-client';
import { whatsappLink } from '@vitrine/contracts';
import { telHref } from '../../lib/format';
import { useTranslation } from '../../lib/i18n';
import './sticky-contact.css';

/**
 * On phones, a bar at the bottom of every page to call the studio or write to it on
 * WhatsApp with one tap. Wider screens show the same contacts in the header and footer.
 */
export function StickyContact({ settings }: { settings: SiteSettings | undefined }) {
  const { t } = useTranslation();
  if (!settings?.phone && !settings?.whatsapp) return null;
  return (
    <nav className="sticky-contact" aria-label={t('stickyContact.label')}>
      {settings.phone && (
        <a className="sticky-contact__link" href={telHref(settings.phone)}>
          {t('stickyContact.call')}
        </a>
      )}
      {settings.whatsapp && (
        <a
          className="sticky-contact__link sticky-contact__link--whatsapp"
          href={whatsappLink(settings.whatsapp)}
          target="_blank"
          rel="noopener noreferrer"
        >
          WhatsApp
        </a>
      )}
    </nav>
  );
}
