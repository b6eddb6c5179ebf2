import { DEFAULT_LANGUAGES } from '@vitrine/contracts';
import type { SiteProfile } from './schemas/site-settings.schema';

/**
 * What a new site shows until the administrator edits it: the company copy of the spec
 * (figures and offers) for a Jaipur textile and design studio. The demo-content seeder
 * uses the same values.
 */
export const SITE_SETTINGS_DEFAULTS: SiteProfile = {
  companyName: 'Vitrine Textiles & Design Studio',
  tagline: 'Handloom fabrics and considered interiors, from Jaipur since 2002',
  description:
    'Vitrine weaves and finishes natural fabrics (cotton, linen, khadi, poplin, polyester and cotton-linen) and designs the rooms, courtyards and kitchens they live in. From our Jaipur studio we supply retailers across India and take on architecture, landscape and interior projects.',
  address: 'Plot 14, Sitapura Industrial Area\nTonk Road\nJaipur, Rajasthan 302022\nIndia',
  email: 'hello@vitrine.example',
  phone: '+91 141 400 2002',
  taxLine: 'GSTIN 08ABCDE1234F1Z5',
  chatLink: 'https://wa.me/911414002002',
  whatsapp: '+91 141 400 2002',
  social: [
    { label: 'Instagram', url: 'https://www.instagram.com/vitrine.studio' },
    { label: 'Facebook', url: 'https://www.facebook.com/vitrine.studio' },
    { label: 'LinkedIn', url: 'https://www.linkedin.com/company/vitrine-studio' },
    { label: 'YouTube', url: 'https://www.youtube.com/@vitrinestudio' },
  ],
  figures: [
    { label: 'Incorporated', value: '2002' },
    { label: 'People trained', value: '1000+' },
    { label: 'Towns', value: '400' },
    { label: 'Cities', value: '150' },
    { label: 'Retailers', value: '30000' },
  ],
  offers: [
    {
      title: '20% + 10% off',
      text: '20% off every fabric in the collection, and a further 10% off when you order through the enquiry form.',
    },
    {
      title: 'Extra 10% off services',
      text: 'Book an architecture, landscape, Vastu or modular kitchen consultation and take an extra 10% off.',
    },
  ],
  servicesOffer:
    'An extra 10% off every service this season: architecture, landscape, Vastu consultancy and modular kitchens.',
  story:
    'Vitrine began in 2002 as a handful of pit looms in a Jaipur courtyard. Today our weavers, dyers and designers work side by side: the fabric for a hotel lobby and the lobby itself come from one studio, one conversation and one standard of care.',
  journey:
    'Incorporated in 2002, we have trained over 1000 weavers and artisans, and our fabrics now reach 30000 retailers in 150 cities and 400 towns. Along the way the studio grew from textiles into architecture, landscape and interior design.',
  about:
    'We are a family of weavers, printers, architects and interior designers. Every fabric is woven from natural fibre and finished by hand in Rajasthan; every space we design starts with the materials and the people who will use it.',
  heroTitle: 'Woven by hand. Designed with care.',
  heroSubtitle:
    'Cotton, linen and khadi from our Jaipur looms, and interiors, courtyards and kitchens designed around them.',
  banner: null,
  languages: [...DEFAULT_LANGUAGES],
};
