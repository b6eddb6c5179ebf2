import { readStoredToken, storeToken } from '@vitrine/auth';

const listeners = new Set<() => void>();

/**
 * The stored token as a store React can read: another tab signing in or out is noticed at
 * once (storage event), and so is a token renewed in this tab (storeTokenHere); otherwise it
 * is read again at every render, e.g. each navigation.
 */
export function subscribeToStoredToken(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  listeners.add(onChange);
  return () => {
    window.removeEventListener('storage', onChange);
    listeners.delete(onChange);
  };
}

export function storedTokenSnapshot(): string | null {
  try {
    return readStoredToken();
  } catch {
    return null; // storage disabled: treated as signed out
  }
}

/** Stores a renewed token and tells this tab's readers (the storage event is for other tabs). */
export function storeTokenHere(token: string): void {
  storeToken(token);
  for (const listener of [...listeners]) listener();
}
