/** @jest-environment jsdom */
import { TextDecoder } from 'node:util';
import { clearStoredToken, storeToken } from './token';

// jsdom has no TextDecoder, which browsers (and decodeToken) have.
Object.assign(globalThis, { TextDecoder });

/** A JWT's shape with these claims (unsigned: the browser never verifies it). */
const tokenWith = (claims: object) =>
  ['e30', btoa(JSON.stringify({ sub: 'u1', exp: 4_000_000_000, ...claims })), 'sig'].join('.');

describe('the admin marker cookie', () => {
  it("is set when an administrator signs in and cleared at sign-out, so their visits aren't counted", () => {
    storeToken(tokenWith({ isAdmin: true }));
    expect(document.cookie).toContain('vitrine_admin=1');
    clearStoredToken();
    expect(document.cookie).not.toContain('vitrine_admin');
  });

  it('is not set for a user who is not an administrator', () => {
    storeToken(tokenWith({ isAdmin: false }));
    expect(document.cookie).not.toContain('vitrine_admin');
  });
});
