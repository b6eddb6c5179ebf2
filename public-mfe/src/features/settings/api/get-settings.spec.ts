import type { SiteSettings } from '@vitrine/api-client';
import { readableSettings } from './get-settings';

describe('readableSettings', () => {
  const saved = {
    companyName: 'Vitrine',
    journey: 'Our fabrics now reach 30000 retailers in 150 cities since 2002.',
    about: 'We trained 1000 weavers.',
    phone: '+91 98290 12345',
    address: 'Tonk Road\nJaipur 302022',
    taxLine: 'GSTIN 08ABCDE1234F1Z5',
    figures: [
      { label: 'Retailers', value: '30000' },
      { label: 'Incorporated', value: '2002' },
      { label: 'People trained', value: '1000+' },
    ],
    offers: [{ title: 'Orders over 25000', text: 'Save 2500 on orders over 25000.' }],
  } as unknown as SiteSettings;

  it('groups the numbers of the texts, figures and offers as the site writes prices', () => {
    const readable = readableSettings(saved);
    expect(readable.journey).toBe(
      'Our fabrics now reach 30,000 retailers in 150 cities since 2002.',
    );
    expect(readable.about).toBe('We trained 1,000 weavers.');
    expect(readable.figures.map((figure) => figure.value)).toEqual(['30,000', '2002', '1,000+']);
    expect(readable.offers[0]).toEqual({
      title: 'Orders over 25,000',
      text: 'Save 2,500 on orders over 25,000.',
    });
  });

  it('leaves the phone number, the address and the tax line as written', () => {
    const readable = readableSettings(saved);
    expect(readable.phone).toBe('+91 98290 12345');
    expect(readable.address).toBe('Tonk Road\nJaipur 302022');
    expect(readable.taxLine).toBe('GSTIN 08ABCDE1234F1Z5');
  });
});
