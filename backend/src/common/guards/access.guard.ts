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
import { API_TOKEN_PREFIX, rightName, rightsOn } from '@vitrine/contracts';
import type { Request } from 'express';
import { IS_PUBLIC, IS_SIGNED_IN } from '../decorators/public.decorator';
import type { AuthUser } from '../decorators/current-user.decorator';
import { RequiresRight, type RequiredRight } from '../decorators/requires-right.decorator';
import { ApiTokenVerifier } from './api-token-verifier';

/**
 * Who may call a route, as its decorators say: anyone (`none`), any signed-in user, an
 * administrator (`admin`: API tokens never), or an administrator or a token with a right.
 * The access guard enforces it and the OpenAPI document shows it (`x-required-right`), from
 * this one reading of the metadata.
 */
export type RouteAccess =
  | { kind: 'none'; right?: RequiredRight }
  | { kind: 'signed-in' }
  | { kind: 'admin' }
  | { kind: 'right'; right: RequiredRight };

/** A route's handler and its controller, as an ExecutionContext gives them. */
type Handler = ReturnType<ExecutionContext['getHandler']>;
type Controller = ReturnType<ExecutionContext['getClass']>;

export function routeAccess(
  reflector: Reflector,
  handler: Handler,
  controller: Controller,
): RouteAccess {
  const targets = [handler, controller];
  const right = reflector.getAllAndOverride(RequiresRight.metadata, targets);
  if (reflector.getAllAndOverride<boolean>(IS_PUBLIC, targets)) return { kind: 'none', right };
  if (reflector.getAllAndOverride<boolean>(IS_SIGNED_IN, targets)) return { kind: 'signed-in' };
  return right ? { kind: 'right', right } : { kind: 'admin' };
}

/** "product:write", "admin", "signed-in" or "none": what the OpenAPI document says. */
export function accessName(access: RouteAccess): string {
  if (access.kind === 'right') {
    return access.right.rights.map((right) => rightName(access.right.entity, right)).join(' ');
  }
  return access.kind;
}

/** The first of the rights that the token lacks. */
export function missingRight(
  user: AuthUser,
  { entity, rights }: Pick<RequiredRight, 'entity' | 'rights'>,
): string | undefined {
  const held = user.token ? rightsOn(user.token.rights, entity) : [];
  const missing = rights.find((right) => !held.includes(right));
  return missing && rightName(entity, missing);
}

/** The `vit_…` secret of `Authorization: Bearer vit_…`, if that is what the request carries. */
function apiTokenOf(request: Request): string | undefined {
  const match = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '');
  return match?.[1].startsWith(API_TOKEN_PREFIX) ? match[1] : undefined;
}

/**
 * The one access rule, applied to every route: routes marked @Public() are open (and see
 * the administrator when a valid token comes along, e.g. to list unpublished items);
 * routes marked @SignedIn() need a valid token (401) of any user; every other route needs
 * a valid token (401) of an administrator (403).
 *
 * An API token (`Bearer vit_…`) is checked by ApiTokenVerifier instead of the JWT strategy,
 * on every route, public ones included (a program should learn that its token stopped
 * working: 401). It reaches only the routes that declare a right with @RequiresRight, and
 * only with that right (403 naming it); on a public route without the right it is a
 * visitor.
 */
@Injectable()
export class AccessGuard extends AuthGuard('jwt') {
  constructor(
    private readonly reflector: Reflector,
    private readonly apiTokens: ApiTokenVerifier,
  ) {
    super();
  }

  override async canActivate(context: ExecutionContext): Promise<boolean> {
    const access = routeAccess(this.reflector, context.getHandler(), context.getClass());
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();

    const secret = apiTokenOf(request);
    if (secret) return this.admitToken(request, secret, access);

    if (access.kind === 'none') {
      if (request.headers.authorization) {
        // A stale or foreign token on a public page just means "anonymous".
        await (super.canActivate(context) as Promise<boolean>).catch(() => {
          request.user = undefined;
        });
      }
      return true;
    }

    await (super.canActivate(context) as Promise<boolean>);
    if (access.kind !== 'signed-in' && !request.user?.isAdmin)
      throw new ForbiddenException('Administrator access is required');
    return true;
  }

  private async admitToken(
    request: Request & { user?: AuthUser },
    secret: string,
    access: RouteAccess,
  ): Promise<boolean> {
    const token = await this.apiTokens.verify(secret, request);
    if (access.kind === 'none') {
      request.user = access.right && !missingRight(token, access.right) ? token : undefined;
      return true;
    }
    if (access.kind !== 'right') {
      throw new ForbiddenException(
        'API tokens cannot use this route: it is for signed-in administrators',
      );
    }
    const missing = missingRight(token, access.right);
    if (missing) throw new ForbiddenException(`This API token lacks the right ${missing}`);
    request.user = token;
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
