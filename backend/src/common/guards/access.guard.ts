import {
  ForbiddenException,
  Injectable,
  type CanActivate,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { TokenAuthenticator } from '../../auth/token-authenticator';
import { IS_PUBLIC, IS_SIGNED_IN } from '../decorators/public.decorator';
import type { AuthUser } from '../decorators/current-user.decorator';

/**
 * The one access rule, applied to every route: routes marked @Public() are open (and see
 * the administrator when a valid token comes along, e.g. to list unpublished items);
 * routes marked @SignedIn() need a valid token (401) of any user; every other route needs
 * a valid token (401) of an administrator (403).
 */
@Injectable()
export class AccessGuard implements CanActivate {
  constructor(
    private readonly reflector: Reflector,
    private readonly tokens: TokenAuthenticator,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();

    if (isPublic) {
      if (request.headers.authorization) {
        // A stale or foreign token on a public page just means "anonymous".
        request.user = await this.tokens.authenticate(request).catch(() => undefined);
      }
      return true;
    }

    request.user = await this.tokens.authenticate(request);
    const forAnyUser = this.reflector.getAllAndOverride<boolean>(IS_SIGNED_IN, targets);
    if (!forAnyUser && !request.user.isAdmin)
      throw new ForbiddenException('Administrator access is required');
    return true;
  }
}
