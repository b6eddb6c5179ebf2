import type { SiteSettings } from '@vitrine/api-client';

/**
 * The site settings the specs render the site with. What a spec looks for is set; the other
 * optional texts and lists are empty, as a new site's are. A spec that needs other values
 * spreads them over these.
 */
export const siteSettings: SiteSettings = {
  companyName: 'Vitrine Textiles & Design Studio',
  tagline: 'Handloom fabrics',
  description: 'We weave natural fabrics.',
  address: 'Plot 14\nJaipur',
  email: 'hello@vitrine.example',
  phone: '+91 141 400 2002',
  taxLine: 'GSTIN 08ABCDE1234F1Z5',
  chatLink: '',
  whatsapp: '',
  social: [],
  figures: [],
  offers: [],
  servicesOffer: '',
  story: 'It began with pit looms.',
  journey: '',
  about: '',
  heroTitle: 'Woven by hand.',
  heroSubtitle: 'Cotton, linen and khadi.',
  banner: null,
  languages: ['en'],
  updatedAt: '2026-11-22T10:00:00.000Z',
};
