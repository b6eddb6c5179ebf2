import type { NextFunction, Request, Response } from 'express';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { AuthUser } from '../decorators/current-user.decorator';

/** A request as the access guard leaves it: with its user once a token has been checked. */
export type ContextRequest = Request & { user?: AuthUser };

/** Requests that change nothing: nothing in them asks for their context. */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * How long the context of a write whose client went away (its answer never finished) is
 * kept for the code still running it: a handler goes on after the client has gone.
 */
export const ABANDONED_WRITE_CONTEXT_MS = 60_000;

const requests = new AsyncLocalStorage<ContextRequest>();
/** Writes whose context is held: the storage is on while there is one. */
let held = 0;

/**
 * The write whose code is running, wherever the code asking is: a service deep under a
 * controller learns who is writing (the actor), where to note what it changed (the audit)
 * and which request a log line belongs to, without every signature in between carrying
 * the request. Undefined outside a write: in a read, the seed, a periodic job.
 *
 * Only writes have a context, and the storage is switched off whenever none is running:
 * on Node 20 an AsyncLocalStorage in use makes every promise the process creates pay for
 * carrying its value (a hook on each), which cost uncached reads a large share of their
 * throughput (bench:api's "GET /api/product/{id}" row, "uncached (token)"; the figures are
 * in the commit that switched the storage off between writes).
 * For the same reason there is one storage for everything a request carries.
 */
export function currentRequest(): ContextRequest | undefined {
  return requests.getStore();
}

/**
 * Express middleware running the rest of a write in its context; reads go on without one.
 * The context is let go once the answer has been sent (the handler is done by then), or,
 * should the client go away first, ABANDONED_WRITE_CONTEXT_MS after. Installed after the
 * body parsers: their callbacks come from the socket's events, outside any context started
 * before them.
 */
export function bindRequestContext(request: Request, response: Response, next: NextFunction) {
  if (READS.has(request.method)) return next();
  held += 1;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    held -= 1;
    if (held === 0) requests.disable();
  };
  response.once('finish', release);
  response.once('close', () => {
    if (!released) setTimeout(release, ABANDONED_WRITE_CONTEXT_MS).unref();
  });
  requests.run(request as ContextRequest, next);
}

/** How many writes hold a context now (for tests). */
export function heldRequestContexts(): number {
  return held;
}
