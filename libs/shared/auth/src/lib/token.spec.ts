import { decodeToken, sessionState, storeToken, readStoredToken, clearStoredToken } from './token';

function tokenWith(claims: object): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

const now = new Date('2026-11-22T12:00:00Z');
const inAnHour = now.getTime() / 1000 + 3600;

describe('session state from the stored token', () => {
  it('treats a missing or malformed token as signed out', () => {
    expect(sessionState(null, now)).toEqual({ status: 'signed-out' });
    expect(sessionState('not-a-jwt', now)).toEqual({ status: 'signed-out' });
    expect(sessionState('a.%%%.c', now)).toEqual({ status: 'signed-out' });
  });

  it('reports an expired token as expired, not signed in', () => {
    const token = tokenWith({
      sub: 'u1',
      UserName: 'ada',
      isAdmin: true,
      exp: now.getTime() / 1000 - 1,
    });
    expect(sessionState(token, now).status).toBe('expired');
  });

  it('grants the admin area only when the isAdmin claim is exactly true', () => {
    const admin = tokenWith({ sub: 'u1', UserName: 'ada', isAdmin: true, exp: inAnHour });
    const editor = tokenWith({ sub: 'u2', UserName: 'bob', isAdmin: 'true', exp: inAnHour });
    expect(sessionState(admin, now)).toMatchObject({ status: 'signed-in', isAdmin: true });
    expect(sessionState(editor, now)).toMatchObject({ status: 'signed-in', isAdmin: false });
  });

  it('decodes non-ASCII user names from base64url', () => {
    const token = tokenWith({ sub: 'u3', UserName: 'Zoë ✓', isAdmin: false, exp: inAnHour });
    expect(decodeToken(token)?.UserName).toBe('Zoë ✓');
  });

  it('stores, reads and clears the token under the key the admin area reads', () => {
    const data = new Map<string, string>();
    const storage = {
      getItem: (key: string) => data.get(key) ?? null,
      setItem: (key: string, value: string) => void data.set(key, value),
      removeItem: (key: string) => void data.delete(key),
    };
    storeToken('abc', storage);
    expect(data.get('token')).toBe('abc');
    expect(readStoredToken(storage)).toBe('abc');
    clearStoredToken(storage);
    expect(readStoredToken(storage)).toBeNull();
  });
});
