/**
 * The few parts of the tar format (POSIX ustar) a backup needs: regular files with short,
 * flat names, written in order and read back in order. Any `tar` can list or unpack the
 * archives (`tar tzf backup.tar.gz`), which matters to someone who must look inside one
 * without Vitrine at hand.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';

const BLOCK = 512;

function field(header: Buffer, offset: number, length: number, value: string): void {
  header.write(value, offset, Math.min(Buffer.byteLength(value), length), 'utf8');
}

function octal(value: number, length: number): string {
  return `${value.toString(8).padStart(length - 1, '0')}\0`;
}

/** A ustar header for a regular file. */
export function tarHeader(name: string, size: number, mtime: Date): Buffer {
  if (Buffer.byteLength(name) > 100) throw new Error(`Archive entry name too long: ${name}`);
  const header = Buffer.alloc(BLOCK);
  field(header, 0, 100, name);
  field(header, 100, 8, octal(0o644, 8));
  field(header, 108, 8, octal(0, 8));
  field(header, 116, 8, octal(0, 8));
  field(header, 124, 12, octal(size, 12));
  field(header, 136, 12, octal(Math.floor(mtime.getTime() / 1000), 12));
  field(header, 148, 8, '        ');
  field(header, 156, 1, '0');
  field(header, 257, 6, 'ustar\0');
  field(header, 263, 2, '00');
  let sum = 0;
  for (const byte of header) sum += byte;
  field(header, 148, 8, `${sum.toString(8).padStart(6, '0')}\0 `);
  return header;
}

/** Writes entries one after the other into `out` (a gzip stream, say). */
export class TarWriter {
  constructor(private readonly out: Writable) {}

  async add(name: string, data: Buffer | AsyncIterable<Buffer>, size: number): Promise<void> {
    await this.write(tarHeader(name, size, new Date()));
    let written = 0;
    for await (const chunk of Buffer.isBuffer(data) ? [data] : data) {
      written += chunk.length;
      await this.write(chunk);
    }
    if (written !== size) throw new Error(`${name} changed while it was archived`);
    const padding = (BLOCK - (size % BLOCK)) % BLOCK;
    if (padding) await this.write(Buffer.alloc(padding));
  }

  /** Two empty blocks end an archive. */
  async finish(): Promise<void> {
    await this.write(Buffer.alloc(2 * BLOCK));
    await new Promise<void>((resolve, reject) => {
      this.out.once('error', reject);
      this.out.end(() => resolve());
    });
  }

  /** Waits when the stream is full; `once` rejects if it fails meanwhile. */
  private async write(chunk: Buffer): Promise<void> {
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }
}

export interface TarEntry {
  name: string;
  size: number;
}

/**
 * Reads entries from the archive's bytes in order, calling `onEntry` for each with its
 * name, then `onData` for its bytes and `onEnd` once it is complete. Throws on anything
 * that is not a well-formed archive of regular files.
 */
export async function readTar(
  input: AsyncIterable<Buffer>,
  handler: {
    onEntry(entry: TarEntry): Promise<void> | void;
    onData(chunk: Buffer): Promise<void> | void;
    onEnd(): Promise<void> | void;
  },
): Promise<void> {
  let pending: Buffer = Buffer.alloc(0);
  let remaining = 0; // bytes of the current entry still to come
  let padding = 0;
  let ended = false;
  for await (const chunk of input) {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    while (!ended) {
      if (remaining > 0) {
        if (pending.length === 0) break;
        const take = Math.min(remaining, pending.length);
        await handler.onData(pending.subarray(0, take));
        pending = pending.subarray(take);
        remaining -= take;
        if (remaining === 0) await handler.onEnd();
        continue;
      }
      if (padding > 0) {
        if (pending.length < padding) break;
        pending = pending.subarray(padding);
        padding = 0;
        continue;
      }
      if (pending.length < BLOCK) break;
      const header = pending.subarray(0, BLOCK);
      pending = pending.subarray(BLOCK);
      if (header.every((byte) => byte === 0)) {
        ended = true;
        break;
      }
      const entry = parseHeader(header);
      await handler.onEntry(entry);
      remaining = entry.size;
      padding = (BLOCK - (entry.size % BLOCK)) % BLOCK;
      if (remaining === 0) await handler.onEnd();
    }
  }
  if (!ended || remaining > 0) throw new Error('the archive ends in the middle of a file');
}

function text(header: Buffer, offset: number, length: number): string {
  const raw = header.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString('utf8');
}

function parseHeader(header: Buffer): TarEntry {
  let sum = 0;
  for (let index = 0; index < BLOCK; index++) {
    sum += index >= 148 && index < 156 ? 0x20 : header[index];
  }
  const recorded = parseInt(text(header, 148, 8).trim(), 8);
  if (recorded !== sum) throw new Error('an archive header is damaged');
  const type = text(header, 156, 1);
  if (type !== '0' && type !== '') throw new Error('the archive holds something other than files');
  const size = parseInt(text(header, 124, 12).trim(), 8);
  if (!Number.isSafeInteger(size) || size < 0) throw new Error('an archive header is damaged');
  return { name: text(header, 0, 100), size };
}
