import type { EnquirySubjectKind } from '@vitrine/contracts';
import { whatsappLink } from '@vitrine/contracts';
import { linkButtonClass } from '@vitrine/ui';
import { Link } from '../../../lib/links';
import { enquiryPath, whatsappText } from '../enquiry-subject';
import { usePageAddress } from '../hooks/use-page-address';
import { useTranslation } from '../../../lib/i18n';

export interface EnquiryActionsProps {
  kind: EnquirySubjectKind;
  name: string;
  slug: string;
  /** The WhatsApp number from the settings; no WhatsApp button without one. */
  whatsapp?: string;
  /** "Enquire about this product". */
  enquireLabel: string;
}

/**
 * A product's or a service's two ways to ask about it: the contact form, pre-filled and
 * linked to it, and a WhatsApp chat that starts with its name and address.
 */
export function EnquiryActions({ kind, name, slug, whatsapp, enquireLabel }: EnquiryActionsProps) {
  const { t } = useTranslation();
  const address = usePageAddress();
  return (
    <>
      <Link to={enquiryPath(kind, slug)} className={linkButtonClass('primary')}>
        {enquireLabel}
      </Link>
      {whatsapp && (
        <a
          href={whatsappLink(whatsapp, whatsappText(name, address, t))}
          className={linkButtonClass('secondary')}
          target="_blank"
          rel="noopener noreferrer"
        >
          {t('enquiry.askWhatsapp')}
        </a>
      )}
    </>
  );
}
