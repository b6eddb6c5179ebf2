import { deviceClass, pageKey, productOf, referrerGroup, referrerKey } from './insights-classify';

describe('the device class of a view', () => {
  it.each([
    [
      'phone',
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    ],
    [
      'phone',
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36',
    ],
    [
      'tablet',
      'Mozilla/5.0 (iPad; CPU OS 12_2 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148',
    ],
    [
      'tablet',
      'Mozilla/5.0 (Linux; Android 13; SM-X706B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    ],
    [
      'desktop',
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    ],
    [
      'desktop',
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
    ],
  ])('reads a %s', (expected, userAgent) => {
    expect(deviceClass(userAgent)).toBe(expected);
  });
});

describe('where a visitor came from', () => {
  const site = 'vitrine.example';

  it('keeps the host alone, without www. or m.', () => {
    expect(referrerKey('https://www.google.co.in/search?q=teak+chair', site)).toBe('google.co.in');
    expect(referrerKey('https://m.facebook.com/story.php?id=1', site)).toBe('facebook.com');
    expect(referrerKey('android-app://com.whatsapp/', site)).toBe('com.whatsapp');
  });

  it('calls no referrer (or one that is not a URL) direct, and the site itself nothing', () => {
    expect(referrerKey(undefined, site)).toBe('direct');
    expect(referrerKey('', site)).toBe('direct');
    expect(referrerKey('not a url', site)).toBe('direct');
    expect(referrerKey('https://vitrine.example/products', site)).toBeNull();
    expect(referrerKey('https://www.vitrine.example/', site)).toBeNull();
  });

  it.each([
    ['google.co.in', 'search'],
    ['bing.com', 'search'],
    ['duckduckgo.com', 'search'],
    ['facebook.com', 'social'],
    ['l.instagram.com', 'social'],
    ['t.co', 'social'],
    ['web.whatsapp.com', 'whatsapp'],
    ['wa.me', 'whatsapp'],
    ['com.whatsapp', 'whatsapp'],
    ['direct', 'direct'],
    ['craftsblog.example', 'other'],
    ['notgoogle.example', 'other'],
  ])('groups %s as %s', (key, group) => {
    expect(referrerGroup(key)).toBe(group);
  });
});

describe('pages and products', () => {
  it('counts a page by its path alone', () => {
    expect(pageKey('/products/?sort=price#top')).toBe('/products');
    expect(pageKey('/')).toBe('/');
    expect(pageKey('')).toBe('/');
  });

  it('finds the product of a product page', () => {
    expect(productOf('/singleproject/teak-chair')).toBe('teak-chair');
    expect(productOf('/singleproject/')).toBeNull();
    expect(productOf('/singleproject/a/b')).toBeNull();
    expect(productOf('/products')).toBeNull();
  });
});
