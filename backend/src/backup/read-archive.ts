/**
 * Reading a backup archive someone hands us, which may have been made anywhere: first the
 * whole of it is checked without writing a byte anywhere, then it is read again to load.
 * Every entry must be a plain file the manifest lists, of the size it lists, with the
 * checksum it lists; every line of a collection must be an Extended JSON document, every
 * media file a WebP image; and the archive may unpack to no more than a bound.
 */
import { mongo } from 'mongoose';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { detectImageType } from '../media/image-type';
import { MEDIA_NAME } from '../media/storage/media-storage';
import {
  ARCHIVE_FORMAT,
  ARCHIVE_VERSION,
  COLLECTION_NAME,
  leftOutOfBackups,
  MANIFEST,
  MANIFEST_SUM,
  sha256,
  type CollectionEntry,
  type Manifest,
  type MediaEntry,
} from './archive';

const { EJSON } = mongo.BSON;

/**
 * The most of one entry held in memory at once: a document's line (a BSON document is at
 * most 16 MB, and its canonical Extended JSON up to some three times that), or a media file
 * (a WebP variant is at most 1920 px wide: far less).
 */
export const IN_MEMORY_MAX_BYTES = 64 * 1024 * 1024;
const SUM_MAX_BYTES = 1024;
const INSERT_BATCH = 500;

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

/** An archive whose every entry was read and found as its manifest says. */
export interface CheckedArchive {
  file: string;
  manifest: Manifest;
  /** The bound it was checked within, which loading it holds to as well. */
  maxBytes: number;
}

type Listed = CollectionEntry | MediaEntry;
const isCollection = (entry: Listed): entry is CollectionEntry => 'count' in entry;

/**
 * Reads the whole archive twice, writing nothing: once to find its manifest (the last
 * entry) and check it against its checksum, once to check every entry against the
 * manifest. Throws ArchiveError at the first thing wrong, before reading an entry the
 * manifest does not list or whose size is not the listed one, and as soon as the archive
 * has unpacked to more than `maxBytes`.
 */
export async function checkArchive(file: string, maxBytes: number): Promise<CheckedArchive> {
  const manifest = await readManifest(file, maxBytes);
  const archive = { file, manifest, maxBytes };
  await eachListedEntry(archive, {
    documents: () => Promise.resolve(),
    media: () => Promise.resolve(),
  });
  return archive;
}

/** What loading an archive does with its entries, in the archive's order. */
export interface ArchiveLoader {
  /** Documents of a collection, some at a time, each already parsed. */
  documents(entry: CollectionEntry, batch: Record<string, unknown>[]): Promise<void>;
  media(entry: MediaEntry, data: Buffer): Promise<void>;
}

/**
 * Reads a checked archive again and hands its documents and media to `loader`, checking
 * everything as `checkArchive` did: a file changed since is refused at the entry that
 * changed, with whatever the loader was given before it to be thrown away.
 */
export function loadArchive(archive: CheckedArchive, loader: ArchiveLoader): Promise<void> {
  return eachListedEntry(archive, loader);
}

async function eachListedEntry(archive: CheckedArchive, loader: ArchiveLoader): Promise<void> {
  const { manifest } = archive;
  const listed = new Map<string, Listed>(
    [...manifest.collections, ...manifest.media].map((entry) => [entry.file, entry]),
  );
  const seen = new Set<string>();
  await eachEntry(archive.file, archive.maxBytes, async (name, size, data) => {
    if (seen.has(name)) throw new ArchiveError(`it holds ${name} twice`);
    seen.add(name);
    if (name === MANIFEST || name === MANIFEST_SUM) return;
    const entry = listed.get(name);
    if (!entry) {
      throw new ArchiveError(`it holds ${JSON.stringify(name)}, which its manifest does not list`);
    }
    if (size !== entry.bytes) {
      throw new ArchiveError(`${name} is ${size} bytes where its manifest says ${entry.bytes}`);
    }
    const hash = crypto.createHash('sha256');
    const counted = countingBytes(data, entry, hash);
    const handOn = async (load: () => Promise<void>) => {
      try {
        await load();
      } catch (error) {
        throw new LoadError(name, error);
      }
    };
    if (isCollection(entry)) {
      const count = await readDocuments(entry, counted, (batch) =>
        handOn(() => loader.documents(entry, batch)),
      );
      if (count !== entry.count) {
        throw new ArchiveError(
          `${name} holds ${count} documents where its manifest says ${entry.count}`,
        );
      }
    } else {
      const parts: Buffer[] = [];
      for await (const part of counted) parts.push(part);
      const bytes = Buffer.concat(parts);
      if (detectImageType(bytes) !== 'webp') {
        throw new ArchiveError(`${name} is not a WebP image, the one type of media a site holds`);
      }
      await handOn(() => loader.media(entry, bytes));
    }
    if (hash.digest('hex') !== entry.sha256) {
      throw new ArchiveError(`${name} does not match its SHA-256 checksum`);
    }
  });
  for (const file of listed.keys()) {
    if (!seen.has(file)) throw new ArchiveError(`${file} is missing`);
  }
}

/** The entry's bytes, hashed as they pass, and never more than its listed size. */
async function* countingBytes(
  data: AsyncIterable<Buffer>,
  entry: Listed,
  hash: crypto.Hash,
): AsyncGenerator<Buffer> {
  let bytes = 0;
  for await (const chunk of data) {
    bytes += chunk.length;
    if (bytes > entry.bytes) {
      throw new ArchiveError(`${entry.file} is longer than its manifest says (${entry.bytes})`);
    }
    hash.update(chunk);
    yield chunk;
  }
}

/**
 * Parses a collection's lines, each one canonical Extended JSON document, and hands them
 * on some at a time; gives how many there were.
 */
async function readDocuments(
  entry: CollectionEntry,
  data: AsyncIterable<Buffer>,
  onBatch: (batch: Record<string, unknown>[]) => Promise<void>,
): Promise<number> {
  let count = 0;
  let batch: Record<string, unknown>[] = [];
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const take = async (line: Buffer) => {
    count += 1;
    batch.push(parseDocument(entry, count, line));
    if (batch.length >= INSERT_BATCH) {
      await onBatch(batch);
      batch = [];
    }
  };
  for await (const chunk of data) {
    let start = 0;
    for (let end = chunk.indexOf(10); end !== -1; end = chunk.indexOf(10, start)) {
      pending.push(chunk.subarray(start, end));
      const line = Buffer.concat(pending);
      pending = [];
      pendingBytes = 0;
      start = end + 1;
      if (line.length) await take(line);
    }
    const rest = chunk.subarray(start);
    pendingBytes += rest.length;
    if (pendingBytes > IN_MEMORY_MAX_BYTES) {
      throw new ArchiveError(
        `${entry.file} line ${count + 1} is over ${IN_MEMORY_MAX_BYTES} bytes`,
      );
    }
    if (rest.length) pending.push(rest);
  }
  if (pendingBytes) await take(Buffer.concat(pending));
  if (batch.length) await onBatch(batch);
  return count;
}

function parseDocument(entry: CollectionEntry, line: number, bytes: Buffer) {
  let document: unknown;
  try {
    document = EJSON.parse(bytes.toString('utf8'), { relaxed: false });
  } catch (error) {
    throw new ArchiveError(
      `${entry.file} line ${line} is not Extended JSON (${(error as Error).message})`,
    );
  }
  if (
    document === null ||
    typeof document !== 'object' ||
    Object.getPrototypeOf(document) !== Object.prototype
  ) {
    throw new ArchiveError(`${entry.file} line ${line} is not a document`);
  }
  return document as Record<string, unknown>;
}

/** The manifest, checked against its checksum, in its shape, and within the bound. */
async function readManifest(file: string, maxBytes: number): Promise<Manifest> {
  let manifestBytes: Buffer | undefined;
  let sum: string | undefined;
  const seen = new Set<string>();
  await eachEntry(file, maxBytes, async (name, size, data) => {
    const [folder, base] = name.split('/');
    if (folder === 'media' && base && !base.startsWith('.') && !MEDIA_NAME.test(base)) {
      throw new ArchiveError(`it holds ${notMedia(base)}`);
    }
    if (!isArchiveName(name)) {
      throw new ArchiveError(`it holds ${JSON.stringify(name)}, which no backup holds`);
    }
    if (seen.has(name)) throw new ArchiveError(`it holds ${name} twice`);
    seen.add(name);
    if (name === MANIFEST) manifestBytes = await readWhole(name, size, data, IN_MEMORY_MAX_BYTES);
    if (name === MANIFEST_SUM) sum = (await readWhole(name, size, data, SUM_MAX_BYTES)).toString();
  });
  if (!manifestBytes || sum === undefined) throw new ArchiveError('it has no manifest');
  if (sum.split(/\s/)[0] !== sha256(manifestBytes)) {
    throw new ArchiveError('its manifest does not match its checksum');
  }
  const manifest = parseManifest(manifestBytes);
  const total = [...manifest.collections, ...manifest.media].reduce(
    (sum, entry) => sum + entry.bytes,
    0,
  );
  if (total > maxBytes) {
    throw new ArchiveError(
      `its manifest lists ${megabytes(total)}, more than the ${megabytes(maxBytes)} a restore takes (RESTORE_MAX_MB)`,
    );
  }
  return manifest;
}

function parseManifest(bytes: Buffer): Manifest {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(bytes.toString('utf8')) as Manifest;
  } catch {
    throw new ArchiveError('its manifest is not JSON');
  }
  if (manifest?.format !== ARCHIVE_FORMAT || manifest.version !== ARCHIVE_VERSION) {
    throw new ArchiveError(`it is not a ${ARCHIVE_FORMAT} version ${ARCHIVE_VERSION} archive`);
  }
  if (!Array.isArray(manifest.collections) || !Array.isArray(manifest.media)) {
    throw new ArchiveError('its manifest lists no collections or no media');
  }
  const names = new Set<string>();
  for (const entry of manifest.collections) {
    const { name } = entry ?? {};
    if (typeof name !== 'string' || !COLLECTION_NAME.test(name) || leftOutOfBackups(name)) {
      throw new ArchiveError(
        `its manifest lists a collection named ${JSON.stringify(name)}, which a site cannot have`,
      );
    }
    checkListing(entry, `db/${name}.jsonl`, names);
    if (!isCount(entry.count) || !Array.isArray(entry.indexes)) {
      throw new ArchiveError(`its manifest's entry for ${name} is damaged`);
    }
    for (const index of entry.indexes) {
      const key = (index as { key?: unknown })?.key;
      if (typeof key !== 'object' || key === null || Array.isArray(key)) {
        throw new ArchiveError(`its manifest lists an index of ${name} without a key`);
      }
    }
  }
  for (const entry of manifest.media) {
    const { name } = entry ?? {};
    if (typeof name !== 'string' || !MEDIA_NAME.test(name)) {
      throw new ArchiveError(`its manifest lists ${notMedia(name)}`);
    }
    checkListing(entry, `media/${name}`, names);
    if (entry.bytes > IN_MEMORY_MAX_BYTES) {
      throw new ArchiveError(`its manifest lists ${name} at ${entry.bytes} bytes, too large`);
    }
  }
  return manifest;
}

const notMedia = (name: unknown) =>
  `a media file named ${JSON.stringify(name)}: media are WebP images (<name>.webp), nothing else`;

function checkListing(entry: Listed, file: string, names: Set<string>): void {
  if (entry.file !== file || !isCount(entry.bytes) || !/^[0-9a-f]{64}$/.test(entry.sha256)) {
    throw new ArchiveError(`its manifest's entry for ${entry.name} is damaged`);
  }
  if (names.has(file)) throw new ArchiveError(`its manifest lists ${file} twice`);
  names.add(file);
}

const isCount = (value: unknown): value is number =>
  typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;

/** The names a backup's entries have: the manifest and its checksum, db/*.jsonl, media/*. */
function isArchiveName(name: string): boolean {
  if (name === MANIFEST || name === MANIFEST_SUM) return true;
  const [folder, base, ...rest] = name.split('/');
  if (rest.length || !base) return false;
  if (folder === 'db') return /^[\w.-]+\.jsonl$/.test(base) && !base.startsWith('.');
  return folder === 'media' && MEDIA_NAME.test(base);
}

async function readWhole(name: string, size: number, data: AsyncIterable<Buffer>, max: number) {
  if (size > max) throw new ArchiveError(`its ${name} is ${size} bytes, more than ${max}`);
  const parts: Buffer[] = [];
  for await (const part of data) parts.push(part);
  return Buffer.concat(parts);
}

/**
 * Reads the archive's entries in order, each a plain file, handing each to `onEntry` (whose
 * unread bytes are skipped). The gunzipped stream is counted: past `maxBytes` it stops,
 * whatever its entries claim, so a small archive cannot make us unpack gigabytes.
 */
async function eachEntry(
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

const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
