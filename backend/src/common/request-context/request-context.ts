import type { NextFunction, Request, Response } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuthUser } from '../decorators/current-user.decorator';

/** A request as the access guard leaves it: with its user once a token has been checked. */
export type ContextRequest = Request & { user?: AuthUser };

const requests = new AsyncLocalStorage<ContextRequest>();

/**
 * The request whose code is running, wherever the code asking is: a service deep under a
 * controller learns who is writing (the actor) and where to note what it changed (the
 * audit) without every signature in between carrying the request. Undefined outside a
 * request (the seed, a periodic job).
 *
 * One context for everything a request carries: every AsyncLocalStorage in use makes each
 * promise the process creates, in any request, pay for carrying its value; with the actor
 * and the audit note in contexts of their own, they cost every read three of them.
 */
export function currentRequest(): ContextRequest | undefined {
  return requests.getStore();
}

/**
 * Express middleware running the rest of the request in its context. Installed after the
 * body parsers: their callbacks come from the socket's events, outside any context started
 * before them.
 */
export function bindRequestContext(request: Request, _response: Response, next: NextFunction) {
  requests.run(request as ContextRequest, next);
}
