import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { ApiTokenRightsMap } from '@vitrine/contracts';
import type { Request } from 'express';

/** The API token a request came with (ApiTokenVerifier), and what it may do. */
export interface TokenPrincipal {
  id: string;
  name: string;
  rights: ApiTokenRightsMap;
}

/**
 * Who a verified credential belongs to, as the access guard puts it on the request: a user
 * from their sign-in JWT, or an API token. A token's `id` is the token's, its `UserName`
 * "API token: <name>" (so that the audit, the trash and the revisions name it), and it is
 * `isAdmin` only on routes it holds the right for (AccessGuard): what it is given to see
 * there is what an administrator sees.
 */
export interface AuthUser {
  id: string;
  UserName: string;
  isAdmin: boolean;
  /** When the password was typed for this session (the token's `auth_time`), in seconds. */
  signedInAt: number;
  /** Set for an API token, never for a signed-in user. */
  token?: TokenPrincipal;
}

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser | undefined =>
    context.switchToHttp().getRequest<Request & { user?: AuthUser }>().user,
);
