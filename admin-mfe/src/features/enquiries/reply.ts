import { whatsappLink } from '@vitrine/contracts';

/** What a reply needs to know about the enquiry it answers. */
export interface RepliedEnquiry {
  FirstName: string;
  Email: string;
  PhoneNumber: string;
  Message: string;
  about?: { kind: string; name: string } | null;
}

/** "your enquiry about Sky Poplin", or "your enquiry". */
function topic(enquiry: RepliedEnquiry): string {
  return enquiry.about ? `your enquiry about ${enquiry.about.name}` : 'your enquiry';
}

/** The opening of a reply: a greeting, thanks, and the visitor's message quoted. */
export function replyText(enquiry: RepliedEnquiry): string {
  const greeting = enquiry.FirstName ? `Hello ${enquiry.FirstName},` : 'Hello,';
  const quoted = (enquiry.Message || '(no message)')
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join('\n');
  return `${greeting}\n\nThank you for ${topic(enquiry)}:\n\n${quoted}\n\n`;
}

/** A WhatsApp chat with the visitor, the reply already typed; null without a phone number. */
export function whatsappReply(enquiry: RepliedEnquiry): string | null {
  if (!/\d/.test(enquiry.PhoneNumber)) return null;
  return whatsappLink(enquiry.PhoneNumber, replyText(enquiry));
}

/** A mail to the visitor, the subject and the quoted enquiry filled in; null without an address. */
export function emailReply(enquiry: RepliedEnquiry): string | null {
  if (!enquiry.Email) return null;
  const subject = `Re: ${topic(enquiry).replace(/^your e/, 'Your e')}`;
  return `mailto:${enquiry.Email}?subject=${encodeURIComponent(
    subject,
  )}&body=${encodeURIComponent(replyText(enquiry))}`;
}
