import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { NextFunction, Request, Response } from 'express';
import type { AppConfig } from '../config/app.config';
import { ContentVersionService } from './content-version.service';

/** What a visitor's answer is sent with: revalidated on every use, a cheap 304 if unchanged. */
export const PUBLIC_CACHE_CONTROL = 'no-cache';
const MAX_ENTRIES = 500;
/** Larger answers are served but not kept: a few of them would crowd out every list. */
export const MAX_ENTRY_BYTES = 1024 * 1024;
/** The headers a stored answer is replayed with. */
export const REPLAYED_HEADERS = ['content-type', 'x-total-count', 'link', 'etag', 'cache-control'];

export interface CachedAnswer {
  body: Buffer;
  headers: Record<string, string>;
}

/** An answer being computed for a URL, which others asking for it meanwhile share. */
export interface Flight {
  version: string;
  /** null: the answer was not one to share (not a 200); each asker computes its own. */
  answer: Promise<CachedAnswer | null>;
}

/** Where `serve` leaves the flight a request joined, when that flight had nothing to share. */
const JOINED = Symbol('joined flight');
type JoiningRequest = Request & { [JOINED]?: Flight };

/**
 * The flight a request joined before routing whose answer was not one to share (not a
 * 200) or that failed: the route's interceptor settles the request as a joiner would.
 */
export function joinedFlight(request: Request): Flight | undefined {
  return (request as JoiningRequest)[JOINED];
}

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
 */
@Injectable()
export class PublicCacheStore implements OnModuleDestroy {
  private readonly entries = new Map<string, Entry>();
  /** The kept answers' bodies together, bounded by maxBytes. */
  private bytes = 0;
  private readonly maxBytes: number;
  /** Single flight: the computations under way, by URL (see PublicCacheInterceptor). */
  readonly flights = new Map<string, Flight>();
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

  /**
   * Express middleware: answers a visitor's GET or HEAD from a kept entry, if there is one,
   * or else from the answer being computed for the same URL right now (single flight), so
   * the visitors who arrive together after a save wait for one computation without each
   * going through routing, validation and the interceptors first.
   */
  readonly serve = (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    // A token may show drafts; its requests go through the route, which decides.
    if (request.headers.authorization) return next();
    const key = request.originalUrl;
    const hit = this.get(key);
    if (hit) return this.send(request, response, hit);
    const flight = this.flights.get(key);
    if (flight?.version !== this.versions.current) return next();
    const routed = () => {
      (request as JoiningRequest)[JOINED] = flight;
      next();
    };
    flight.answer.then(
      (answer) => (answer ? this.send(request, response, answer) : routed()),
      routed,
    );
  };

  private send(request: Request, response: Response, answer: CachedAnswer): void {
    response.set(answer.headers);
    if (request.fresh) return void response.status(304).end();
    response.status(200).end(request.method === 'HEAD' ? undefined : answer.body);
  }

  onModuleDestroy() {
    this.stopListening();
    this.clear();
  }
}
