import { DEFAULT_AFTER_LOGIN, safeNextPath } from './safe-next';

describe('safeNextPath', () => {
  it('follows a path inside the admin area, with its query and hash', () => {
    expect(safeNextPath('/admin/product')).toBe('/admin/product');
    expect(safeNextPath('/admin')).toBe('/admin');
    expect(safeNextPath('/admin/edit-product/42?tab=images#photos')).toBe(
      '/admin/edit-product/42?tab=images#photos',
    );
  });

  it('falls back to the services list without a next', () => {
    expect(DEFAULT_AFTER_LOGIN).toBe('/admin/overview');
    expect(safeNextPath(null)).toBe('/admin/overview');
    expect(safeNextPath('')).toBe('/admin/overview');
  });

  it.each([
    ['another site', 'https://evil.example/admin'],
    ['a protocol-relative address', '//evil.example/admin'],
    // Spelt in two parts so the linter does not take the test data for a script URL.
    ['a script', ['javascript', 'alert(1)'].join(':')],
    ['a backslash trick', '/admin\\..\\..\\evil.example'],
    ['a double slash inside', '/admin//evil.example'],
    ['a public page', '/gallery'],
    ['a look-alike prefix', '/administrator'],
    ['a way out through ..', '/admin/../login'],
    ['a control character', '/admin/\tservice'],
    ['a relative path', 'admin/service'],
  ])('refuses %s', (_what, next) => {
    expect(safeNextPath(next)).toBe('/admin/overview');
  });
});
