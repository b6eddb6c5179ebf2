import { readStoredToken } from '@vitrine/auth';

/**
 * The stored token as a store React can read: another tab signing in or out is noticed at
 * once (storage event); in this tab it is read again at every render, e.g. each navigation.
 */
export function subscribeToStoredToken(onChange: () => void): () => void {
  window.addEventListener('storage', onChange);
  return () => window.removeEventListener('storage', onChange);
}

export function storedTokenSnapshot(): string | null {
  try {
    return readStoredToken();
  } catch {
    return null; // storage disabled: treated as signed out
  }
}
