import {
  ForbiddenException,
  HttpException,
  Injectable,
  UnauthorizedException,
  type ExecutionContext,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { TokenExpiredError } from '@nestjs/jwt';
import { AuthGuard } from '@nestjs/passport';
import type { Request } from 'express';
import { IS_PUBLIC, IS_SIGNED_IN } from '../decorators/public.decorator';
import type { AuthUser } from '../decorators/current-user.decorator';

/**
 * The one access rule, applied to every route: routes marked @Public() are open (and see
 * the administrator when a valid token comes along, e.g. to list unpublished items);
 * routes marked @SignedIn() need a valid token (401) of any user; every other route needs
 * a valid token (401) of an administrator (403).
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  constructor(private readonly reflector: Reflector) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const targets = [context.getHandler(), context.getClass()];
    const isPublic = this.reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets);
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();

    if (isPublic) {
      if (request.headers.authorization) {
        // A stale or foreign token on a public page just means "anonymous".
        await (super.canActivate(context) as Promise<boolean>).catch(() => {
          request.user = undefined;
        });
      }
      return true;
    }

    await (super.canActivate(context) as Promise<boolean>);
    const forAnyUser = this.reflector.getAllAndOverride<boolean>(IS_SIGNED_IN, targets);
    if (!forAnyUser && !request.user?.isAdmin)
      throw new ForbiddenException('Administrator access is required');
    return true;
  }

  /**
   * The strategy's own 401 (session ended, too old) stands, and an expired token says so;
   * anything else (no token, a bad signature, rights that cannot be read) is "sign in".
   */
  override handleRequest<TUser>(error: unknown, user: TUser | false, info?: unknown): TUser {
    if (error instanceof HttpException) throw error;
    if (info instanceof TokenExpiredError) {
      throw new UnauthorizedException('Your session has expired; please sign in again');
    }
    if (error || !user) throw new UnauthorizedException('Sign-in required');
    return user;
  }
}
