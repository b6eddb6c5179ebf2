import {
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request } from 'express';
import { from, mergeMap, type Observable } from 'rxjs';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { DefaultLanguageService } from './default-language.service';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Holds every administrator's write while the default language changes, on any instance (a
 * 409 saying so): the change rewrites every translated item from a plan made at its start,
 * so a save meanwhile would be written over, or be written in the layout before it. A
 * visitor's writes (enquiries, views) touch nothing it rewrites, and go on.
 */
@Injectable()
export class LanguageChangeInterceptor implements NestInterceptor {
  constructor(private readonly defaultLanguage: DefaultLanguageService) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    if (!WRITES.has(request.method) || !request.user?.isAdmin) return next.handle();
    return from(this.defaultLanguage.assertNoneUnderWay()).pipe(mergeMap(() => next.handle()));
  }
}
