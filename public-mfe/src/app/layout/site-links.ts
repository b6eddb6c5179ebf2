/** The public pages, in menu order (the spec's menu plus Services and Reviews). */
export const SITE_LINKS = [
  { to: '/', label: 'Home' },
  { to: '/about', label: 'About' },
  { to: '/gallery', label: 'Gallery' },
  { to: '/product', label: 'Projects' },
  { to: '/service', label: 'Services' },
  { to: '/reviews', label: 'Reviews' },
  { to: '/contact-us', label: 'Contact' },
] as const;
