import crypto from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { UPLOADS_PATH } from '@vitrine/contracts';
import {
  checkName,
  MEDIA_NAME,
  MediaStorageError,
  type MediaStorage,
  type StoredFile,
} from './media-storage';

/** Files in one folder of the local disk: the single-instance set-up (MEDIA_STORAGE=disk). */
export class DiskStorage implements MediaStorage {
  constructor(
    readonly dir: string,
    private readonly baseUrl = UPLOADS_PATH,
  ) {}

  /** Writes to a temporary file and renames it, so a reader never sees half a file. */
  async write(name: string, data: Buffer): Promise<void> {
    checkName(name);
    const target = path.join(this.dir, name);
    // A dot file: never served, never listed, and left behind only by a crash.
    const temporary = path.join(this.dir, `.${name}.${crypto.randomBytes(4).toString('hex')}.tmp`);
    try {
      await fs.mkdir(this.dir, { recursive: true });
      const handle = await fs.open(temporary, 'w', 0o644);
      try {
        await handle.writeFile(data);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fs.rename(temporary, target);
    } catch (error) {
      await fs.rm(temporary, { force: true }).catch(() => undefined);
      throw diskError(error, name);
    }
  }

  async read(name: string): Promise<Buffer> {
    checkName(name);
    try {
      return await fs.readFile(path.join(this.dir, name));
    } catch (error) {
      throw diskError(error, name);
    }
  }

  async open(name: string) {
    const file = await this.stat(name);
    if (!file) throw new MediaStorageError('not-found', `No media file ${name}`);
    return { file, stream: createReadStream(path.join(this.dir, name)) };
  }

  async stat(name: string): Promise<StoredFile | null> {
    checkName(name);
    try {
      const stats = await fs.stat(path.join(this.dir, name));
      return stats.isFile() ? { name, size: stats.size, storedAt: stats.mtime } : null;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw diskError(error, name);
    }
  }

  async delete(name: string): Promise<void> {
    checkName(name);
    try {
      await fs.rm(path.join(this.dir, name), { force: true });
    } catch (error) {
      throw diskError(error, name);
    }
  }

  async *list(): AsyncIterable<StoredFile> {
    let names: string[];
    try {
      names = await fs.readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw diskError(error, this.dir);
    }
    for (const name of names) {
      if (!MEDIA_NAME.test(name)) continue;
      const file = await this.stat(name);
      if (file) yield file;
    }
  }

  url(name: string): string {
    return `${this.baseUrl}/${name}`;
  }
}

function diskError(error: unknown, name: string): MediaStorageError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new MediaStorageError('full', `No room on the disk for ${name}`, { cause: error });
  }
  if (code === 'ENOENT') {
    return new MediaStorageError('not-found', `No media file ${name}`, { cause: error });
  }
  return new MediaStorageError('unavailable', `The disk failed on ${name}: ${String(error)}`, {
    cause: error,
  });
}
