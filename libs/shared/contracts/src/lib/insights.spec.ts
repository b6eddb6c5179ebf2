import { uncountedReason } from './insights';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';

describe('what the insights count', () => {
  it("counts a visitor's view of a public page", () => {
    expect(uncountedReason('/', { 'user-agent': PHONE })).toBeNull();
    expect(uncountedReason('/singleproject/teak-chair', { 'user-agent': PHONE })).toBeNull();
    expect(uncountedReason('/administrators-note', { 'user-agent': PHONE })).toBeNull();
  });

  it('leaves out crawlers and requests without a user agent', () => {
    const googlebot = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
    expect(uncountedReason('/', { 'user-agent': googlebot })).toBe('bot');
    expect(uncountedReason('/', { 'user-agent': 'curl/8.5.0' })).toBe('bot');
    expect(uncountedReason('/', {})).toBe('bot');
  });

  it('honours Do Not Track and Global Privacy Control', () => {
    expect(uncountedReason('/', { 'user-agent': PHONE, dnt: '1' })).toBe('do-not-track');
    expect(uncountedReason('/', { 'user-agent': PHONE, 'sec-gpc': '1' })).toBe('do-not-track');
    expect(uncountedReason('/', { 'user-agent': PHONE, dnt: '0' })).toBeNull();
  });

  it('leaves out prefetches, however the browser says so', () => {
    for (const headers of [
      { 'sec-purpose': 'prefetch' },
      { 'sec-purpose': 'prefetch;prerender' },
      { purpose: 'prefetch' },
      { 'x-moz': 'prefetch' },
    ]) {
      expect(uncountedReason('/', { 'user-agent': PHONE, ...headers })).toBe('prefetch');
    }
  });

  it('leaves out the admin area, sign-in and previews', () => {
    for (const path of ['/admin', '/admin/products', '/login', '/preview/abc'])
      expect(uncountedReason(path, { 'user-agent': PHONE })).toBe('private-page');
  });

  it('leaves out a browser signed in to the admin area (its marker cookie)', () => {
    expect(uncountedReason('/', { 'user-agent': PHONE, cookie: 'vitrine_admin=1' })).toBe('admin');
    expect(uncountedReason('/', { 'user-agent': PHONE, cookie: 'a=b; vitrine_admin=1' })).toBe(
      'admin',
    );
    expect(uncountedReason('/', { 'user-agent': PHONE, cookie: 'vitrine_admin=0' })).toBeNull();
    expect(uncountedReason('/', { 'user-agent': PHONE, cookie: 'xvitrine_admin=1' })).toBeNull();
  });
});
