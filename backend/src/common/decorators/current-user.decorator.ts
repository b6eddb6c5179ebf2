import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';

/** Who a verified token belongs to, as the JWT strategy puts it on the request. */
export interface AuthUser {
  id: string;
  UserName: string;
  isAdmin: boolean;
  /** When the password was typed for this session (the token's `auth_time`), in seconds. */
  signedInAt: number;
}

export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): AuthUser | undefined =>
    context.switchToHttp().getRequest<Request & { user?: AuthUser }>().user,
);
