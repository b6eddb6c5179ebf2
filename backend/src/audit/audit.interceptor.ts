import {
  Injectable,
  Logger,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { from, mergeMap, type Observable } from 'rxjs';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import {
  AUDIT_ACTION,
  AuditItemName,
  type AuditAction,
  type ItemNamer,
} from './audit-action.decorator';
import { startAuditNote } from './audit-note';
import { AuditService } from './audit.service';

/** What names an item in any answer, after what its controller says (@AuditItemName). */
const NAME_FIELDS = ['name', 'alt'];

/** The name an item's answer carries: as `namedBy` says, or else in a field of NAME_FIELDS. */
export function itemNameOf(result: unknown, namedBy?: ItemNamer): string | null {
  const item = (Array.isArray(result) && result.length === 1 ? result[0] : result) as
    Record<string, unknown> | null | undefined;
  if (!item || typeof item !== 'object') return null;
  const declared = typeof namedBy === 'function' ? namedBy(item) : namedBy && item[namedBy];
  for (const name of [declared, ...NAME_FIELDS.map((field) => item[field])]) {
    if (typeof name === 'string' && name) return name;
  }
  return null;
}

const ACTIONS: Record<string, AuditAction> = {
  POST: 'create',
  PUT: 'update',
  PATCH: 'update',
  DELETE: 'delete',
};

/**
 * Records every successful write an administrator makes, whatever module handles it, before
 * the answer goes out: a write that is acknowledged is also audited. Bound once per app as
 * the global interceptor (AuditModule), so each app audits its own routes, once; a read
 * passes untouched unless it is marked @AuditAs.
 */
@Injectable()
export class AuditInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Audit');

  constructor(
    private readonly audit: AuditService,
    private readonly reflector: Reflector,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const action =
      this.reflector.get<AuditAction | undefined>(AUDIT_ACTION, context.getHandler()) ??
      ACTIONS[request.method];
    if (!action || !request.user?.isAdmin) return next.handle();
    const user = request.user;
    const routePath = String(
      (request.route as { path?: string } | undefined)?.path ?? request.path,
    );

    const namedBy = this.reflector.getAllAndOverride(AuditItemName, [
      context.getHandler(),
      context.getClass(),
    ]);
    const note = startAuditNote(request);
    return next.handle().pipe(
      mergeMap((result: unknown) =>
        from(
          this.audit
            .record({
              actorId: user.id,
              actorName: user.UserName,
              action,
              entity: routePath.replace(/^\/?api\//, '').split('/')[0] || 'unknown',
              // `:id`, or the route's only parameter (`:trashId`), or what a create answered.
              entityId:
                String(
                  request.params.id ??
                    Object.values(request.params)[0] ??
                    (result as { _id?: unknown } | undefined)?._id ??
                    '',
                ) || null,
              itemName: note.itemName ?? itemNameOf(result, namedBy),
              fields: [...note.fields],
              method: request.method,
              path: request.originalUrl.split('?')[0],
            })
            .then(
              () => result,
              (error: unknown) => {
                this.logger.error(`Could not write the audit entry: ${String(error)}`);
                return result;
              },
            ),
        ),
      ),
    );
  }
}
