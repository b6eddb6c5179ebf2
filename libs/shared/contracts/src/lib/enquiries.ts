export const ENQUIRY_STATUSES = ['new', 'read', 'replied', 'archived'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/** Which public form an enquiry came from: the contact page or the home page call-back form. */
export const ENQUIRY_SOURCES = ['contact', 'callback'] as const;
export type EnquirySource = (typeof ENQUIRY_SOURCES)[number];

/** Every status an enquiry can have in storage: the honeypot's catches are kept as `spam`. */
export const ENQUIRY_STORED_STATUSES = [...ENQUIRY_STATUSES, 'spam'] as const;
export type EnquiryStoredStatus = (typeof ENQUIRY_STORED_STATUSES)[number];

/** What an enquiry can be about: a product (project) or a service of the site. */
export const ENQUIRY_SUBJECT_KINDS = ['product', 'service'] as const;
export type EnquirySubjectKind = (typeof ENQUIRY_SUBJECT_KINDS)[number];

/**
 * The number a `https://wa.me/<number>` link takes: the international number in digits
 * only, without `+`, spaces or a leading 00.
 */
export function whatsappNumber(phone: string): string {
  return phone.replace(/\D/g, '').replace(/^00/, '');
}

/** A WhatsApp chat with `number` (any phone notation), opened with `text` typed in. */
export function whatsappLink(phone: string, text?: string): string {
  const base = `https://wa.me/${whatsappNumber(phone)}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}
