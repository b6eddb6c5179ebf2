/** The entries of a backup archive, read as a stream within a bound, and what can go wrong. */
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';

/** What is wrong with an archive, in words; nothing has been changed when it is thrown. */
export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

/**
 * A failure of what the archive was being loaded into (the database, the media storage),
 * not of the archive: `entry` names the file being loaded.
 */
export class LoadError extends Error {
  constructor(
    readonly entry: string,
    readonly failure: unknown,
  ) {
    super(`${entry}: ${failure instanceof Error ? failure.message : String(failure)}`);
    this.name = 'LoadError';
  }
}

/**
 * Reads the archive's entries in order, each a plain file, handing each to `onEntry` (whose
 * unread bytes are skipped). The gunzipped stream is counted: past `maxBytes` it stops,
 * whatever its entries claim, so a small archive cannot make us unpack gigabytes.
 */
export async function eachEntry(
  file: string,
  maxBytes: number,
  onEntry: (name: string, size: number, data: AsyncIterable<Buffer>) => Promise<void>,
): Promise<void> {
  const extract = tar.extract();
  const reading = pipeline(
    fs.createReadStream(file),
    zlib.createGunzip(),
    atMost(maxBytes),
    extract,
  );
  // Awaited below; a failure meanwhile also ends the loop, through `extract`.
  reading.catch(() => undefined);
  try {
    for await (const entry of extract) {
      const { name, type, size = 0 } = entry.header;
      if (type !== 'file') {
        throw new ArchiveError(`it holds ${JSON.stringify(name)}, which is not a plain file`);
      }
      // tar-stream's entries are streamx streams, whose chunks are Node Buffers.
      await onEntry(name, size, entry as AsyncIterable<Buffer>);
      entry.resume();
    }
    await reading;
  } catch (error) {
    extract.destroy();
    await reading.catch(() => undefined);
    if (error instanceof ArchiveError || error instanceof LoadError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new ArchiveError('there is no such file');
    if (code === 'EACCES') throw new ArchiveError('it cannot be read (permission denied)');
    throw new ArchiveError(`it is not a readable backup (${(error as Error).message})`);
  }
}

function atMost(maxBytes: number): Transform {
  let bytes = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      bytes += chunk.length;
      if (bytes <= maxBytes) return done(null, chunk);
      done(
        new ArchiveError(
          `it unpacks to more than the ${megabytes(maxBytes)} a restore takes (RESTORE_MAX_MB)`,
        ),
      );
    },
  });
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
