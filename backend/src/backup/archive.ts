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
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import zlib from 'node:zlib';
import tar from 'tar-stream';
import { CONTENT_VERSION_COLLECTION } from '../cache/content-version';
import { IDEMPOTENCY_COLLECTION } from '../idempotency/idempotency-record.schema';
import { INSIGHTS_COLLECTIONS } from '../insights/insights-collections';
import { LANGUAGE_CHANGES_COLLECTION } from '../settings/default-language.service';
import { MEDIA_BUCKET } from '../media/storage/gridfs.storage';
import { MEDIA_NAME, type MediaStorage } from '../media/storage/media-storage';
import { WEBHOOK_DELIVERIES_COLLECTION } from '../webhooks/schemas/webhook-delivery.schema';

type Db = mongo.Db;
// The driver's own BSON, so the types it reads are the ones it writes back.
const { EJSON } = mongo.BSON;

export const ARCHIVE_FORMAT = 'vitrine-backup';
export const ARCHIVE_VERSION = 1;
export const MANIFEST = 'manifest.json';
export const MANIFEST_SUM = 'manifest.json.sha256';

/** Collection names that are safe as flat file names inside the archive. */
export const COLLECTION_NAME = /^\w[\w.-]*$/;

/**
 * Collections a backup leaves out: GridFS's own (its files are in `media/`, and go back
 * through whichever storage the target uses), and the content version, which must start
 * afresh on a new database so that no cache mistakes the restored site for the old one,
 * the webhook deliveries (a restored site must not send its past events again) and the
 * kept answers of writes (a retry must not be answered about records the restore replaced),
 * and the visit insights (statistics about the site, not part of it; their salts and
 * visitor hashes are meant to be forgotten within the day), and the plan of a change of
 * the default language under way (it belongs to the database it was planned on).
 */
export function leftOutOfBackups(name: string): boolean {
  return (
    name.startsWith('system.') ||
    name === `${MEDIA_BUCKET}.files` ||
    name === `${MEDIA_BUCKET}.chunks` ||
    name === CONTENT_VERSION_COLLECTION ||
    name === WEBHOOK_DELIVERIES_COLLECTION ||
    name === IDEMPOTENCY_COLLECTION ||
    name === LANGUAGE_CHANGES_COLLECTION ||
    INSIGHTS_COLLECTIONS.includes(name) ||
    isRestoreStaging(name)
  );
}

/**
 * What a restore keeps beside the site while it runs (`restore-<id>.<name>`: loaded, not yet
 * in place; `replaced-<id>.<name>`: moved aside, dropped once the switch is done). Never
 * part of the site, never backed up; after an interrupted restore, left for someone to look at.
 */
export function isRestoreStaging(name: string): boolean {
  return /^(restore|replaced)-[0-9a-f]{8}\./.test(name);
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

export const sha256 = (data: Buffer) => crypto.createHash('sha256').update(data).digest('hex');

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
  const pack = tar.pack();
  const written = pipeline(
    pack,
    zlib.createGzip({ level: 6 }),
    fs.createWriteStream(temporary, { mode: 0o600 }),
  );
  // Awaited below; a failure meanwhile is that await's to report.
  written.catch(() => undefined);
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
      .filter((name) => !leftOutOfBackups(name))
      .sort();
    for (const name of names) {
      if (!COLLECTION_NAME.test(name)) throw new Error(`Cannot back up a collection named ${name}`);
      manifest.collections.push(await addCollection(db, name, scratch, pack));
    }
    // Media after the documents: an image is stored before the record that shows it, so
    // every image a backed-up record shows is already there.
    for await (const stored of storage.list()) {
      if (!MEDIA_NAME.test(stored.name)) continue;
      const data = await storage.read(stored.name);
      const entry = { name: stored.name, file: `media/${stored.name}`, bytes: data.length };
      await addEntry(pack, entry.file, data, data.length);
      manifest.media.push({ ...entry, sha256: sha256(data) });
    }
    manifest.media.sort((a, b) => a.name.localeCompare(b.name));
    const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`);
    await addEntry(pack, MANIFEST, manifestBytes, manifestBytes.length);
    const sum = Buffer.from(`${sha256(manifestBytes)}  ${MANIFEST}\n`);
    await addEntry(pack, MANIFEST_SUM, sum, sum.length);
    pack.finalize();
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
    pack.destroy();
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
  pack: tar.Pack,
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
  await addEntry(pack, file, fs.createReadStream(dumped), bytes);
  const indexes = (await db.collection(name).listIndexes().toArray())
    .filter((index) => index.name !== '_id_')
    .map(
      (index) => JSON.parse(EJSON.stringify(index, { relaxed: false })) as Record<string, unknown>,
    );
  return { name, file, count, bytes, sha256: hash.digest('hex'), indexes };
}

/**
 * Adds one file to the archive and waits until tar-stream has taken all of it: an entry
 * whose bytes are not `size` (a file that changed while it was archived) fails the backup.
 */
function addEntry(
  pack: tar.Pack,
  name: string,
  data: Buffer | Readable,
  size: number,
): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const done = (error?: Error | null) => (error ? reject(error) : resolve());
    if (Buffer.isBuffer(data)) {
      pack.entry({ name, size, type: 'file' }, data, done);
      return;
    }
    const sink = pack.entry({ name, size, type: 'file' }, done);
    void (async () => {
      for await (const chunk of data) {
        if (!sink.write(chunk)) await once(sink, 'drain');
      }
      sink.end(undefined);
    })().catch((error: unknown) => {
      sink.destroy(error as Error);
      reject(error);
    });
  });
}
