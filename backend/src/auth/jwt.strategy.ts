import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import type { Request } from 'express';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { BearerTokenStrategy } from './bearer-token.strategy';
import { TokenAuthenticator } from './token-authenticator';

/** The 'jwt' strategy the access guard runs: who the request's bearer token belongs to. */
@Injectable()
export class JwtStrategy extends PassportStrategy(BearerTokenStrategy, 'jwt') {
  constructor(private readonly tokens: TokenAuthenticator) {
    super();
  }

  validate(request: Request): Promise<AuthUser> {
    return this.tokens.authenticate(request);
  }
}
