/**
 * Reading a backup archive someone hands us, which may have been made anywhere: first the
 * whole of it is checked without writing a byte anywhere, then it is read again to load.
 * Every entry must be a plain file the manifest lists, of the size it lists, with the
 * checksum it lists; every line of a collection must be an Extended JSON document, every
 * media file a WebP image; and the archive may unpack to no more than a bound.
 */
import { mongo } from 'mongoose';
import crypto from 'node:crypto';
import { detectImageType } from '../media/image-type';
import {
  MANIFEST,
  MANIFEST_SUM,
  type CollectionEntry,
  type Manifest,
  type MediaEntry,
} from './archive';
import { ArchiveError, eachEntry, LoadError } from './archive-entries';
import { IN_MEMORY_MAX_BYTES, readManifest } from './read-manifest';

export { ArchiveError, LoadError } from './archive-entries';

const { EJSON } = mongo.BSON;

const INSERT_BATCH = 500;

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
