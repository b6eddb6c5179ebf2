import {
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';
import { Observable } from 'rxjs';
import type { AuthUser } from '../decorators/current-user.decorator';

/** Who did something, as the trash and the revisions record it. */
export interface Actor {
  id: string;
  UserName: string;
}

const actors = new AsyncLocalStorage<Actor>();

/**
 * The signed-in user whose request is running, wherever the code asking is: a service deep
 * under a controller learns who deletes or edits without every signature in between
 * carrying it. Undefined outside a request (the seed, a periodic job).
 */
export function currentActor(): Actor | undefined {
  return actors.getStore();
}

/** Requests that change nothing, so record no one: they run without an actor's context. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Runs each write's handler with its user as the current actor. Reads are left out: an
 * administrator's screens read far more than they write, and each binding costs the request
 * an Observable around its handler and an async-context switch.
 */
@Injectable()
export class ActorInterceptor implements NestInterceptor {
  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const request = context.switchToHttp().getRequest<Request & { user?: AuthUser }>();
    const user = request.user;
    if (!user || READS.has(request.method)) return next.handle();
    const actor: Actor = { id: user.id, UserName: user.UserName };
    return new Observable((subscriber) =>
      actors.run(actor, () => next.handle().subscribe(subscriber)),
    );
  }
}
