import { clearStoredToken, readStoredToken, sessionState } from '@vitrine/auth';
import { LoadingState } from '@vitrine/ui';
import { unwrap } from '@vitrine/api-client';
import {
  type ReactNode,
  useEffect,
  useEffectEvent,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { endSession } from '../features/account/api/end-session';
import { showDetachedToast } from '../lib/detached-toast';
import { loginPath } from '../lib/paths';
import { SessionContext, type Session } from '../lib/session';
import { anonymousApi } from '../lib/api-client';
import { onUnauthorized } from '../lib/session-events';
import { offerSignInAgain } from '../lib/session-renewal';
import { NoAccess } from './NoAccess';
import { SignInAgain } from './SignInAgain';
import { storedTokenSnapshot, storeTokenHere, subscribeToStoredToken } from './token-store';

export const SESSION_EXPIRED = 'Your session has expired';
export const SIGN_OUT_UNCONFIRMED =
  'You have signed out on this device, but the server could not be reached: your other sessions stay open until they expire';

/** How long before its expiry a token in use is renewed (at most half its lifetime). */
const RENEW_BEFORE_MS = 10 * 60 * 1000;

/**
 * Shows the admin area only to a signed-in administrator, judged from the stored token's
 * claims (expiry and isAdmin). This is for comfort: the API checks every request itself.
 * While the area is open the token is renewed before it expires. If the session ends anyway
 * (a sleeping laptop, sign-out everywhere, the longest session reached), the request that
 * meets the 401 waits while a dialog asks for the password, then goes through. Declining
 * signs out and returns to the login page, with the way back.
 */
export function AccessGate({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const token = useSyncExternalStore(subscribeToStoredToken, storedTokenSnapshot, () => null);
  const here = `${location.pathname}${location.search}`;

  const expire = useEffectEvent(() => {
    if (!readStoredToken()) return; // already signed out by an earlier 401
    clearStoredToken();
    showDetachedToast('info', SESSION_EXPIRED);
    navigate(loginPath(here), { replace: true });
  });
  useEffect(() => onUnauthorized(() => expire()), []);

  const [askingAgain, setAskingAgain] = useState<((token: string | null) => void) | null>(null);
  useEffect(
    () =>
      offerSignInAgain(
        () => new Promise<string | null>((resolve) => setAskingAgain(() => resolve)),
      ),
    [],
  );

  // Judged when the token changes (on load, sign-in or sign-out); a token that expires later
  // is caught by the API's 401.
  const state = useMemo(() => sessionState(token), [token]);
  useEffect(() => {
    if (state.status !== 'signed-in' || !token) return undefined;
    const { iat, exp } = state.claims;
    const lifetime = (exp - iat) * 1000;
    const renewAt = exp * 1000 - Math.min(RENEW_BEFORE_MS, lifetime / 2);
    const timer = setTimeout(() => void renewSession(token), Math.max(renewAt - Date.now(), 0));
    return () => clearTimeout(timer);
  }, [state, token]);

  const session = useMemo<Session | null>(
    () =>
      state.status === 'signed-in'
        ? {
            claims: state.claims,
            signOut: () => {
              // Signed out here at once; the server then ends the token everywhere.
              const token = readStoredToken();
              clearStoredToken();
              navigate('/');
              void (token ? endSession(token) : Promise.resolve(true)).then((ended) =>
                ended
                  ? showDetachedToast('success', 'You have signed out')
                  : showDetachedToast('error', SIGN_OUT_UNCONFIRMED),
              );
            },
          }
        : null,
    [state, navigate],
  );

  if (state.status !== 'signed-in' || !session) {
    return <RedirectToLogin next={here} expired={state.status === 'expired'} />;
  }
  const answer = (token: string | null) => {
    askingAgain?.(token);
    setAskingAgain(null);
  };
  return (
    <SessionContext.Provider value={session}>
      {state.isAdmin ? children : <NoAccess />}
      {askingAgain && (
        <SignInAgain
          userName={state.claims.UserName}
          onSignedIn={(renewed) => answer(renewed)}
          onSignOut={() => answer(null)}
        />
      )}
    </SessionContext.Provider>
  );
}

/**
 * Swaps a token that is still valid for a fresh one (same sign-in time). Quietly: if it
 * fails, the next request's 401 asks for the password instead.
 */
async function renewSession(token: string): Promise<void> {
  if (readStoredToken() !== token) return; // signed out, or renewed by another tab
  try {
    const renewed = await unwrap(
      anonymousApi.POST('/api/account/token', { headers: { Authorization: `Bearer ${token}` } }),
    );
    if (readStoredToken() === token) storeTokenHere(renewed.token);
  } catch {
    // Left to the dialog.
  }
}

function RedirectToLogin({ next, expired }: { next: string; expired: boolean }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (expired) {
      clearStoredToken();
      showDetachedToast('info', SESSION_EXPIRED);
    }
    navigate(loginPath(next), { replace: true });
  }, [expired, next, navigate]);
  return <LoadingState label="Taking you to the sign-in page…" />;
}
