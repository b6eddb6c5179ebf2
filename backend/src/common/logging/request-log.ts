import type { NextFunction, Request, Response } from 'express';
import type { Logger } from 'pino';

/**
 * What each request's line says of it: no headers, so no token or cookie reaches the logs,
 * and no share link's secret (loggedUrl).
 */
export interface LoggedRequest {
  id: string;
  method: string;
  url: string;
  remoteAddress?: string;
  userAgent?: string;
}

/** The request's id, once requestLog has given it one. */
export type IdentifiedRequest = Request & { id?: string };

/** Ids a proxy may hand us: letters, digits, `_` and `-`, up to 64. */
const GIVEN_ID = /^[\w-]{1,64}$/;

/** A client's share link in an address: its secret is the path's last segment. */
const SHARE_LINK = /(\/previews?\/share\/)([\w-]{6})[\w-]{30,}/;

/**
 * An address as logs may keep it: a share link's secret cut to the characters the admin's
 * list shows, so a log is never a way in.
 */
export function loggedUrl(url: string): string {
  return url.replace(SHARE_LINK, '$1$2…');
}

/** A request as its log lines name it. */
export function loggedRequest(request: IdentifiedRequest): LoggedRequest {
  return {
    id: request.id ?? '',
    method: request.method,
    url: loggedUrl(request.originalUrl),
    remoteAddress: request.ip ?? request.socket?.remoteAddress,
    userAgent: request.headers['user-agent'],
  };
}

/**
 * Express middleware writing one line per request when its answer has gone (or the client
 * has gone): what was asked, by whom and how it went, and how long it took. Each request
 * gets an id, from a proxy when one sets it (X-Request-Id) or a new UUID, and sends it back
 * in X-Request-Id.
 *
 * The line is built once, when it is written, from the request and the response: where
 * pino-http (under nestjs-pino) built a child logger per request, with its bindings
 * serialised up front, and nestjs-pino ran every request in an async context of its own so
 * that log lines written inside it carried the request (AppLogger now reads it from a
 * write's one context, currentRequest).
 */
export function requestLog(logger: Logger, ignore?: (request: Request) => boolean) {
  const logs = logger.isLevelEnabled('info');
  return (request: IdentifiedRequest, response: Response, next: NextFunction) => {
    const given = request.headers['x-request-id'];
    const id = typeof given === 'string' && GIVEN_ID.test(given) ? given : crypto.randomUUID();
    request.id = id;
    response.setHeader('X-Request-Id', id);
    if (logs && !ignore?.(request)) {
      const started = Date.now();
      const done = () => {
        response.off('finish', done);
        response.off('close', done);
        const responseTime = Date.now() - started;
        const req = loggedRequest(request);
        const res = { statusCode: response.statusCode };
        if (response.statusCode >= 500) {
          const err = new Error(`failed with status code ${response.statusCode}`);
          logger.info({ req, res, err, responseTime }, 'request errored');
        } else {
          const completed = !request.readableAborted && response.writableEnded;
          logger.info(
            { req, res, responseTime },
            completed ? 'request completed' : 'request aborted',
          );
        }
      };
      response.on('finish', done);
      response.on('close', done);
    }
    next();
  };
}
