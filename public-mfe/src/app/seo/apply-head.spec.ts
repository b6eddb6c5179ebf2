import type { SiteSettings } from '@vitrine/api-client';
import { applyHead } from './apply-head';
import { headTags } from './head-tags';
import { pageHead } from './page-head';

const settings = {
  companyName: 'Vitrine',
  tagline: 'Handloom fabrics',
  description: 'We weave.',
  address: 'Plot 14',
  phone: '+91 141 400 2002',
  email: 'hello@vitrine.example',
  social: [],
} as unknown as SiteSettings;
const SITE = 'https://vitrine.example';

describe('applyHead', () => {
  beforeEach(() => {
    document.head.innerHTML = '<meta charset="utf-8"><title>Vitrine</title>';
  });

  it("replaces the previous page's tags, leaving one of each and the shell's own", () => {
    applyHead(pageHead({ page: 'home' }, settings, SITE), document);
    expect(document.title).toBe('Vitrine');
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(1);

    applyHead(pageHead({ page: 'login' }, settings, SITE), document);
    expect(document.title).toBe('Sign in | Vitrine');
    expect(document.documentElement.lang).toBe('en');
    expect(document.head.querySelectorAll('title')).toHaveLength(1);
    expect(document.head.querySelectorAll('meta[name="description"]')).toHaveLength(1);
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute(
      'content',
      'noindex',
    );
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      'https://vitrine.example/login',
    );
    // The sign-in page has no JSON-LD: the home page's is gone.
    expect(document.head.querySelectorAll('script[type="application/ld+json"]')).toHaveLength(0);
    expect(document.head.querySelector('meta[charset]')).not.toBeNull();
  });

  it('leaves a server-rendered head that is already right untouched', () => {
    const head = pageHead({ page: 'home' }, settings, SITE);
    document.head.innerHTML = `<meta charset="utf-8">${headTags(head)}`;
    const before = [...document.head.children];
    applyHead(head, document);
    const after = [...document.head.children];
    expect(after).toHaveLength(before.length);
    expect(after.every((element, index) => element === before[index])).toBe(true);
  });
});
