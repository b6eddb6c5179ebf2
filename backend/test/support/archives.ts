import fs from 'node:fs';
import { once } from 'node:events';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import crypto from 'node:crypto';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import type { Manifest } from '../../src/backup/archive';

/** One entry of an archive: its bytes, or a stream of `size` bytes (too large to hold). */
export type Entry = [name: string, data: Buffer | { size: number; stream: () => Readable }];

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** Every entry of an archive, in order. */
export async function entriesOf(file: string): Promise<[string, Buffer][]> {
  const extract = tar.extract();
  const reading = pipeline(fs.createReadStream(file), zlib.createGunzip(), extract);
  const entries: [string, Buffer][] = [];
  for await (const entry of extract) {
    const parts: Buffer[] = [];
    for await (const part of entry as AsyncIterable<Buffer>) parts.push(part);
    entries.push([entry.header.name, Buffer.concat(parts)]);
  }
  await reading;
  return entries;
}

/** A well-formed archive (valid gzip, valid tar) with whatever entries it is given. */
export async function archiveOf(file: string, entries: Entry[], level = 6): Promise<void> {
  const pack = tar.pack();
  const written = pipeline(pack, zlib.createGzip({ level }), fs.createWriteStream(file));
  for (const [name, data] of entries) {
    await new Promise<void>((resolve, reject) => {
      const done = (error?: Error | null) => (error ? reject(error) : resolve());
      if (Buffer.isBuffer(data)) return void pack.entry({ name }, data, done);
      const sink = pack.entry({ name, size: data.size }, done);
      void (async () => {
        for await (const chunk of data.stream()) {
          if (!sink.write(chunk)) await once(sink, 'drain');
        }
        sink.end(undefined);
      })();
    });
  }
  pack.finalize();
  await written;
}

/** An archive as it can be edited: its manifest, its files, and entries to add. */
export interface EditableArchive {
  manifest: Manifest;
  files: Map<string, Buffer>;
  /** Entries written after the listed ones and before the manifest, listed or not. */
  extra: Entry[];
  /** Files whose listing stays as it was (their size and checksum), whatever they hold now. */
  unsealed: Set<string>;
}

/**
 * Copies a backup with changes, then seals it again as its maker would: every listed
 * file's size, checksum and count, and the manifest's own checksum, match what is in it.
 */
export async function resealed(
  source: string,
  out: string,
  change: (archive: EditableArchive) => void,
): Promise<void> {
  const entries = await entriesOf(source);
  const files = new Map(entries);
  const manifest = JSON.parse(files.get('manifest.json')!.toString()) as Manifest;
  const archive: EditableArchive = { manifest, files, extra: [], unsealed: new Set() };
  change(archive);
  for (const entry of [...manifest.collections, ...manifest.media]) {
    if (archive.unsealed.has(entry.file)) continue;
    const data = files.get(entry.file) ?? Buffer.alloc(0);
    entry.bytes = data.length;
    entry.sha256 = sha256(data);
    if ('count' in entry) entry.count = data.toString().split('\n').filter(Boolean).length;
  }
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
  await archiveOf(out, [
    ...[...manifest.collections, ...manifest.media].map(({ file }): Entry => [
      file,
      files.get(file) ?? Buffer.alloc(0),
    ]),
    ...archive.extra,
    ['manifest.json', manifestBytes],
    ['manifest.json.sha256', Buffer.from(`${sha256(manifestBytes)}  manifest.json\n`)],
  ]);
}

/** `size` zero bytes, made as they are read. */
export function zeros(size: number): { size: number; stream: () => Readable } {
  const chunk = Buffer.alloc(1024 * 1024);
  return {
    size,
    stream: () =>
      Readable.from(
        (function* () {
          for (let left = size; left > 0; left -= chunk.length) {
            yield left >= chunk.length ? chunk : chunk.subarray(0, left);
          }
        })(),
      ),
  };
}
