import { whatsappLink } from '@vitrine/contracts';
import { telHref } from './contact';

describe('the links that reach a sender', () => {
  it('dials the number as written, without spaces or dashes', () => {
    expect(telHref('+91 98290-12345')).toBe('tel:+919829012345');
  });

  it('chats on WhatsApp with the country code, taking a number written without one as Indian', () => {
    expect(whatsappLink('+91 98290 12345')).toBe('https://wa.me/919829012345');
    expect(whatsappLink('98290 12345')).toBe('https://wa.me/919829012345');
    expect(whatsappLink('098290 12345')).toBe('https://wa.me/919829012345');
    expect(whatsappLink('0044 20 7946 0018')).toBe('https://wa.me/442079460018');
  });
});
