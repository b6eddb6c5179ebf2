import {
  applyDecorators,
  Injectable,
  UseInterceptors,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import type { Request, Response } from 'express';
import crypto from 'node:crypto';
import { catchError, finalize, from, map, mergeMap, of, throwError, type Observable } from 'rxjs';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { ContentVersionService } from './content-version.service';
import {
  PUBLIC_CACHE_CONTROL,
  joinedFlight,
  PublicCacheStore,
  REPLAYED_HEADERS,
  type CachedAnswer,
  type Flight,
} from './public-cache.store';

/**
 * Computes a visitor's answer once for all who ask at the same moment (single flight),
 * gives it an ETag and `Cache-Control: no-cache`, and keeps it in the PublicCacheStore.
 * Signed-in viewers may see drafts: their answers are neither shared nor kept.
 */
@Injectable()
export class PublicCacheInterceptor implements NestInterceptor {
  constructor(
    private readonly versions: ContentVersionService,
    private readonly store: PublicCacheStore,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    const http = context.switchToHttp();
    const request = http.getRequest<Request & { user?: AuthUser }>();
    const response = http.getResponse<Response>();
    if (request.method !== 'GET' && request.method !== 'HEAD') return next.handle();
    if (request.user) {
      response.setHeader('Cache-Control', 'private, no-store');
      return next.handle();
    }

    const key = request.originalUrl;
    const version = this.versions.current;
    // Join a computation under way, unless a write has happened since it started; or
    // settle as a joiner a request that joined one before routing (PublicCacheStore.serve).
    const joined = joinedFlight(request);
    const flying = joined ?? this.store.flights.get(key);
    if (flying && (joined || flying.version === version)) {
      return from(flying.answer).pipe(
        mergeMap((answer) => (answer ? of(this.replay(response, answer)) : next.handle())),
      );
    }

    let land!: (answer: CachedAnswer | null) => void;
    let crash!: (error: unknown) => void;
    const flight: Flight = {
      version,
      answer: new Promise((resolve, reject) => {
        land = resolve;
        crash = reject;
      }),
    };
    // Those who joined hear of a failure through their own request; nobody else waits.
    flight.answer.catch(() => undefined);
    this.store.flights.set(key, flight);
    const leave = () => {
      if (this.store.flights.get(key) === flight) this.store.flights.delete(key);
    };

    return next.handle().pipe(
      map((value: unknown) => {
        const answer = this.answerOf(response, value);
        if (answer) this.store.set(key, version, answer);
        land(answer);
        return answer ? this.replay(response, answer) : value;
      }),
      catchError((error: unknown) => {
        crash(error);
        return throwError(() => error);
      }),
      finalize(() => {
        land(null);
        leave();
      }),
    );
  }

  /** The answer as it will be sent: the JSON bytes and the headers to replay. */
  private answerOf(response: Response, value: unknown): CachedAnswer | null {
    if (response.statusCode !== 200 || value === undefined) return null;
    const body = Buffer.isBuffer(value)
      ? value
      : Buffer.from(typeof value === 'string' ? value : JSON.stringify(value));
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('ETag', `"${crypto.createHash('sha1').update(body).digest('base64url')}"`);
    response.setHeader('Cache-Control', PUBLIC_CACHE_CONTROL);
    const headers: Record<string, string> = {};
    for (const name of REPLAYED_HEADERS) {
      const header = response.getHeader(name);
      if (header !== undefined) headers[name] = String(header);
    }
    return { body, headers };
  }

  /**
   * Sends the stored bytes as they are (sendBytesAsTheyAre): no second serialisation, and
   * Express answers a matching If-None-Match with 304.
   */
  private replay(response: Response, answer: CachedAnswer): Buffer {
    response.set(answer.headers);
    return answer.body;
  }
}

/**
 * Marks a public GET route whose visitors' answers may be kept and shared until the public
 * content changes. A new public route opts in here, where it is declared.
 */
export const PublicCache = () => applyDecorators(UseInterceptors(PublicCacheInterceptor));
