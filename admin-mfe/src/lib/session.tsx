import type { TokenClaims } from '@vitrine/contracts';
import { createContext, useContext } from 'react';

export interface Session {
  claims: TokenClaims;
  /** Clears the stored token and leaves the admin area. */
  signOut(): void;
}

export const SessionContext = createContext<Session | null>(null);

/** The signed-in administrator; only inside the access gate. */
export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession() is only available inside the admin access gate');
  return session;
}
