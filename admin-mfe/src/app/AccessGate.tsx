import { clearStoredToken, readStoredToken, sessionState } from '@vitrine/auth';
import { LoadingState } from '@vitrine/ui';
import { type ReactNode, useEffect, useEffectEvent, useMemo, useSyncExternalStore } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { endSession } from '../features/account/api/end-session';
import { showDetachedToast } from '../lib/detached-toast';
import { loginPath } from '../lib/paths';
import { SessionContext, type Session } from '../lib/session';
import { onUnauthorized } from '../lib/session-events';
import { NoAccess } from './NoAccess';
import { storedTokenSnapshot, subscribeToStoredToken } from './token-store';

export const SESSION_EXPIRED = 'Your session has expired';
export const SIGN_OUT_UNCONFIRMED =
  'You have signed out on this device, but the server could not be reached: your other sessions stay open until they expire';

/**
 * Shows the admin area only to a signed-in administrator, judged from the stored token's
 * claims (expiry and isAdmin). This is for comfort: the API checks every request itself.
 * A 401 from any call later signs out and returns to the login page, with the way back.
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

  // Judged when the token changes (on load, sign-in or sign-out); a token that expires later
  // is caught by the API's 401.
  const state = useMemo(() => sessionState(token), [token]);
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
  return (
    <SessionContext.Provider value={session}>
      {state.isAdmin ? children : <NoAccess />}
    </SessionContext.Provider>
  );
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
