import { loggedUrl } from './request-log';

describe('the address a request log keeps', () => {
  it("cuts a share link's secret to the six characters the admin's list shows", () => {
    const token = 'Xk3f9Q' + 'a'.repeat(37);
    expect(loggedUrl(`/api/previews/share/${token}`)).toBe('/api/previews/share/Xk3f9Q…');
    expect(loggedUrl(`/preview/share/${token}?utm=1`)).toBe('/preview/share/Xk3f9Q…?utm=1');
  });

  it('keeps every other address as it is, a share link id included', () => {
    for (const url of ['/api/product?x=1', '/api/previews/share/0123456789abcdef01234567']) {
      expect(loggedUrl(url)).toBe(url);
    }
  });
});
