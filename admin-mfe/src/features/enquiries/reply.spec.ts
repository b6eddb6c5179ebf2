import { emailReply, replyText, whatsappReply } from './reply';

const enquiry = {
  FirstName: 'Asha',
  Email: 'asha@example.com',
  PhoneNumber: '+91 98765 43210',
  Message: 'Is 200 m available?\nBy March.',
  about: { kind: 'product', name: 'Sky Poplin' },
};

describe('replies to an enquiry', () => {
  it('greets the visitor and quotes every line of the enquiry, naming the product', () => {
    expect(replyText(enquiry)).toBe(
      'Hello Asha,\n\nThank you for your enquiry about Sky Poplin:\n\n> Is 200 m available?\n> By March.\n\n',
    );
  });

  it('opens WhatsApp with the visitor’s number in digits and the reply typed in', () => {
    const link = new URL(whatsappReply(enquiry) ?? '');
    expect(link.origin + link.pathname).toBe('https://wa.me/919876543210');
    expect(link.searchParams.get('text')).toBe(replyText(enquiry));
  });

  it('writes a mail to the visitor with a subject and the quoted enquiry', () => {
    const link = emailReply(enquiry) ?? '';
    expect(link.startsWith('mailto:asha@example.com?')).toBe(true);
    const params = new URLSearchParams(link.slice(link.indexOf('?') + 1));
    expect(params.get('subject')).toBe('Re: Your enquiry about Sky Poplin');
    expect(params.get('body')).toBe(replyText(enquiry));
  });

  it('offers no WhatsApp reply without a phone number, and no mail without an address', () => {
    expect(whatsappReply({ ...enquiry, PhoneNumber: '' })).toBeNull();
    expect(emailReply({ ...enquiry, Email: '' })).toBeNull();
    expect(replyText({ ...enquiry, about: null })).toContain('Thank you for your enquiry:');
  });
});
