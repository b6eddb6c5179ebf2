import { RequestMethod, type INestApplication } from '@nestjs/common';
import { INTERCEPTORS_METADATA } from '@nestjs/common/constants';
import { routeHandlers } from '../common/http/routes';
import { AUDIT_ACTION } from './audit-action.decorator';
import { AuditInterceptor } from './audit.interceptor';

const WRITES = new Set([
  RequestMethod.POST,
  RequestMethod.PUT,
  RequestMethod.PATCH,
  RequestMethod.DELETE,
  RequestMethod.ALL,
]);

/**
 * Puts the AuditInterceptor on every route that can write (POST, PUT, PATCH, DELETE) or is
 * marked @AuditAs, in every module, outermost as a global interceptor would be; reads carry
 * no audit layer. A global interceptor wrapped every read in Nest's rxjs interceptor chain
 * too (a deferred observable, two async-resource bindings, mergeAll), which cost an uncached
 * GET some 3 % of its CPU for nothing. Runs before the routes are registered (app.listen or
 * app.init), as configureApp does; a route added later is found the same way. A handler
 * shared by several controllers (a generic base's) is met once per controller, to the same end.
 */
export function auditWriteRoutes(app: INestApplication): void {
  const interceptor = app.get(AuditInterceptor);
  for (const { handler, method } of routeHandlers(app)) {
    const audited =
      (method !== undefined && WRITES.has(method)) ||
      Reflect.getMetadata(AUDIT_ACTION, handler) !== undefined;
    if (!audited) continue;
    // The metadata belongs to the class, which every app in the process shares: another
    // app's interceptor (a test's second instance) is replaced, not kept beside this one,
    // whose routes would otherwise audit twice, once through an app that may be closed.
    // Each app's routes keep what the metadata held when they were registered.
    const others = (
      (Reflect.getMetadata(INTERCEPTORS_METADATA, handler) ?? []) as unknown[]
    ).filter((one) => one !== interceptor && !(one instanceof AuditInterceptor));
    Reflect.defineMetadata(INTERCEPTORS_METADATA, [interceptor, ...others], handler);
  }
}
