import {
  BadRequestException,
  ConflictException,
  Injectable,
  Logger,
  PayloadTooLargeException,
  UnprocessableEntityException,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { Request, Response } from 'express';
import { finalize, of, type Observable } from 'rxjs';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { keepBufferedBody, readWholeBody } from '../common/http/buffered-body';
import type { AppConfig } from '../config/app.config';
import { IdempotencyStore, type StoredAnswer } from './idempotency.store';
import { multipartDigest, parsedBodyDigest, requestFingerprint } from './request-fingerprint';

export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** The writes a retry could make twice; DELETE is idempotent as it is. */
const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/**
 * Routes whose answers carry credentials (a session's token, an API token's or a webhook's
 * secret, which the API otherwise keeps only as a hash or never answers again), which are
 * never kept in the database: the header is ignored there. Signing in twice does no harm;
 * a retried token or webhook creation is refused for its name or makes a second one.
 */
const NOT_KEPT_ROUTES = new Set([
  '/api/user/login',
  '/api/user/logout',
  '/api/account/token',
  '/api/account/password',
  '/api/tokens',
  '/api/tokens/{id}/renew',
  '/api/webhooks',
  '/api/webhooks/{id}/secret',
  // A share link's secret, also kept only as a hash.
  '/api/previews/share',
]);

/**
 * Whether a route takes an Idempotency-Key: `path` is its template, as the OpenAPI document
 * writes it (`/api/product/{id}`) or as Express does (`/api/product/:id`).
 */
export function isIdempotentRoute(method: string, path: string): boolean {
  const template = path.replace(/:(\w+)/g, '{$1}');
  return WRITE_METHODS.has(method) && !NOT_KEPT_ROUTES.has(template);
}

/** The headers of an answer that are part of it, and come back with a replay. */
const KEPT_HEADERS = ['content-type', 'location', 'etag', 'last-modified', 'link', 'x-total-count'];

/**
 * Answers that are not kept, so that a retry with the same key runs again: a server error
 * (5xx) and "too many requests" or "timeout" (408, 429), which say "later", not "no".
 * Every other answer is kept, a 4xx included, as Stripe does: the same request gets the same
 * answer, and a corrected request is a new request with a new key.
 */
export function isKeptStatus(status: number): boolean {
  return status < 500 && status !== 408 && status !== 429;
}

type Caller = Request & { user?: AuthUser };

/**
 * Stripe's idempotent requests (https://docs.stripe.com/api/idempotent_requests) for every
 * write of the API, bound once as a global interceptor (IdempotencyModule): a POST, PUT or
 * PATCH sent with an `Idempotency-Key` header runs once per key and caller, and its answer
 * (status, body, the headers of KEPT_HEADERS) is kept for 24 hours in MongoDB, where every
 * instance finds it. A retry with the same key, method, path and body gets that answer back
 * marked `Idempotent-Replayed: true`; the same key with another request is a 422, and a
 * retry while the first still runs a 409 with Retry-After. It runs after the guards, so the
 * caller is known (the signed-in user, or else the client's address) and a refused request
 * never takes a key; and before the route's own interceptors, so a replayed write is neither
 * run nor audited again.
 */
@Injectable()
export class IdempotencyInterceptor implements NestInterceptor {
  private readonly logger = new Logger('Idempotency');
  /** multer's own limits for one request: 10 files and 40 fields of at most 1 MiB. */
  private readonly maxMultipartBytes: number;

  constructor(
    private readonly store: IdempotencyStore,
    config: ConfigService,
  ) {
    this.maxMultipartBytes =
      10 * config.getOrThrow<AppConfig>('app').uploadMaxBytes + 41 * 1024 * 1024;
  }

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const request = context.switchToHttp().getRequest<Caller>();
    const response = context.switchToHttp().getResponse<Response>();
    const key = request.headers[IDEMPOTENCY_KEY_HEADER.toLowerCase()];
    const route = (request.route as { path?: string } | undefined)?.path ?? '';
    if (key === undefined || !isIdempotentRoute(request.method, route)) return next.handle();
    if (typeof key !== 'string' || !key.trim() || key.length > IDEMPOTENCY_KEY_MAX_LENGTH) {
      throw new BadRequestException(
        `The ${IDEMPOTENCY_KEY_HEADER} header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} characters`,
      );
    }

    const path = request.originalUrl;
    const claim = await this.store.claim({
      scope: request.user ? `user:${request.user.id}` : `address:${request.ip}`,
      key,
      fingerprint: requestFingerprint(request.method, path, await this.bodyDigest(request)),
      method: request.method,
      path,
    });
    switch (claim.outcome) {
      case 'mismatch':
        throw new UnprocessableEntityException(
          `This ${IDEMPOTENCY_KEY_HEADER} was sent with another request ` +
            `(${claim.method} ${claim.path}, or another body): use a new key for a new request`,
        );
      case 'running':
        response.setHeader('Retry-After', '1');
        throw new ConflictException(
          `A request with this ${IDEMPOTENCY_KEY_HEADER} is still being processed; retry shortly`,
        );
      case 'replay':
        return this.replay(response, claim.answer);
      case 'claimed':
        this.keepAnswer(response, claim.id);
        return next.handle();
    }
  }

  /** The body as the retry must repeat it; a multipart body is read here, and kept for multer. */
  private async bodyDigest(request: Request): Promise<string> {
    if (!request.is('multipart')) return parsedBodyDigest(request.body);
    const body = await readWholeBody(
      request,
      this.maxMultipartBytes,
      () => new PayloadTooLargeException('The upload is too large'),
    );
    keepBufferedBody(request, body);
    return multipartDigest(request.headers, body).catch(() => {
      throw new BadRequestException('The multipart body cannot be read');
    });
  }

  private replay(response: Response, answer: StoredAnswer): Observable<Buffer> {
    response.status(answer.status);
    for (const [name, value] of Object.entries(answer.headers)) response.setHeader(name, value);
    response.setHeader(IDEMPOTENT_REPLAYED_HEADER, 'true');
    // Nest sets the route's own status (201 for a POST) as it sends the bytes: the replay
    // keeps the first answer's, whatever it was.
    response.status = () => response;
    return of(answer.body).pipe(
      // A route that writes its own answer (@Res()) has Nest send nothing: the replay does,
      // once Nest has had its turn (it replies as soon as this completes).
      finalize(() =>
        setImmediate(() => {
          if (!response.headersSent) response.end(answer.body);
        }),
      ),
    );
  }

  /**
   * Keeps the answer as it is sent, whoever sends it (the route, the exception filter),
   * before its last bytes go out: a retry sent once this answer arrived finds it kept.
   */
  private keepAnswer(response: Response, id: string): void {
    const chunks: Buffer[] = [];
    const bytes = (chunk: unknown, encoding: unknown) =>
      Buffer.isBuffer(chunk)
        ? chunk
        : Buffer.from(
            String(chunk),
            typeof encoding === 'string' ? (encoding as BufferEncoding) : 'utf8',
          );
    const write = response.write;
    const end = response.end;
    response.write = function (this: Response, chunk: unknown, ...rest: unknown[]) {
      if (chunk !== undefined && chunk !== null) chunks.push(bytes(chunk, rest[0]));
      return (write as (...args: unknown[]) => boolean).call(this, chunk, ...rest);
    } as Response['write'];
    response.end = function (this: Response, ...args: unknown[]) {
      response.write = write;
      response.end = end;
      const [chunk, encoding] = args;
      if (chunk !== undefined && chunk !== null && typeof chunk !== 'function')
        chunks.push(bytes(chunk, encoding));
      const status = response.statusCode;
      const headers: Record<string, string> = {};
      for (const name of KEPT_HEADERS) {
        const value = response.getHeader(name);
        if (value !== undefined) headers[name] = String(value);
      }
      const settled = isKeptStatus(status)
        ? store.finish(id, { status, headers, body: Buffer.concat(chunks) })
        : store.release(id);
      settled
        .catch((error: unknown) => {
          logger.error(`Could not keep the answer of an idempotent request: ${String(error)}`);
          return store.release(id).catch(() => undefined);
        })
        .finally(() => (end as (...args: unknown[]) => Response).apply(response, args));
      return response;
    } as Response['end'];
    const { store, logger } = this;
  }
}
