export const ENQUIRY_STATUSES = ['new', 'read', 'replied', 'archived'] as const;
export type EnquiryStatus = (typeof ENQUIRY_STATUSES)[number];

/** Which public form an enquiry came from: the contact page or the home page call-back form. */
export const ENQUIRY_SOURCES = ['contact', 'callback'] as const;
export type EnquirySource = (typeof ENQUIRY_SOURCES)[number];

/** Each form's name where an enquiry is listed or mailed ("through the call-back form"). */
export const ENQUIRY_SOURCE_LABELS: Record<EnquirySource, string> = {
  contact: 'Contact form',
  callback: 'Call-back form',
};

/** Every status an enquiry can have in storage: the honeypot's catches are kept as `spam`. */
export const ENQUIRY_STORED_STATUSES = [...ENQUIRY_STATUSES, 'spam'] as const;
export type EnquiryStoredStatus = (typeof ENQUIRY_STORED_STATUSES)[number];

/** What an enquiry can be about: a product (project) or a service of the site. */
export const ENQUIRY_SUBJECT_KINDS = ['product', 'service'] as const;
export type EnquirySubjectKind = (typeof ENQUIRY_SUBJECT_KINDS)[number];

/** The country code taken for a number written without one (the studio is in India). */
const HOME_COUNTRY_CODE = '91';

/**
 * The number a `https://wa.me/<number>` link takes: the international number in digits
 * only, without `+`, spaces or a leading 00. Visitors often leave the country code out: a
 * ten-digit number, or one with a leading 0 ("098290 12345"), is taken to be Indian.
 */
export function whatsappNumber(phone: string): string {
  const written = phone.trim();
  const digits = phone.replace(/\D/g, '');
  if (written.startsWith('+')) return digits;
  if (written.startsWith('00')) return digits.replace(/^00/, '');
  if (digits.length === 11 && digits.startsWith('0')) return HOME_COUNTRY_CODE + digits.slice(1);
  if (digits.length === 10) return HOME_COUNTRY_CODE + digits;
  return digits;
}

/** A WhatsApp chat with `number` (any phone notation), opened with `text` typed in. */
export function whatsappLink(phone: string, text?: string): string {
  const base = `https://wa.me/${whatsappNumber(phone)}`;
  return text ? `${base}?text=${encodeURIComponent(text)}` : base;
}
