import type { EnquirySubjectKind } from '@vitrine/contracts';

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
export function openingMessage(subject: EnquirySubject): string {
  return `Hello, I would like to know more about ${subject.name}.`;
}

/** What a WhatsApp chat about a product or service starts with: its name and its address. */
export function whatsappText(name: string, pageUrl: string): string {
  return `Hello, I would like to know more about ${name}: ${pageUrl}`;
}
