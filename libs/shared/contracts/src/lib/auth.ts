/** Claims of the JWT that `POST /api/user/login` returns. */
export interface TokenClaims {
  /** The user's id. */
  sub: string;
  UserName: string;
  isAdmin: boolean;
  /** Issued at and expiry, in seconds since the epoch. */
  iat: number;
  exp: number;
}

/** The answer to a failed sign-in; the same whether or not the user exists. */
export const WRONG_CREDENTIALS = 'Wrong Credentials';
