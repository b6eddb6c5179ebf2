import { localizedPath, splitLocalePath } from './locales';

describe('localizedPath', () => {
  it('leaves the default language without a prefix and prefixes another', () => {
    expect(localizedPath('/singleproject/blue', 'en', 'en')).toBe('/singleproject/blue');
    expect(localizedPath('/singleproject/blue', 'hi', 'en')).toBe('/hi/singleproject/blue');
    expect(localizedPath('/', 'hi', 'en')).toBe('/hi');
    expect(localizedPath('/?q=1', 'hi', 'en')).toBe('/hi?q=1');
  });
});

describe('splitLocalePath', () => {
  const languages = ['en', 'hi'];

  it('finds the language of a prefixed path and the path without it', () => {
    expect(splitLocalePath('/hi/product', languages)).toEqual({ locale: 'hi', path: '/product' });
    expect(splitLocalePath('/hi', languages)).toEqual({ locale: 'hi', path: '/' });
    expect(splitLocalePath('/hi?x=1', languages)).toEqual({ locale: 'hi', path: '/?x=1' });
  });

  it('answers the default language for a path without a prefix', () => {
    expect(splitLocalePath('/product', languages)).toEqual({ locale: 'en', path: '/product' });
    expect(splitLocalePath('/', languages)).toEqual({ locale: 'en', path: '/' });
  });

  it("marks a language the site does not have, and the default's own prefix, as unknown", () => {
    expect(splitLocalePath('/fr/product', languages)).toEqual({
      locale: 'en',
      path: '/product',
      unknown: 'fr',
    });
    expect(splitLocalePath('/en/about', languages).unknown).toBe('en');
  });

  it('does not take a word that only starts like a code for a prefix', () => {
    expect(splitLocalePath('/history', languages)).toEqual({ locale: 'en', path: '/history' });
  });
});
