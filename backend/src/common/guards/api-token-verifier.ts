import type { Request } from 'express';
import type { AuthUser } from '../decorators/current-user.decorator';

/**
 * Checks an API token (`vit_…`) for the access guard: the tokens module provides it, so that
 * `common/` need not import a feature. `verify` answers the token's principal, or throws
 * 401 (unknown, expired, revoked), 403 (from an address the token is not allowed from) or
 * 429 (over the token's rate limit).
 */
export abstract class ApiTokenVerifier {
  abstract verify(secret: string, request: Request): Promise<AuthUser>;
}
