/**
 * A restore, all or nothing: a checked archive is loaded into a staging area beside the
 * site (see Staging), and put in place only once all of it has loaded. Until that switch
 * the site is never touched, so any failure leaves it exactly as it was; a failure during
 * the switch is taken back. Whoever starts a restore (today `npm run restore`) goes
 * through `restoreInto`, and its errors say in words what was wrong and what state the
 * site is in.
 */
import { mongo } from 'mongoose';
import { MediaStorageError, type MediaStorage } from '../media/storage/media-storage';
import { isRestoreStaging } from './archive';
import { ArchiveError, loadArchive, LoadError, type CheckedArchive } from './read-archive';
import { Staging, SwitchOverError } from './staging';

type Db = mongo.Db;
const { EJSON } = mongo.BSON;

/** The site a restore goes into: its database and media, and where they are in words. */
export interface RestoreTarget {
  db: Db;
  storage: MediaStorage;
  where: string;
}

export interface RestoreReport {
  documents: number;
  mediaFiles: number;
  /** What the restore could not clean up after it succeeded, in words. */
  warnings: string[];
}

/** A restore that did not happen, or not wholly; its message says what state the site is in. */
export class RestoreError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'RestoreError';
  }
}

/**
 * Restores a checked archive into the target: refused if the target holds anything unless
 * `force` (then everything in it is replaced: collections the archive lacks go too).
 */
export async function restoreInto(
  target: RestoreTarget,
  archive: CheckedArchive,
  { force }: { force: boolean },
): Promise<RestoreReport> {
  const nothingChanged = `Nothing was changed: ${target.where} is as it was.`;
  const before = (error: unknown) =>
    new RestoreError(`Could not restore ${archive.file}: ${inWords(error)}. ${nothingChanged}`);
  const held = await contentsOf(target.db, target.storage).catch((error: unknown) => {
    throw before(error);
  });
  if (held.length && !force) throw notEmpty(target, held);
  const staging = await Staging.open(target.db, target.storage).catch((error: unknown) => {
    throw before(error);
  });
  try {
    await loadInto(staging, archive);
    // Someone may have written to an empty target while the archive loaded.
    const now = force ? [] : await contentsOf(target.db, target.storage);
    if (now.length) throw notEmpty(target, now);
  } catch (error) {
    const discarded = await staging.discard().then(
      () => '',
      (cleanup: unknown) =>
        ` The staged copy could not all be removed (${inWords(cleanup)}): drop the collections named ${staging.prefix}* when you can.`,
    );
    const restoreError = error instanceof RestoreError ? error : before(error);
    throw new RestoreError(`${restoreError.message}${discarded}`);
  }
  try {
    await staging.switchOver();
  } catch (error) {
    const { failure, undoFailures } = error as SwitchOverError;
    if (undoFailures.length) {
      throw new RestoreError(
        `Could not restore ${archive.file}: ${inWords(failure)}, while putting the restored site in place, and taking that back failed too (${undoFailures.map(inWords).join('; ')}). ${target.where} may be partly replaced: what was there before is in ${staging.asideInWords} where it is not in place, the restored site in the collections named ${staging.prefix}*.`,
      );
    }
    await staging.discard().catch(() => undefined);
    throw new RestoreError(
      `Could not restore ${archive.file}: ${inWords(failure)}, while putting the restored site in place; every step of that was taken back. ${nothingChanged}`,
    );
  }
  const left = await staging.finish();
  const { collections, media } = archive.manifest;
  return {
    documents: collections.reduce((total, entry) => total + entry.count, 0),
    mediaFiles: media.length,
    warnings: left.length
      ? [`Restored, but could not remove what the restore set aside: ${left.join(', ')}.`]
      : [],
  };
}

/** Loads every collection (with its indexes) and media file into the staging area. */
async function loadInto(staging: Staging, archive: CheckedArchive): Promise<void> {
  const { collections } = archive.manifest;
  // Made first, with their indexes (a unique one checks the documents as they go in),
  // so that a collection with no documents is restored too.
  for (const entry of collections) {
    try {
      const collection = await staging.createCollection(entry.name);
      for (const index of entry.indexes) {
        const {
          key,
          v: _version,
          ns: _namespace,
          ...options
        } = EJSON.deserialize(index) as { key: Record<string, 1 | -1>; v?: unknown; ns?: unknown };
        await collection.createIndex(key, options);
      }
    } catch (error) {
      throw new LoadError(`the indexes of ${entry.name}`, error);
    }
  }
  await loadArchive(archive, {
    documents: async (entry, batch) => {
      await staging.collection(entry.name).insertMany(batch, { ordered: true });
    },
    media: (entry, data) => staging.storage.write(entry.name, data),
  });
  for (const entry of collections) {
    const count = await staging.collection(entry.name).countDocuments();
    if (count !== entry.count) {
      throw new Error(
        `${entry.name} has ${count} documents loaded where the archive has ${entry.count}`,
      );
    }
  }
}

function notEmpty(target: RestoreTarget, held: string[]): RestoreError {
  return new RestoreError(
    `Refusing to restore into ${target.where}: it is not empty (${held.join(', ')}). Restore into an empty database, or add --force to replace everything in it. Nothing was changed.`,
  );
}

/**
 * What a database and a media storage hold, for "refuse a non-empty target" (what an
 * interrupted restore left beside a site is not part of it).
 */
export async function contentsOf(db: Db, storage: MediaStorage): Promise<string[]> {
  const held: string[] = [];
  for (const { name } of await db.listCollections({}, { nameOnly: true }).toArray()) {
    if (name.startsWith('system.') || isRestoreStaging(name)) continue;
    const count = await db.collection(name).estimatedDocumentCount();
    if (count > 0) held.push(`${name}: ${count}`);
  }
  let files = 0;
  for await (const _file of storage.list()) files += 1;
  if (files > 0) held.push(`media files: ${files}`);
  return held;
}

/** MongoDB's "out of disk space" and Atlas's "over your space quota". */
const FULL_CODES = new Set([14031, 8000]);

/** A failure in words for someone restoring a site, the library's message in brackets. */
function inWords(error: unknown): string {
  if (error instanceof ArchiveError) return error.message;
  if (error instanceof LoadError)
    return `${error.entry} could not be loaded: ${inWords(error.failure)}`;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof MediaStorageError) {
    return error.failure === 'full'
      ? `there is no room left for the media (${message})`
      : `the media storage failed (${message})`;
  }
  const code = (error as { code?: unknown })?.code;
  if (code === 11000) {
    return `two documents have the same value where an index wants each one's to be unique (${message})`;
  }
  if (FULL_CODES.has(Number(code)) || code === 'ENOSPC') {
    return `there is no room left for it (${message})`;
  }
  if (
    error instanceof mongo.MongoNetworkError ||
    error instanceof mongo.MongoServerSelectionError
  ) {
    return `the database could not be reached (${message})`;
  }
  return message;
}
