import { Injectable, type OnModuleDestroy } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { Clock } from '../common/clock/clock';
import type { AppConfig } from '../config/app.config';
import { ContentVersionService } from './content-version.service';

/**
 * Answers kept at most, besides PUBLIC_CACHE_MAX_MB: the bytes bound counts bodies only,
 * not an entry's URL, headers and bookkeeping, and visitors may ask for any number of query
 * strings whose answers are a few bytes each (a search that finds nothing answers `[]`).
 * Without a count, those could pile up as entries that are almost all overhead.
 */
const MAX_ENTRIES = 500;
/** Larger answers are served but not kept: a few of them would crowd out every list. */
export const MAX_ENTRY_BYTES = 1024 * 1024;
/** The headers a failure shared with those who waited for it is replayed with. */
const REPLAYED_FAILURE_HEADERS = ['content-type', 'retry-after'];

export interface CachedAnswer {
  body: Buffer;
  headers: Record<string, string>;
}

/** What a computation gave those who waited for it: its answer, or its failure. */
export interface SharedAnswer extends CachedAnswer {
  status: number;
}

/** An answer being computed for a URL, which others asking for it meanwhile share. */
interface Flight {
  version: string;
  /** null: the answer was not one to share; each asker computes its own. */
  answer: Promise<SharedAnswer | null>;
}

/** The named headers a response carries, as text. */
export function headersOf(response: Response, names: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const name of names) {
    const header = response.getHeader(name);
    if (header !== undefined) headers[name] = String(header);
  }
  return headers;
}

interface Entry extends CachedAnswer {
  version: string;
}

/**
 * Visitors' answers of the routes marked @PublicCache(), kept as the bytes sent, by URL.
 * An entry is served only while the content version it was computed at is current, and
 * for at most PUBLIC_CACHE_TTL_MS: the lifetime bounds staleness even if a version change
 * were ever missed. At most MAX_ENTRIES answers and PUBLIC_CACHE_MAX_MB of them are kept
 * (every query string is an entry of its own); the least recently used go first.
 *
 * A miss is computed once for all who ask at the same moment (single flight): the route's
 * PublicCacheInterceptor leads the first visitor's request (`lead`), and the others wait for
 * its answer, or its failure. `serve`, bound before routing (configureApp), answers a hit,
 * and those who arrive while a flight is under way, without routing, validation or
 * serialisation; it only ever looks a URL up, so only what a @PublicCache route answered is
 * served from here.
 */
@Injectable()
export class PublicCacheStore implements OnModuleDestroy {
  /** The kept answers, their bodies together bounded by PUBLIC_CACHE_MAX_MB. */
  private readonly entries: LRUCache<string, Entry>;
  /** Single flight: the computations under way, by URL. */
  private readonly flights = new Map<string, Flight>();
  private readonly stopListening: () => void;

  constructor(
    private readonly versions: ContentVersionService,
    config: ConfigService,
    clock: Clock,
  ) {
    const { publicCacheTtlMs, publicCacheMaxBytes } = config.getOrThrow<AppConfig>('app');
    this.entries = new LRUCache<string, Entry>({
      max: MAX_ENTRIES,
      maxSize: publicCacheMaxBytes,
      maxEntrySize: Math.min(MAX_ENTRY_BYTES, publicCacheMaxBytes),
      sizeCalculation: (entry) => entry.body.length || 1,
      ttl: publicCacheTtlMs,
      // The app's time, which tests move (lru-cache's own is performance.now()).
      perf: { now: () => clock.now().getTime() },
    });
    // Entries of an older version can never be served again: free them at once.
    this.stopListening = versions.onChange(() => this.clear());
  }

  /** How many answers are kept, and their bodies' bytes together. */
  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.entries.calculatedSize };
  }

  get(key: string): CachedAnswer | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== this.versions.current) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  /** Keeps an answer computed at `version`, unless the content has moved on since. */
  set(key: string, version: string, answer: CachedAnswer): void {
    if (version !== this.versions.current) return;
    // One too large for the bound is not kept (maxEntrySize), and any kept before goes.
    this.entries.delete(key);
    this.entries.set(key, { ...answer, version });
  }

  private clear(): void {
    this.entries.clear();
  }

  /** The answer being computed for `key` at the current content version, if one is. */
  flight(key: string): Promise<SharedAnswer | null> | undefined {
    const flight = this.flights.get(key);
    return flight?.version === this.versions.current ? flight.answer : undefined;
  }

  /**
   * Opens the flight of `key` for the request about to compute it, and gives the function
   * that ends it with the route's answer: a 200 is kept (at the content version the flight
   * began at) and shared; null lets the waiting ask for themselves. A failure is shared as
   * it is sent, but for a 429, which is the asker's own; a request gone without an answer
   * lets the waiting ask for themselves.
   */
  lead(key: string, response: Response): (answer: CachedAnswer | null) => void {
    let resolve!: (answer: SharedAnswer | null) => void;
    const flight: Flight = {
      version: this.versions.current,
      answer: new Promise((done) => (resolve = done)),
    };
    this.flights.set(key, flight);
    const land = (answer: SharedAnswer | null) => {
      resolve(answer);
      if (this.flights.get(key) === flight) this.flights.delete(key);
    };
    // A failure's bytes are only known as the exception filter sends them.
    const end = response.end.bind(response) as (...args: unknown[]) => Response;
    response.end = ((chunk?: unknown, ...rest: unknown[]) => {
      const { statusCode } = response;
      const failure =
        statusCode >= 400 &&
        statusCode !== 429 &&
        (Buffer.isBuffer(chunk) || typeof chunk === 'string');
      land(
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
    response.once('close', () => land(null));
    return (answer) => {
      if (!answer) return land(null);
      this.set(key, flight.version, answer);
      land({ ...answer, status: 200 });
    };
  }

  /**
   * Express middleware, before routing: answers a visitor's GET or HEAD from a kept entry, if
   * there is one, or else from the answer being computed for the same URL right now, so the
   * visitors who arrive together after a save wait for one computation without each going
   * through routing and validation first.
   */
  readonly serve = (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    // A token may show drafts; its requests go through the route, which decides.
    if (request.headers.authorization) return next();
    const key = request.originalUrl;
    const hit = this.get(key);
    if (hit) return this.send(request, response, 200, hit);
    const flight = this.flight(key);
    if (!flight) return next();
    void flight.then((answer) =>
      answer ? this.send(request, response, answer.status, answer) : next(),
    );
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
