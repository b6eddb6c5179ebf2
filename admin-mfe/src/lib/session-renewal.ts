// When the session ends under an open form, the request that found out waits here for a new
// token, which the access gate gets by asking the administrator to sign in again in a dialog
// over the page. Every request that fails meanwhile waits for the same answer.
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

/** A fresh token after a 401, or null when the administrator chose to sign out. */
export function renewToken(): Promise<string | null> {
  if (!signInAgain) return Promise.resolve(null);
  pending ??= signInAgain().finally(() => {
    pending = null;
  });
  return pending;
}
