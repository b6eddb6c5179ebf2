import {
  ForbiddenException,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Observable } from 'rxjs';
import type { AuthUser } from '../decorators/current-user.decorator';
import { RequiresRight } from '../decorators/requires-right.decorator';
import { missingRight } from './access.guard';

/** A multipart field or a JSON value saying "no". */
const isFalse = (value: unknown) => value === false || value === 'false';

/**
 * Whether a write changes what visitors see of an item's publication: its `published` state
 * or its `publishAt` schedule. A new item is published unless its body says
 * `published: false` (the schema's default is true), so creating one is publishing unless
 * it is a draft with no schedule; an update publishes when it names either field.
 */
export function changesPublication(method: string, body: unknown): boolean {
  const fields = (body ?? {}) as Record<string, unknown>;
  if (method === 'POST') {
    const scheduled = fields.publishAt !== undefined && fields.publishAt !== '';
    return !isFalse(fields.published) || scheduled;
  }
  return 'published' in fields || 'publishAt' in fields;
}

/**
 * The `publish` right of the routes marked `@RequiresRight(entity, 'write', { publishing:
 * true })`: an API token without it may write drafts but gets 403 for publishing,
 * unpublishing or scheduling. It is the access guard's rule, read from the same metadata,
 * but it needs the body, which multipart routes only have after their upload interceptor
 * has read it; so this runs after that one (`@UseInterceptors(FileInterceptor(…),
 * PublishRightInterceptor)`). Signed-in administrators pass untouched.
 */
@Injectable()
export class PublishRightInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const required = this.reflector.getAllAndOverride(RequiresRight.metadata, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (request.user?.token && required?.publishing) {
      const missing = missingRight(request.user, { entity: required.entity, rights: ['publish'] });
      if (missing && changesPublication(request.method, request.body)) {
        throw new ForbiddenException(
          `This API token lacks the right ${missing}: it may save drafts (published: false) ` +
            'but not publish, unpublish or schedule',
        );
      }
    }
    return next.handle();
  }
}
