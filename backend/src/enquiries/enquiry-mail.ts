import { ENQUIRY_SOURCE_LABELS } from '@vitrine/contracts';
import type { Enquiry } from './schemas/enquiry.schema';

export interface NotificationMail {
  subject: string;
  text: string;
  /** The visitor's address, so that answering the mail writes to them. */
  replyTo: string | null;
}

type MailedEnquiry = Pick<
  Enquiry,
  'FirstName' | 'LastName' | 'PhoneNumber' | 'Email' | 'Message' | 'source' | 'createdAt'
> & { id: string; about?: Enquiry['about'] };

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The mail that tells the business about a new enquiry. Only what the visitor typed and
 * when: never the honeypot, the status or the administrators' note.
 */
export function enquiryNotification(enquiry: MailedEnquiry): NotificationMail {
  const name = oneLine(`${enquiry.FirstName} ${enquiry.LastName}`);
  const form = ENQUIRY_SOURCE_LABELS[enquiry.source].toLowerCase();
  const lines = [
    `A new enquiry arrived through the ${form}.`,
    '',
    `Name:      ${name}`,
    `Phone:     ${enquiry.PhoneNumber || '(not given)'}`,
    `Email:     ${enquiry.Email || '(not given)'}`,
    `Received:  ${enquiry.createdAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
    `Reference: ${enquiry.id}`,
    ...(enquiry.about ? [`About:     ${enquiry.about.name} (${enquiry.about.kind})`] : []),
    '',
    'Message:',
    enquiry.Message || '(no message)',
    '',
    '--',
    enquiry.Email
      ? 'Reply to this mail to answer the visitor. The enquiry is also in the admin area.'
      : 'The visitor left no e-mail address. The enquiry is also in the admin area.',
  ];
  return {
    subject: `New enquiry from ${name} (${form})`.slice(0, 200),
    text: lines.join('\n'),
    replyTo: enquiry.Email || null,
  };
}
