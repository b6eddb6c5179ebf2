import type { EnquirySubjectKind } from '@vitrine/contracts';
import type { TFunction } from '../../lib/i18n';

/** The product or service an enquiry is about, as the contact page is asked to name it. */
export interface EnquirySubject {
  kind: EnquirySubjectKind;
  id: string;
  name: string;
}

/** The contact page, opened to ask about one product or service (by its slug). */
export function enquiryPath(kind: EnquirySubjectKind, slug: string): string {
  return `/contact-us?${kind}=${encodeURIComponent(slug)}`;
}

/** The message the contact form starts with when it is about one product or service. */
export function openingMessage(subject: EnquirySubject, t: TFunction): string {
  return t('enquiry.opening', { name: subject.name });
}

/** What a WhatsApp chat about a product or service starts with: its name and its address. */
export function whatsappText(name: string, pageUrl: string, t: TFunction): string {
  return t('enquiry.whatsapp', { name, pageUrl });
}
