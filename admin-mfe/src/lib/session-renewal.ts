// When the session ends under an open form, the request that found out waits here for a new
// token, which the access gate gets by asking the administrator to sign in again in a dialog
// over the page. Every request that fails meanwhile waits for the same answer.
import { readStoredToken } from '@vitrine/auth';

type SignInAgain = () => Promise<string | null>;

let signInAgain: SignInAgain | null = null;
let pending: Promise<string | null> | null = null;

/** The access gate offers its dialog here; returns its withdrawal. */
export function offerSignInAgain(ask: SignInAgain): () => void {
  signInAgain = ask;
  return () => {
    if (signInAgain === ask) signInAgain = null;
  };
}

/**
 * A token to send a request again with after the API refused `refused` (401): the one stored
 * now if it was renewed meanwhile (by the gate's timer while the request was on its way, or
 * in another tab), else a fresh one from the dialog; null when the administrator chose to
 * sign out.
 */
export function renewToken(refused: string): Promise<string | null> {
  const stored = storedToken();
  if (stored && stored !== refused) return Promise.resolve(stored);
  if (!signInAgain) return Promise.resolve(null);
  pending ??= signInAgain().finally(() => {
    pending = null;
  });
  return pending;
}

function storedToken(): string | null {
  try {
    return readStoredToken();
  } catch {
    return null; // storage disabled: nothing was renewed meanwhile
  }
}
