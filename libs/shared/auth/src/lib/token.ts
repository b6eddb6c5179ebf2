import { ADMIN_MARKER_COOKIE, type TokenClaims } from '@vitrine/contracts';

/** Where the signed-in token lives in the browser (the key the original client used). */
export const TOKEN_STORAGE_KEY = 'token';

export type SessionState =
  | { status: 'signed-out' }
  | { status: 'expired'; claims: TokenClaims }
  | { status: 'signed-in'; claims: TokenClaims; isAdmin: boolean };

/**
 * Reads a JWT's claims without verifying it. The server verifies every request; the
 * browser only uses this to decide what to show, so a forged token gains nothing.
 */
export function decodeToken(token: string): TokenClaims | null {
  const parts = token.split('.');
  if (parts.length !== 3) return null;
  try {
    const json = base64UrlDecode(parts[1]);
    const claims = JSON.parse(json) as Partial<TokenClaims>;
    if (typeof claims.sub !== 'string' || typeof claims.exp !== 'number') return null;
    return {
      sub: claims.sub,
      UserName: String(claims.UserName ?? ''),
      isAdmin: claims.isAdmin === true,
      iat: Number(claims.iat ?? 0),
      exp: claims.exp,
    };
  } catch {
    return null;
  }
}

export function sessionState(token: string | null, now: Date = new Date()): SessionState {
  const claims = token ? decodeToken(token) : null;
  if (!claims) return { status: 'signed-out' };
  if (claims.exp * 1000 <= now.getTime()) return { status: 'expired', claims };
  return { status: 'signed-in', claims, isAdmin: claims.isAdmin };
}

export function readStoredToken(storage: Pick<Storage, 'getItem'> = localStorage): string | null {
  return storage.getItem(TOKEN_STORAGE_KEY);
}

export function storeToken(token: string, storage: Pick<Storage, 'setItem'> = localStorage): void {
  storage.setItem(TOKEN_STORAGE_KEY, token);
  markAdminBrowser(decodeToken(token)?.isAdmin === true);
}

export function clearStoredToken(storage: Pick<Storage, 'removeItem'> = localStorage): void {
  storage.removeItem(TOKEN_STORAGE_KEY);
  markAdminBrowser(false);
}

/**
 * Sets or clears the admin marker cookie (ADMIN_MARKER_COOKIE), which keeps an administrator's
 * own visits out of the site's insights. It holds no secret and grants nothing.
 */
export function markAdminBrowser(isAdmin: boolean): void {
  if (typeof document === 'undefined') return;
  document.cookie = isAdmin
    ? `${ADMIN_MARKER_COOKIE}=1; path=/; max-age=31536000; SameSite=Lax`
    : `${ADMIN_MARKER_COOKIE}=; path=/; max-age=0; SameSite=Lax`;
}

function base64UrlDecode(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}
