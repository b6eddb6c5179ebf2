import {
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import crypto from 'node:crypto';
import { from, map, mergeMap, of, type Observable } from 'rxjs';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { headersOf, PublicCacheStore, type CachedAnswer } from './public-cache.store';

/** What a visitor's answer is sent with: revalidated on every use, a cheap 304 if unchanged. */
export const PUBLIC_CACHE_CONTROL = 'no-cache';
/** What a signed-in viewer's answer of the same route is sent with: it may show drafts. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
/** The headers a kept answer is replayed with. */
const REPLAYED_HEADERS = ['content-type', 'x-total-count', 'link', 'etag', 'cache-control'];

/**
 * A visitor's 200 as the bytes to send, with their ETag; null for any other answer. A route
 * that wrote its JSON from the database's bytes returns them; others return objects.
 */
function publicAnswer(response: Response, body: unknown): CachedAnswer | null {
  if (response.statusCode !== 200 || body === undefined) return null;
  const bytes = Buffer.isBuffer(body)
    ? body
    : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  response.setHeader('ETag', `"${crypto.createHash('sha1').update(bytes).digest('base64url')}"`);
  return { body: bytes, headers: headersOf(response, REPLAYED_HEADERS) };
}

/** A kept or shared answer, sent as the route's: Express answers 304 to its ETag. */
function replay(response: Response, answer: CachedAnswer): Buffer {
  response.set(answer.headers);
  return answer.body;
}

/**
 * The route side of the public cache (@PublicCache() binds it): a signed-in viewer's answer
 * is private; a visitor's 200 leaves as JSON bytes with their ETag and is kept in
 * PublicCacheStore, computed once for those who ask at the same moment. Most of them wait in
 * PublicCacheStore.serve, before routing; a request that came past it before the flight
 * opened waits here.
 */
@Injectable()
export class PublicCacheInterceptor implements NestInterceptor {
  constructor(private readonly store: PublicCacheStore) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request & { user?: AuthUser }>();
    const response = http.getResponse<Response>();
    if (request.user) {
      response.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL);
      return next.handle();
    }
    response.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
    const computed = () =>
      next.handle().pipe(map((body: unknown) => publicAnswer(response, body)?.body ?? body));
    // A token, even one the guard refused, keeps a request out of what visitors share.
    if (request.headers.authorization) return computed();

    const key = request.originalUrl;
    const kept = this.store.get(key);
    if (kept) return of(replay(response, kept));
    const flight = this.store.flight(key);
    if (flight) {
      return from(flight).pipe(
        mergeMap((answer) => (answer?.status === 200 ? of(replay(response, answer)) : computed())),
      );
    }
    const land = this.store.lead(key, response);
    return next.handle().pipe(
      map((body: unknown) => {
        const answer = publicAnswer(response, body);
        land(answer);
        return answer?.body ?? body;
      }),
    );
  }
}
