import { UPLOADS_PATH } from '@vitrine/contracts';
import { mongo } from 'mongoose';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { checkName, MediaStorageError, type MediaStorage, type StoredFile } from './media-storage';

// The driver mongoose itself uses, so that its connection's Db is the kind GridFS expects.
type Db = mongo.Db;
type GridFSFile = mongo.GridFSFile;

export const MEDIA_BUCKET = 'media';

/**
 * Files in a GridFS bucket of the application's database (MEDIA_STORAGE=gridfs), so every
 * API instance sees every upload. GridFS writes a file's chunks first and its description
 * last: a file whose writer died half-way has no description, so nobody can fetch it.
 */
export class GridFsStorage implements MediaStorage {
  private readonly bucket: mongo.GridFSBucket;

  /** `bucketName`: another bucket than the site's, such as a restore's staging one. */
  constructor(
    private readonly db: Db,
    private readonly baseUrl = UPLOADS_PATH,
    bucketName = MEDIA_BUCKET,
  ) {
    this.bucket = new mongo.GridFSBucket(db, { bucketName });
  }

  /** Stores the new file, then removes the older ones of that name: readers see one or the other. */
  async write(name: string, data: Buffer): Promise<void> {
    checkName(name);
    const upload = this.bucket.openUploadStream(name);
    try {
      await pipeline(Readable.from([data]), upload);
    } catch (error) {
      await upload.abort().catch(() => undefined);
      throw gridFsError(error, name);
    }
    try {
      for (const older of await this.revisions(name)) {
        if (!older._id.equals(upload.id)) await this.bucket.delete(older._id);
      }
    } catch (error) {
      // The new file is stored and is the one served; an older copy only takes room.
      void error;
    }
  }

  async read(name: string): Promise<Buffer> {
    const { stream } = await this.open(name);
    const parts: Buffer[] = [];
    try {
      for await (const part of stream) parts.push(part as Buffer);
    } catch (error) {
      throw gridFsError(error, name);
    }
    return Buffer.concat(parts);
  }

  async open(name: string): Promise<{ file: StoredFile; stream: Readable }> {
    const [newest] = await this.revisions(name);
    if (!newest) throw new MediaStorageError('not-found', `No media file ${name}`);
    return { file: described(newest), stream: this.bucket.openDownloadStream(newest._id) };
  }

  async stat(name: string): Promise<StoredFile | null> {
    const [newest] = await this.revisions(name);
    return newest ? described(newest) : null;
  }

  async delete(name: string): Promise<void> {
    for (const file of await this.revisions(name)) {
      try {
        await this.bucket.delete(file._id);
      } catch (error) {
        // Deleted meanwhile by another instance: what was asked for is done.
        if (!/File not found/i.test(String(error))) throw gridFsError(error, name);
      }
    }
  }

  async *list(): AsyncIterable<StoredFile> {
    const seen = new Set<string>();
    try {
      const cursor = this.bucket.find({}, { sort: { filename: 1, uploadDate: -1 } });
      for await (const file of cursor) {
        if (seen.has(file.filename)) continue;
        seen.add(file.filename);
        yield described(file);
      }
    } catch (error) {
      throw gridFsError(error, 'the media list');
    }
  }

  url(name: string): string {
    return `${this.baseUrl}/${name}`;
  }

  /** Every stored copy of a name, newest first. */
  private async revisions(name: string): Promise<GridFSFile[]> {
    checkName(name);
    try {
      return await this.bucket.find({ filename: name }, { sort: { uploadDate: -1 } }).toArray();
    } catch (error) {
      throw gridFsError(error, name);
    }
  }
}

function described(file: GridFSFile): StoredFile {
  return { name: file.filename, size: file.length, storedAt: file.uploadDate };
}

/** MongoDB's "out of disk space" and Atlas's "over your space quota". */
const FULL_CODES = new Set([14031, 8000]);

function gridFsError(error: unknown, name: string): MediaStorageError {
  if (error instanceof MediaStorageError) return error;
  if (error instanceof mongo.MongoError && FULL_CODES.has(Number(error.code))) {
    return new MediaStorageError('full', `No room in the database for ${name}`, { cause: error });
  }
  if ((error as { code?: unknown }).code === 'ENOENT') {
    return new MediaStorageError('not-found', `No media file ${name}`, { cause: error });
  }
  return new MediaStorageError('unavailable', `GridFS failed on ${name}: ${String(error)}`, {
    cause: error,
  });
}
