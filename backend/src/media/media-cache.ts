import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { NextFunction, Request, Response } from 'express';
import { LRUCache } from 'lru-cache';
import { MEDIA_NAME, MediaStorageError, type MediaStorage } from './storage/media-storage';
import { UPLOAD_HEADERS } from './upload-headers';

interface Cached {
  size: number;
  /** When the storage last confirmed the file still exists. */
  checkedAt: number;
}

/** An image held in memory too, with the headers the static server gives it. */
interface Held {
  body: Buffer;
  headers: (readonly [string, string])[];
}

export interface MediaCacheOptions {
  dir: string;
  maxBytes: number;
  /** After this long, a hit asks the storage whether the file still exists (deleted media). */
  recheckMs?: number;
  /** The most of the cached images also held in memory, served without touching the disk. */
  memoryMaxBytes?: number;
}

/** Images held in memory are variants, at most this large; larger files stay on disk only. */
const HELD_FILE_MAX_BYTES = 512 * 1024;
/** Requests only the static server answers: ranges and every kind of precondition. */
const CONDITIONAL = [
  'range',
  'if-none-match',
  'if-modified-since',
  'if-match',
  'if-unmodified-since',
];

/**
 * A bounded copy, on this instance's disk, of the media it serves from a shared storage
 * (GridFS): the first request for a file copies it here, and every later one is served
 * from the local file by the same static server as the disk storage, with the same
 * headers (year-long immutable caching, ETag, Range). Files take their stored time as
 * their modification time, so every instance gives a file the same ETag. Least recently
 * used files go first when the cache is over `maxBytes` (an lru-cache of the copies, whose
 * files are removed as they leave it); a file larger than the whole cache is served from
 * its copy once and removed at the next copy.
 *
 * The most recently used image variants are held in memory as well, up to
 * `memoryMaxBytes` (a second lru-cache), and a plain GET or HEAD of one is answered from
 * there with the static server's headers, byte for byte: a product page's images then cost
 * no file system calls.
 */
export class MediaCache {
  /** The copies on this disk, by name; bounded by their sizes. */
  private readonly files: LRUCache<string, Cached>;
  /** Copies being removed, having left `files`: a copy waits for them, so the disk fits. */
  private readonly removing = new Set<Promise<void>>();
  /** A copy larger than the whole cache, kept outside it until the next copy is made. */
  private passing?: string;
  private readonly filling = new Map<string, Promise<void>>();
  private readonly recheckMs: number;
  /** Images held in memory as well; each of them is in `files` too. None without a bound. */
  private readonly held?: LRUCache<string, Held>;
  private readonly loading = new Set<string>();

  constructor(
    private readonly storage: MediaStorage,
    private readonly options: MediaCacheOptions,
  ) {
    this.recheckMs = options.recheckMs ?? 60_000;
    this.files = new LRUCache<string, Cached>({
      maxSize: options.maxBytes,
      sizeCalculation: (cached) => Math.max(cached.size, 1),
      // Not on 'set': a copy is only ever added, never replaced in place.
      dispose: (_cached, name, reason) => {
        if (reason !== 'set') this.remove(name);
      },
    });
    const memoryMaxBytes = options.memoryMaxBytes ?? 0;
    if (memoryMaxBytes > 0) {
      this.held = new LRUCache<string, Held>({
        maxSize: memoryMaxBytes,
        maxEntrySize: Math.min(HELD_FILE_MAX_BYTES, memoryMaxBytes),
        sizeCalculation: (held) => Math.max(held.body.length, 1),
      });
    }
  }

  get dir(): string {
    return this.options.dir;
  }

  /** Starts empty: what an earlier run left may have been deleted since. */
  async open(): Promise<void> {
    await fs.rm(this.dir, { recursive: true, force: true });
    await fs.mkdir(this.dir, { recursive: true, mode: 0o700 });
  }

  /** Bytes held on disk now. */
  get size(): number {
    return this.files.calculatedSize;
  }

  /** Bytes held in memory now. */
  get memorySize(): number {
    return this.held?.calculatedSize ?? 0;
  }

  /** Whether this instance has a copy of `name`: then the storage had it when copied. */
  has(name: string): boolean {
    return this.files.has(name);
  }

  /** Whether `name` is held in memory now. */
  holds(name: string): boolean {
    return this.held?.has(name) ?? false;
  }

  /**
   * Express middleware in front of the static server: makes sure the file asked for is
   * here (or, if the storage has no such file, that it is not), then lets it serve.
   */
  readonly prepare = (request: Request, response: Response, next: NextFunction) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return next();
    const name = request.path.slice(1);
    if (!MEDIA_NAME.test(name)) return next();
    this.ensure(name).then(
      () => {
        if (!this.answerFromMemory(name, request, response)) next();
      },
      (error: unknown) =>
        next(
          Object.assign(new Error(`Media ${name} is not available now`), { status: 503, error }),
        ),
    );
  };

  /** Makes the local copy of `name` match the storage: present if stored, absent if not. */
  async ensure(name: string, now = Date.now()): Promise<void> {
    const cached = this.files.get(name);
    if (cached) {
      if (now - cached.checkedAt < this.recheckMs) return;
      if (await this.storage.stat(name)) {
        cached.checkedAt = now;
      } else {
        await this.forget(name);
      }
      return;
    }
    // Single flight: one copy per file, however many ask at once.
    let filling = this.filling.get(name);
    if (!filling) {
      filling = this.fill(name, now).finally(() => this.filling.delete(name));
      this.filling.set(name, filling);
    }
    await filling;
  }

  /** Answers a plain GET or HEAD of a held image; false if the static server must. */
  private answerFromMemory(name: string, request: Request, response: Response): boolean {
    const held = this.held?.get(name);
    if (!held) {
      if (this.files.has(name)) void this.hold(name);
      return false;
    }
    if (CONDITIONAL.some((header) => request.headers[header] !== undefined)) return false;
    response.statusCode = 200;
    for (const [header, value] of held.headers) response.setHeader(header, value);
    response.end(request.method === 'HEAD' ? undefined : held.body);
    return true;
  }

  /**
   * Reads a cached image variant into memory, with the headers `send` gives it from the
   * same file (its validators come from the file's size and time); the least recently used
   * held ones leave beyond `memoryMaxBytes`.
   */
  private async hold(name: string): Promise<void> {
    const cached = this.files.peek(name);
    const held = this.held;
    if (!held || !cached || cached.size > held.maxEntrySize) return;
    if (!MEDIA_NAME.test(name) || held.has(name) || this.loading.has(name)) return;
    this.loading.add(name);
    try {
      const file = path.join(this.dir, name);
      const [body, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
      // Evicted (or evicted and copied again) meanwhile: the next request holds it.
      if (this.files.peek(name) !== cached) return;
      held.set(name, {
        body,
        headers: [
          ['Accept-Ranges', 'bytes'],
          ['Cache-Control', 'public, max-age=31536000, immutable'],
          ['Last-Modified', stat.mtime.toUTCString()],
          ['ETag', `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`],
          ['Content-Type', name.endsWith('.jpg') ? 'image/jpeg' : 'image/webp'],
          ['Content-Length', String(body.length)],
          ...UPLOAD_HEADERS,
        ],
      });
    } catch {
      // Not held: the static server goes on serving it from the disk.
    } finally {
      this.loading.delete(name);
    }
  }

  private async fill(name: string, now: number): Promise<void> {
    let opened;
    try {
      opened = await this.storage.open(name);
    } catch (error) {
      if (error instanceof MediaStorageError && error.failure === 'not-found') return;
      throw error;
    }
    const target = path.join(this.dir, name);
    // A dot file until complete: the static server never serves one.
    const temporary = path.join(this.dir, `.${name}.${crypto.randomBytes(4).toString('hex')}`);
    try {
      await pipeline(opened.stream, createWriteStream(temporary, { mode: 0o600 }));
      await fs.utimes(temporary, opened.file.storedAt, opened.file.storedAt);
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true }).catch(() => undefined);
      throw error;
    }
    if (this.passing && this.passing !== name) this.remove(this.passing);
    this.passing = undefined;
    if (opened.file.size > this.options.maxBytes) {
      this.passing = name;
    } else {
      // The least recently used copies leave, never this one: it fits the cache alone.
      this.files.set(name, { size: opened.file.size, checkedAt: now });
    }
    await this.removed();
  }

  /** Drops this instance's copy of a file deleted through it; other instances recheck. */
  async forget(name: string): Promise<void> {
    if (!this.files.delete(name) && this.passing === name) {
      this.passing = undefined;
      this.remove(name);
    }
    await this.removed();
  }

  /** Removes a copy that has left the cache, and lets go of it in memory. */
  private remove(name: string): void {
    this.held?.delete(name);
    // A response already reading it keeps its open file; new ones copy it again. A copy
    // that cannot be removed costs only its disk space: the cache has forgotten it.
    const removing = fs
      .rm(path.join(this.dir, name), { force: true })
      .catch(() => undefined)
      .finally(() => this.removing.delete(removing));
    this.removing.add(removing);
  }

  /** Once every copy that has left the cache is gone from the disk. */
  private async removed(): Promise<void> {
    await Promise.all(this.removing);
  }
}
