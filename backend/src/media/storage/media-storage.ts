import type { Readable } from 'node:stream';

/** One stored file as a storage lists it. */
export interface StoredFile {
  name: string;
  size: number;
  /** When it was stored: the same on every instance, so caches and ETags agree. */
  storedAt: Date;
}

/**
 * Where media files live: the local disk (one instance) or GridFS (any number of instances
 * on one MongoDB). Names are flat (`<id>-<width>.webp`). It knows nothing of HTTP: it raises
 * MediaStorageError, and its callers decide what that means for a request.
 */
export interface MediaStorage {
  /** Stores a whole file, replacing one of that name; no reader ever sees part of it. */
  write(name: string, data: Buffer): Promise<void>;
  /** A file's bytes; MediaStorageError 'not-found' if there is none. */
  read(name: string): Promise<Buffer>;
  /** A file's bytes as a stream, once the file is known to exist ('not-found' otherwise). */
  open(name: string): Promise<{ file: StoredFile; stream: Readable }>;
  /** A file's description, or null if there is none. */
  stat(name: string): Promise<StoredFile | null>;
  /** Removes a file; one that is not there is already removed. */
  delete(name: string): Promise<void>;
  /** Every stored file, once each, in no particular order. */
  list(): AsyncIterable<StoredFile>;
  /** The URL the browser loads the file from. */
  url(name: string): string;
}

export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');

export type MediaStorageFailure =
  /** No room left: the disk, or the database's quota. */
  | 'full'
  /** No such file. */
  | 'not-found'
  /** A name that could escape the storage or is not a media file name. */
  | 'bad-name'
  /** Anything else: the disk or the database failed. */
  | 'unavailable';

export class MediaStorageError extends Error {
  constructor(
    readonly failure: MediaStorageFailure,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'MediaStorageError';
  }
}

/**
 * Names media are stored under: a word, a dash or two, and `.webp`, the type the API writes
 * for pages (every upload is re-encoded to WebP variants); or an image's link-preview crop,
 * `<20 hex digits>-og.jpg`, for clients that read no WebP, the one JPEG name. Never a path,
 * and never a type a browser would run as a page or a script (HTML, SVG, JavaScript),
 * whoever brings the file: an upload, an archive being restored, a migration. `/uploads`
 * serves these names only.
 */
export const MEDIA_NAME = /^(?:[\w-]+\.webp|[0-9a-f]{20}-og\.jpg)$/;

export function checkName(name: string): void {
  if (!MEDIA_NAME.test(name)) throw new MediaStorageError('bad-name', `Not a media name: ${name}`);
}
