import type { Enquiry } from '@vitrine/api-client';
import { whatsappLink } from '@vitrine/contracts';
import { Icon } from '../../../components/Icon';
import { telHref } from '../../../lib/contact';
import '../../../components/row-actions.css';

/**
 * Call, WhatsApp and mail the sender: one tap on a phone. Named after the sender for screen
 * readers ("Call Asha Mehta"), shown as short words.
 */
export function ContactLinks({
  enquiry,
  name,
  withMail = false,
}: {
  enquiry: Pick<Enquiry, 'PhoneNumber' | 'Email'>;
  name: string;
  withMail?: boolean;
}) {
  const phone = enquiry.PhoneNumber?.trim();
  const chat = phone && /\d{6}/.test(phone.replace(/\D/g, '')) ? whatsappLink(phone) : null;
  return (
    <>
      {phone && (
        <a className="adm-row-action" href={telHref(phone)} aria-label={`Call ${name}`}>
          <Icon name="phone" size={16} />
          <span aria-hidden="true">Call</span>
        </a>
      )}
      {chat && (
        <a
          className="adm-row-action"
          href={chat}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={`WhatsApp ${name}`}
        >
          <Icon name="chat" size={16} />
          <span aria-hidden="true">WhatsApp</span>
        </a>
      )}
      {withMail && enquiry.Email && (
        <a className="adm-row-action" href={`mailto:${enquiry.Email}`} aria-label={`Email ${name}`}>
          <Icon name="mail" size={16} />
          <span aria-hidden="true">Email</span>
        </a>
      )}
    </>
  );
}
