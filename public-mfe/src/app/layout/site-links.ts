/**
 * The public pages, in menu order (the spec's menu plus Services and Reviews); each label is
 * its key in the catalogues (`t(link.label)`).
 */
export const SITE_LINKS = [
  { to: '/', label: 'nav.home' },
  { to: '/about', label: 'nav.about' },
  { to: '/gallery', label: 'nav.gallery' },
  { to: '/product', label: 'nav.projects' },
  { to: '/service', label: 'nav.services' },
  { to: '/reviews', label: 'nav.reviews' },
  { to: '/contact-us', label: 'nav.contact' },
] as const;
