import type { Request } from 'express';
import passport from 'passport';
import type { AuthUser } from '../common/decorators/current-user.decorator';

type Verify = (request: Request, done: (error: unknown, user?: AuthUser | null) => void) => void;

/**
 * A Passport strategy that hands the whole request to its verify callback, so the token's
 * check is TokenAuthenticator's (signature checked once per token, rights read per request)
 * rather than passport-jwt's, which verifies the signature again on every request.
 */
export class BearerTokenStrategy extends passport.Strategy {
  constructor(private readonly verify: Verify) {
    super();
  }

  override authenticate(request: Request): void {
    this.verify(request, (error, user) => {
      if (error) return this.error(error);
      if (!user) return this.fail(401);
      this.success(user);
    });
  }
}
