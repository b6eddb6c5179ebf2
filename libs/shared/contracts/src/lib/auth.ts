/** Claims of the JWT that `POST /api/user/login` returns. */
export interface TokenClaims {
  /** The user's id. */
  sub: string;
  UserName: string;
  isAdmin: boolean;
  /**
   * The user's token version when it was issued: signing out, a password change or an
   * administrator's "sign out everywhere" raises it, ending every earlier token.
   */
  ver?: number;
  /**
   * When the password was last typed for this session, in seconds since the epoch. A renewed
   * token keeps it, so renewing cannot stretch a session past SESSION_MAX_HOURS.
   */
  auth_time?: number;
  /** Issued at and expiry, in seconds since the epoch. */
  iat: number;
  exp: number;
}

/** The answer to a failed sign-in; the same whether or not the user exists. */
export const WRONG_CREDENTIALS = 'Wrong Credentials';
