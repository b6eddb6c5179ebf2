import crypto from 'node:crypto';
import { createWriteStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { NextFunction, Request, Response } from 'express';
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
 * used files go first when the cache is over its size.
 *
 * The most recently used image variants are held in memory as well, up to
 * `memoryMaxBytes`, and a plain GET or HEAD of one is answered from there with the static
 * server's headers, byte for byte: a product page's images then cost no file system calls.
 */
export class MediaCache {
  /** In least-recently-used order: a hit moves its file to the end. */
  private readonly files = new Map<string, Cached>();
  private readonly filling = new Map<string, Promise<void>>();
  private bytes = 0;
  private readonly recheckMs: number;
  /** In least-recently-used order, like `files`; every one of them is in `files` too. */
  private readonly held = new Map<string, Held>();
  private heldBytes = 0;
  private readonly loading = new Set<string>();

  constructor(
    private readonly storage: MediaStorage,
    private readonly options: MediaCacheOptions,
  ) {
    this.recheckMs = options.recheckMs ?? 60_000;
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
    return this.bytes;
  }

  /** Bytes held in memory now. */
  get memorySize(): number {
    return this.heldBytes;
  }

  /** Whether `name` is held in memory now. */
  holds(name: string): boolean {
    return this.held.has(name);
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
      this.files.delete(name);
      this.files.set(name, cached);
      if (now - cached.checkedAt < this.recheckMs) return;
      if (await this.storage.stat(name)) {
        cached.checkedAt = now;
      } else {
        await this.evict(name);
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
    const held = this.held.get(name);
    if (!held) {
      if (this.files.has(name)) void this.hold(name);
      return false;
    }
    if (CONDITIONAL.some((header) => request.headers[header] !== undefined)) return false;
    this.held.delete(name);
    this.held.set(name, held);
    response.statusCode = 200;
    for (const [header, value] of held.headers) response.setHeader(header, value);
    response.end(request.method === 'HEAD' ? undefined : held.body);
    return true;
  }

  /**
   * Reads a cached image variant into memory, with the headers `send` gives it from the
   * same file (its validators come from the file's size and time), dropping the least
   * recently used held ones beyond `memoryMaxBytes`.
   */
  private async hold(name: string): Promise<void> {
    const cached = this.files.get(name);
    const memoryMaxBytes = this.options.memoryMaxBytes ?? 0;
    if (!cached || cached.size > Math.min(HELD_FILE_MAX_BYTES, memoryMaxBytes)) return;
    if (!name.endsWith('.webp') || this.held.has(name) || this.loading.has(name)) return;
    this.loading.add(name);
    try {
      const file = path.join(this.dir, name);
      const [body, stat] = await Promise.all([fs.readFile(file), fs.stat(file)]);
      // Evicted (or evicted and copied again) meanwhile: the next request holds it.
      if (this.files.get(name) !== cached) return;
      this.held.set(name, {
        body,
        headers: [
          ['Accept-Ranges', 'bytes'],
          ['Cache-Control', 'public, max-age=31536000, immutable'],
          ['Last-Modified', stat.mtime.toUTCString()],
          ['ETag', `W/"${stat.size.toString(16)}-${stat.mtime.getTime().toString(16)}"`],
          ['Content-Type', 'image/webp'],
          ['Content-Length', String(body.length)],
          ...UPLOAD_HEADERS,
        ],
      });
      this.heldBytes += body.length;
      for (const [oldest, { body: bytes }] of this.held) {
        if (this.heldBytes <= memoryMaxBytes) break;
        this.held.delete(oldest);
        this.heldBytes -= bytes.length;
      }
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
    this.files.set(name, { size: opened.file.size, checkedAt: now });
    this.bytes += opened.file.size;
    await this.trim(name);
  }

  /** Drops this instance's copy of a file deleted through it; other instances recheck. */
  forget(name: string): Promise<void> {
    return this.evict(name);
  }

  /** Drops the least recently used files until the cache fits, never the one just added. */
  private async trim(keep: string): Promise<void> {
    for (const name of this.files.keys()) {
      if (this.bytes <= this.options.maxBytes) return;
      if (name !== keep) await this.evict(name);
    }
  }

  private async evict(name: string): Promise<void> {
    const cached = this.files.get(name);
    if (!cached) return;
    this.files.delete(name);
    this.bytes -= cached.size;
    const held = this.held.get(name);
    if (held) {
      this.held.delete(name);
      this.heldBytes -= held.body.length;
    }
    // A response already reading it keeps its open file; new ones copy it again.
    await fs.rm(path.join(this.dir, name), { force: true });
  }
}
