/**
 * A site in one file: every collection as canonical Extended JSON (one document a line),
 * every media file, and a manifest with counts and SHA-256 checksums, in a gzipped tar.
 * Written from a database handle and a media storage, so the same code backs up the
 * embedded database or MongoDB, with disk or GridFS media, from a command or from the API.
 */
import { mongo } from 'mongoose';
import crypto from 'node:crypto';
import { once } from 'node:events';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import { CONTENT_VERSION_COLLECTION } from '../cache/content-version';
import { MEDIA_BUCKET } from '../media/storage/gridfs.storage';
import type { MediaStorage } from '../media/storage/media-storage';
import { readTar, TarWriter } from './tar';

type Db = mongo.Db;
// The driver's own BSON, so the types it reads are the ones it writes back.
const { EJSON } = mongo.BSON;

export const ARCHIVE_FORMAT = 'vitrine-backup';
export const ARCHIVE_VERSION = 1;
const MANIFEST = 'manifest.json';
const MANIFEST_SUM = 'manifest.json.sha256';
const INSERT_BATCH = 500;

/**
 * Collections a backup leaves out: GridFS's own (its files are in `media/`, and go back
 * through whichever storage the target uses), and the content version, which must start
 * afresh on a new database so that no cache mistakes the restored site for the old one.
 */
function skipped(name: string): boolean {
  return (
    name.startsWith('system.') ||
    name === `${MEDIA_BUCKET}.files` ||
    name === `${MEDIA_BUCKET}.chunks` ||
    name === CONTENT_VERSION_COLLECTION
  );
}

export interface CollectionEntry {
  name: string;
  file: string;
  count: number;
  bytes: number;
  sha256: string;
  /** listIndexes output, minus the `_id_` index every collection has. */
  indexes: Record<string, unknown>[];
}

export interface MediaEntry {
  name: string;
  file: string;
  bytes: number;
  sha256: string;
}

export interface Manifest {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  database: string;
  collections: CollectionEntry[];
  media: MediaEntry[];
}

export interface BackupReport {
  file: string;
  bytes: number;
  documents: number;
  collections: number;
  mediaFiles: number;
  mediaBytes: number;
}

const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

/** Collection and media names that are safe as flat file names inside the archive. */
const SAFE_NAME = /^[\w.-]+$/;

/**
 * Writes the backup to `file` (through a temporary file renamed at the end, so a backup
 * that fails half-way never leaves a file that looks whole).
 */
export async function writeBackup(
  db: Db,
  storage: MediaStorage,
  file: string,
): Promise<BackupReport> {
  await fsp.mkdir(path.dirname(path.resolve(file)), { recursive: true });
  const temporary = `${file}.${crypto.randomBytes(4).toString('hex')}.partial`;
  const scratch = await fsp.mkdtemp(path.join(os.tmpdir(), 'vitrine-backup-'));
  const gzip = zlib.createGzip({ level: 6 });
  const written = pipeline(gzip, fs.createWriteStream(temporary, { mode: 0o600 }));
  const tar = new TarWriter(gzip);
  try {
    const manifest: Manifest = {
      format: ARCHIVE_FORMAT,
      version: ARCHIVE_VERSION,
      createdAt: new Date().toISOString(),
      database: db.databaseName,
      collections: [],
      media: [],
    };
    const names = (await db.listCollections({}, { nameOnly: true }).toArray())
      .map((collection) => collection.name)
      .filter((name) => !skipped(name))
      .sort();
    for (const name of names) {
      if (!SAFE_NAME.test(name)) throw new Error(`Cannot back up a collection named ${name}`);
      manifest.collections.push(await addCollection(db, name, scratch, tar));
    }
    // Media after the documents: an image is stored before the record that shows it, so
    // every image a backed-up record shows is already there.
    for await (const stored of storage.list()) {
      if (!SAFE_NAME.test(stored.name)) continue;
      const data = await storage.read(stored.name);
      const entry = { name: stored.name, file: `media/${stored.name}`, bytes: data.length };
      await tar.add(entry.file, data, data.length);
      manifest.media.push({ ...entry, sha256: sha256(data) });
    }
    manifest.media.sort((a, b) => a.name.localeCompare(b.name));
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await tar.add(MANIFEST, manifestBytes, manifestBytes.length);
    const sum = Buffer.from(`${sha256(manifestBytes)}  ${MANIFEST}\n`);
    await tar.add(MANIFEST_SUM, sum, sum.length);
    await tar.finish();
    await written;
    await fsp.rename(temporary, file);
    return {
      file,
      bytes: (await fsp.stat(file)).size,
      documents: manifest.collections.reduce((total, entry) => total + entry.count, 0),
      collections: manifest.collections.length,
      mediaFiles: manifest.media.length,
      mediaBytes: manifest.media.reduce((total, entry) => total + entry.bytes, 0),
    };
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    await fsp.rm(temporary, { force: true });
    throw error;
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}

/** Dumps one collection to a scratch file (its size goes in the tar header first), then adds it. */
async function addCollection(
  db: Db,
  name: string,
  scratch: string,
  tar: TarWriter,
): Promise<CollectionEntry> {
  const dumped = path.join(scratch, `${name}.jsonl`);
  const out = fs.createWriteStream(dumped);
  const hash = crypto.createHash('sha256');
  let count = 0;
  let bytes = 0;
  for await (const document of db.collection(name).find({}, { sort: { _id: 1 } })) {
    const line = Buffer.from(`${EJSON.stringify(document, { relaxed: false })}\n`);
    hash.update(line);
    bytes += line.length;
    count += 1;
    if (!out.write(line)) await once(out, 'drain');
  }
  await new Promise<void>((resolve, reject) =>
    out.end((error?: Error | null) => (error ? reject(error) : resolve())),
  );
  const file = `db/${name}.jsonl`;
  await tar.add(file, fs.createReadStream(dumped), bytes);
  const indexes = (await db.collection(name).listIndexes().toArray())
    .filter((index) => index.name !== '_id_')
    .map(
      (index) => JSON.parse(EJSON.stringify(index, { relaxed: false })) as Record<string, unknown>,
    );
  return { name, file, count, bytes, sha256: hash.digest('hex'), indexes };
}

export class ArchiveError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArchiveError';
  }
}

/** An archive unpacked into a scratch folder and checked against its manifest. */
export interface CheckedArchive {
  dir: string;
  manifest: Manifest;
  remove(): Promise<void>;
}

/**
 * Unpacks the archive into a scratch folder and checks every file against the manifest
 * (and the manifest against its own checksum). Throws ArchiveError, saying what is wrong,
 * before anything anywhere has been changed.
 */
export async function checkArchive(file: string): Promise<CheckedArchive> {
  const dir = await fsp.mkdtemp(path.join(os.tmpdir(), 'vitrine-restore-'));
  const remove = () => fsp.rm(dir, { recursive: true, force: true });
  try {
    const sums = new Map<string, { bytes: number; sha256: string }>();
    interface Unpacking {
      name: string;
      out: fs.WriteStream;
      hash: crypto.Hash;
      bytes: number;
    }
    let current: Unpacking | undefined;
    const entry = (): Unpacking => {
      if (!current) throw new ArchiveError('it has data outside any file');
      return current;
    };
    try {
      await readTar(fs.createReadStream(file).pipe(zlib.createGunzip()), {
        onEntry: ({ name }) => {
          if (!isArchiveName(name))
            throw new ArchiveError(`unexpected entry ${JSON.stringify(name)}`);
          const target = path.join(dir, name);
          fs.mkdirSync(path.dirname(target), { recursive: true });
          current = {
            name,
            out: fs.createWriteStream(target),
            hash: crypto.createHash('sha256'),
            bytes: 0,
          };
        },
        onData: async (chunk) => {
          const unpacking = entry();
          unpacking.hash.update(chunk);
          unpacking.bytes += chunk.length;
          if (!unpacking.out.write(chunk)) await once(unpacking.out, 'drain');
        },
        onEnd: async () => {
          const done = entry();
          await new Promise<void>((resolve, reject) =>
            done.out.end((error?: Error | null) => (error ? reject(error) : resolve())),
          );
          sums.set(done.name, { bytes: done.bytes, sha256: done.hash.digest('hex') });
        },
      });
    } catch (error) {
      if (error instanceof ArchiveError) throw error;
      throw new ArchiveError(`it is not a readable backup (${(error as Error).message})`);
    }
    const manifestSum = sums.get(MANIFEST);
    if (!manifestSum || !sums.has(MANIFEST_SUM)) throw new ArchiveError('it has no manifest');
    const recorded = (await fsp.readFile(path.join(dir, MANIFEST_SUM), 'utf8')).split(/\s/)[0];
    if (recorded !== manifestSum.sha256)
      throw new ArchiveError('its manifest does not match its checksum');
    const manifest = JSON.parse(await fsp.readFile(path.join(dir, MANIFEST), 'utf8')) as Manifest;
    if (manifest.format !== ARCHIVE_FORMAT || manifest.version !== ARCHIVE_VERSION) {
      throw new ArchiveError(`it is not a ${ARCHIVE_FORMAT} version ${ARCHIVE_VERSION} archive`);
    }
    for (const entry of [...manifest.collections, ...manifest.media]) {
      const found = sums.get(entry.file);
      if (!found) throw new ArchiveError(`${entry.file} is missing`);
      if (found.bytes !== entry.bytes || found.sha256 !== entry.sha256) {
        throw new ArchiveError(`${entry.file} does not match its SHA-256 checksum`);
      }
    }
    return { dir, manifest, remove };
  } catch (error) {
    await remove();
    throw error;
  }
}

function isArchiveName(name: string): boolean {
  if (name === MANIFEST || name === MANIFEST_SUM) return true;
  const [folder, base, ...rest] = name.split('/');
  return (
    rest.length === 0 &&
    (folder === 'db' || folder === 'media') &&
    SAFE_NAME.test(base ?? '') &&
    base !== '..'
  );
}

/** What a database and a media storage hold, for "refuse a non-empty target". */
export async function contentsOf(db: Db, storage: MediaStorage): Promise<string[]> {
  const held: string[] = [];
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    if (name.startsWith('system.')) continue;
    const count = await db.collection(name).estimatedDocumentCount();
    if (count > 0) held.push(`${name}: ${count}`);
  }
  let files = 0;
  for await (const _file of storage.list()) files += 1;
  if (files > 0) held.push(`media files: ${files}`);
  return held;
}

/** Empties the database and the media storage (restore --force). */
export async function emptyTarget(db: Db, storage: MediaStorage): Promise<void> {
  const names: string[] = [];
  for await (const file of storage.list()) names.push(file.name);
  for (const name of names) await storage.delete(name);
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    if (!name.startsWith('system.')) await db.collection(name).drop();
  }
}

/** Loads a checked archive: collections with their indexes, then the media files. */
export async function loadArchive(
  archive: CheckedArchive,
  db: Db,
  storage: MediaStorage,
): Promise<{ documents: number; mediaFiles: number }> {
  let documents = 0;
  for (const entry of archive.manifest.collections) {
    const collection = db.collection(entry.name);
    await db.createCollection(entry.name).catch((error: { codeName?: string }) => {
      if (error.codeName !== 'NamespaceExists') throw error;
    });
    for (const index of entry.indexes) {
      const {
        key,
        v: _version,
        ns: _namespace,
        ...options
      } = EJSON.deserialize(index) as {
        key: Record<string, 1 | -1>;
        v?: unknown;
        ns?: unknown;
      };
      await collection.createIndex(key, options);
    }
    let batch: Record<string, unknown>[] = [];
    const lines = fs.createReadStream(path.join(archive.dir, entry.file), 'utf8');
    let rest = '';
    const flush = async () => {
      if (batch.length) await collection.insertMany(batch, { ordered: true });
      documents += batch.length;
      batch = [];
    };
    for await (const chunk of lines) {
      const parts = (rest + chunk).split('\n');
      rest = parts.pop() ?? '';
      for (const line of parts) {
        if (!line) continue;
        batch.push(EJSON.parse(line, { relaxed: false }) as Record<string, unknown>);
        if (batch.length >= INSERT_BATCH) await flush();
      }
    }
    await flush();
    const count = await collection.countDocuments();
    if (count !== entry.count) {
      throw new Error(`${entry.name}: ${count} documents loaded, the archive has ${entry.count}`);
    }
  }
  for (const entry of archive.manifest.media) {
    await storage.write(entry.name, await fsp.readFile(path.join(archive.dir, entry.file)));
  }
  return { documents, mediaFiles: archive.manifest.media.length };
}
