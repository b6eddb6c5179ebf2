import {
  Injectable,
  RequestMethod,
  type INestApplication,
  type OnModuleDestroy,
} from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { API_PREFIX } from '@vitrine/contracts';
import type { NextFunction, Request, Response } from 'express';
import crypto from 'node:crypto';
import type { AuthUser } from '../common/decorators/current-user.decorator';
import { routeHandlers, routePattern } from '../common/http/routes';
import type { AppConfig } from '../config/app.config';
import { ContentVersionService } from './content-version.service';
import {
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE,
  PUBLIC_CACHE_CONTROL,
} from './public-cache.decorator';

const MAX_ENTRIES = 500;
/** Larger answers are served but not kept: a few of them would crowd out every list. */
export const MAX_ENTRY_BYTES = 1024 * 1024;
/** The headers a stored answer is replayed with. */
const REPLAYED_HEADERS = ['content-type', 'x-total-count', 'link', 'etag', 'cache-control'];
/** The headers a failure shared with those who waited for it is replayed with. */
const REPLAYED_FAILURE_HEADERS = ['content-type', 'retry-after'];

export interface CachedAnswer {
  body: Buffer;
  headers: Record<string, string>;
}

/** What a computation gave those who waited for it: its answer, or its failure. */
interface SharedAnswer extends CachedAnswer {
  status: number;
}

/** An answer being computed for a URL, which others asking for it meanwhile share. */
interface Flight {
  version: string;
  /** null: the answer was not one to share; each asker computes its own. */
  answer: Promise<SharedAnswer | null>;
}

/** Where `serve` leaves the flight a request leads: the computation others wait for. */
const LEADS = Symbol('leads flight');
interface Leading {
  key: string;
  version: string;
  /** Gives the answer to those waiting, once; the flight is over. */
  land(answer: SharedAnswer | null): void;
}
type PublicRequest = Request & { [LEADS]?: Leading; user?: AuthUser };

const headersOf = (response: Response, names: string[]) => {
  const headers: Record<string, string> = {};
  for (const name of names) {
    const header = response.getHeader(name);
    if (header !== undefined) headers[name] = String(header);
  }
  return headers;
};

interface Entry extends CachedAnswer {
  version: string;
  expiresAt: number;
}

/**
 * Visitors' answers of the routes marked @PublicCache(), kept as the bytes sent, by URL.
 * An entry is served only while the content version it was computed at is current, and
 * for at most PUBLIC_CACHE_TTL_MS: the lifetime bounds staleness even if a version change
 * were ever missed. `serve` answers hits before routing, so a hit costs no query, no
 * validation and no serialisation. At most MAX_ENTRIES answers and PUBLIC_CACHE_MAX_MB of
 * them are kept (every query string is an entry of its own); the oldest go first.
 *
 * A miss is computed once for all who ask at the same moment (single flight): the first
 * visitor's request leads, the others wait before routing for its answer, or its failure.
 * The route's answer is taken as it leaves (`answer`, from sendBytesAsTheyAre), so the
 * routes need no interceptor, which would put every read, a signed-in viewer's uncached
 * one too, through Nest's rxjs chain.
 */
@Injectable()
export class PublicCacheStore implements OnModuleDestroy {
  private readonly entries = new Map<string, Entry>();
  /** The kept answers' bodies together, bounded by maxBytes. */
  private bytes = 0;
  private readonly maxBytes: number;
  /** Single flight: the computations under way, by URL. */
  private readonly flights = new Map<string, Flight>();
  /** The paths of the @PublicCache routes, whose misses lead a flight. */
  private routes: RegExp[] = [];
  private readonly ttlMs: number;
  private readonly stopListening: () => void;

  constructor(
    private readonly versions: ContentVersionService,
    config: ConfigService,
  ) {
    const { publicCacheTtlMs, publicCacheMaxBytes } = config.getOrThrow<AppConfig>('app');
    this.ttlMs = publicCacheTtlMs;
    this.maxBytes = publicCacheMaxBytes;
    // Entries of an older version can never be served again: free them at once.
    this.stopListening = versions.onChange(() => this.clear());
  }

  /** How many answers are kept, and their bodies' bytes together. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  get(key: string, now = Date.now()): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== this.versions.current || entry.expiresAt <= now) {
      this.remove(key);
      return undefined;
    }
    return entry;
  }

  /** Keeps an answer computed at `version`, unless the content has moved on since. */
  set(key: string, version: string, answer: CachedAnswer): void {
    const size = answer.body.length;
    if (version !== this.versions.current || size > Math.min(MAX_ENTRY_BYTES, this.maxBytes))
      return;
    this.remove(key);
    this.entries.set(key, { ...answer, version, expiresAt: Date.now() + this.ttlMs });
    this.bytes += size;
    while (this.entries.size > MAX_ENTRIES || this.bytes > this.maxBytes) {
      this.remove(this.entries.keys().next().value as string);
    }
  }

  private remove(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length;
  }

  private clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  /** Learns the app's @PublicCache routes; before the routes are registered (configureApp). */
  findRoutes(app: INestApplication): void {
    this.routes = routeHandlers(app)
      .filter(
        ({ handler, method }) =>
          method === RequestMethod.GET && Reflect.getMetadata(PUBLIC_CACHE, handler) === true,
      )
      .flatMap(({ paths }) => paths.map((path) => routePattern(`${API_PREFIX}/${path}`)));
  }

  /**
   * Express middleware: answers a visitor's GET or HEAD from a kept entry, if there is one,
   * or else from the answer being computed for the same URL right now (single flight), so
   * the visitors who arrive together after a save wait for one computation without each
   * going through routing and validation first. A miss on a @PublicCache route leads.
   */
  readonly serve = (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    // A token may show drafts; its requests go through the route, which decides.
    if (request.headers.authorization) return next();
    const key = request.originalUrl;
    const hit = this.get(key);
    if (hit) return this.send(request, response, 200, hit);
    const flight = this.flights.get(key);
    if (flight?.version === this.versions.current) {
      return void flight.answer.then((answer) =>
        answer ? this.send(request, response, answer.status, answer) : next(),
      );
    }
    if (this.routes.some((route) => route.test(request.path))) this.lead(key, request, response);
    next();
  };

  /**
   * Opens the flight of `key` for the request about to compute it. Its 200 is shared where
   * the route sends it (`answer`); a failure as it is sent, but for a 429, which is the
   * asker's own; anything else, or a request gone without an answer, lets the waiting ask
   * for themselves.
   */
  private lead(key: string, request: Request, response: Response): void {
    let land!: (answer: SharedAnswer | null) => void;
    const flight: Flight = {
      version: this.versions.current,
      answer: new Promise((resolve) => (land = resolve)),
    };
    this.flights.set(key, flight);
    const leading: Leading = {
      key,
      version: flight.version,
      land: (answer) => {
        land(answer);
        if (this.flights.get(key) === flight) this.flights.delete(key);
      },
    };
    (request as PublicRequest)[LEADS] = leading;
    const end = response.end.bind(response) as (...args: unknown[]) => Response;
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      const { statusCode } = response;
      const failure =
        statusCode >= 400 &&
        statusCode !== 429 &&
        (Buffer.isBuffer(chunk) || typeof chunk === 'string');
      leading.land(
        failure
          ? {
              status: statusCode,
              body: Buffer.from(chunk as string | Buffer),
              headers: headersOf(response, REPLAYED_FAILURE_HEADERS),
            }
          : null,
      );
      return end(chunk, ...rest);
    }) as Response['end'];
    response.once('close', () => leading.land(null));
  }

  /**
   * A route's result on its way out (see sendBytesAsTheyAre). A @PublicCache route's 200 to
   * a visitor leaves as JSON bytes with their ETag and is kept (if its request led the
   * computation, at the content version it began at) and given to those who waited; to a
   * signed-in viewer, who may see drafts, it is private. Any other result passes as it is.
   */
  readonly answer = (response: Response, body: unknown, status: number): unknown => {
    if (response.getHeader('Cache-Control') !== PUBLIC_CACHE_CONTROL) return body;
    const request = response.req as PublicRequest;
    if (request.user) {
      response.setHeader('Cache-Control', PRIVATE_CACHE_CONTROL);
      return body;
    }
    if (status !== 200 || body === undefined) return body;
    const bytes = Buffer.isBuffer(body)
      ? body
      : Buffer.from(typeof body === 'string' ? body : JSON.stringify(body));
    response.setHeader('Content-Type', 'application/json; charset=utf-8');
    response.setHeader('ETag', `"${crypto.createHash('sha1').update(bytes).digest('base64url')}"`);
    const leading = request[LEADS];
    if (leading) {
      const answer = { status, body: bytes, headers: headersOf(response, REPLAYED_HEADERS) };
      this.set(leading.key, leading.version, answer);
      leading.land(answer);
    }
    return bytes;
  };

  private send(request: Request, response: Response, status: number, answer: CachedAnswer): void {
    response.set(answer.headers);
    if (status === 200 && request.fresh) return void response.status(304).end();
    response.status(status).end(request.method === 'HEAD' ? undefined : answer.body);
  }

  onModuleDestroy() {
    this.stopListening();
    this.clear();
  }
}
