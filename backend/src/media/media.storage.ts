import { HttpException, HttpStatus, InternalServerErrorException } from '@nestjs/common';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where uploaded files live. Local disk now; an S3 adapter implements the same three calls. */
export interface MediaStorage {
  put(name: string, data: Buffer): Promise<void>;
  remove(name: string): Promise<void>;
  /** The URL the browser loads the file from. */
  url(name: string): string;
}

export const MEDIA_STORAGE = Symbol('MEDIA_STORAGE');

const SAFE_NAME = /^[\w-]+\.\w+$/;

export class LocalDiskStorage implements MediaStorage {
  constructor(
    private readonly dir: string,
    private readonly baseUrl = '/uploads',
  ) {}

  /** Writes to a temporary file and renames it, so a reader never sees half a file. */
  async put(name: string, data: Buffer): Promise<void> {
    if (!SAFE_NAME.test(name)) throw new Error(`unsafe media name ${name}`);
    const target = path.join(this.dir, name);
    const temporary = `${target}.${crypto.randomBytes(4).toString('hex')}.tmp`;
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
      throw storageError(error);
    }
  }

  async remove(name: string): Promise<void> {
    if (!SAFE_NAME.test(name)) return;
    await fs.rm(path.join(this.dir, name), { force: true });
  }

  url(name: string): string {
    return `${this.baseUrl}/${name}`;
  }
}

function storageError(error: unknown): HttpException {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new HttpException(
      'The server has no room to store this upload',
      HttpStatus.INSUFFICIENT_STORAGE,
    );
  }
  return new InternalServerErrorException('The upload could not be stored; please try again later');
}
