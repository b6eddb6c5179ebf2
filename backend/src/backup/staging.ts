/**
 * Where a restore loads an archive before the site sees any of it, and the switch that then
 * puts it in place. The same code runs on the embedded server and on MongoDB: staged
 * collections are ordinary collections of the site's database, named `restore-<id>.<name>`,
 * and go in place by renameCollection, a metadata change on both; GridFS media are one more
 * staged bucket (`restore-<id>.media`), disk media a folder beside the files
 * (`uploads/.restore-<id>`, never listed nor served, and on the same file system, so a
 * rename moves each file in at once).
 */
import { UPLOADS_PATH } from '@vitrine/contracts';
import { mongo } from 'mongoose';
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { DiskStorage } from '../media/storage/disk.storage';
import { GridFsStorage, MEDIA_BUCKET } from '../media/storage/gridfs.storage';
import { MEDIA_NAME, type MediaStorage } from '../media/storage/media-storage';
import { isRestoreStaging } from './archive';

type Db = mongo.Db;

interface Folders {
  /** The site's media folder. */
  uploads: string;
  /** Where the archive's media are written. */
  staged: string;
  /** Where the site's own files are kept (hard links) while the switch runs. */
  aside: string;
  /** Whether the staging made `uploads` (a fresh site), so that discarding removes it. */
  madeUploads: boolean;
}

/** A failed switch-over, and whether taking back what it had done failed too. */
export class SwitchOverError extends Error {
  constructor(
    readonly failure: unknown,
    readonly undoFailures: unknown[],
  ) {
    super(failure instanceof Error ? failure.message : String(failure));
    this.name = 'SwitchOverError';
  }
}

export class Staging {
  /** The site's media as they will be, written by the restore. */
  readonly storage: MediaStorage;
  readonly prefix: string;
  readonly asidePrefix: string;

  private constructor(
    private readonly db: Db,
    readonly id: string,
    private readonly folders: Folders | undefined,
  ) {
    this.prefix = `restore-${id}.`;
    this.asidePrefix = `replaced-${id}.`;
    this.storage = folders
      ? new DiskStorage(folders.staged)
      : new GridFsStorage(db, UPLOADS_PATH, `${this.prefix}${MEDIA_BUCKET}`);
  }

  /** An empty staging area beside the site's database and media. */
  static async open(db: Db, media: MediaStorage, id = newId()): Promise<Staging> {
    if (media instanceof GridFsStorage) return new Staging(db, id, undefined);
    if (!(media instanceof DiskStorage)) throw new Error('A restore takes disk or GridFS media');
    const uploads = media.dir;
    const madeUploads = !(await exists(uploads));
    const folders = {
      uploads,
      staged: path.join(uploads, `.restore-${id}`),
      aside: path.join(uploads, `.replaced-${id}`),
      madeUploads,
    };
    await fsp.mkdir(folders.staged, { recursive: true });
    return new Staging(db, id, folders);
  }

  /** Where what was there before is kept while the switch runs, in words. */
  get asideInWords(): string {
    const folder = this.folders ? ` and the folder ${this.folders.aside}` : '';
    return `the collections named ${this.asidePrefix}*${folder}`;
  }

  /** The staged collection that becomes `name`. */
  collection(name: string): mongo.Collection {
    return this.db.collection(`${this.prefix}${name}`);
  }

  async createCollection(name: string): Promise<mongo.Collection> {
    await this.db.createCollection(`${this.prefix}${name}`);
    return this.collection(name);
  }

  /** Removes everything staged; the site was never touched. */
  async discard(): Promise<void> {
    for (const name of await this.collectionNames()) {
      if (name.startsWith(this.prefix)) await this.db.collection(name).drop();
    }
    if (!this.folders) return;
    await fsp.rm(this.folders.staged, { recursive: true, force: true });
    if (this.folders.madeUploads) await fsp.rmdir(this.folders.uploads).catch(() => undefined);
  }

  /**
   * Puts the staged site in place: each of the site's collections is renamed aside
   * (`replaced-<id>.<name>`) and its staged one renamed to its name, one collection after
   * the other, then (disk media) each staged file renamed into the folder over the old one,
   * the old files kept aside as hard links. Every step is noted with its inverse: if one
   * fails, those done are taken back in reverse order, and SwitchOverError says whether
   * that worked. Nothing is dropped here: `finish` drops what was set aside.
   */
  async switchOver(): Promise<void> {
    const undo: (() => Promise<unknown>)[] = [];
    try {
      await this.switchCollections(undo);
      if (this.folders) await this.switchFiles(this.folders, undo);
    } catch (failure) {
      const undoFailures: unknown[] = [];
      for (const step of undo.reverse()) {
        await step().catch((error: unknown) => undoFailures.push(error));
      }
      throw new SwitchOverError(failure, undoFailures);
    }
  }

  /** Drops what the switch set aside; gives what could not be removed, in words. */
  async finish(): Promise<string[]> {
    const left: string[] = [];
    for (const name of await this.collectionNames()) {
      if (!name.startsWith(this.asidePrefix) && !name.startsWith(this.prefix)) continue;
      await this.db
        .collection(name)
        .drop()
        .catch(() => left.push(`the collection ${name}`));
    }
    for (const folder of this.folders ? [this.folders.aside, this.folders.staged] : []) {
      await fsp
        .rm(folder, { recursive: true, force: true })
        .catch(() => left.push(`the folder ${folder}`));
    }
    return left;
  }

  private async switchCollections(undo: (() => Promise<unknown>)[]): Promise<void> {
    const names = await this.collectionNames();
    const staged = new Set(
      names
        .filter((name) => name.startsWith(this.prefix))
        .map((name) => name.slice(this.prefix.length)),
    );
    const site = new Set(
      names.filter((name) => !name.startsWith('system.') && !isRestoreStaging(name)),
    );
    const rename = (from: string, to: string) => this.db.renameCollection(from, to);
    for (const name of [...new Set([...site, ...staged])].sort()) {
      if (site.has(name)) {
        await rename(name, `${this.asidePrefix}${name}`);
        undo.push(() => rename(`${this.asidePrefix}${name}`, name));
      }
      if (staged.has(name)) {
        await rename(`${this.prefix}${name}`, name);
        undo.push(() => rename(name, `${this.prefix}${name}`));
      }
    }
  }

  private async switchFiles(folders: Folders, undo: (() => Promise<unknown>)[]): Promise<void> {
    const { uploads, staged, aside } = folders;
    const media = async (dir: string) =>
      (await fsp.readdir(dir)).filter((name) => MEDIA_NAME.test(name));
    const before = new Set(await media(uploads));
    const incoming = new Set(await media(staged));
    await fsp.mkdir(aside);
    undo.push(() => fsp.rm(aside, { recursive: true, force: true }));
    // The old bytes stay reachable from the side folder, so any step below can be taken back.
    for (const name of before) await keep(path.join(uploads, name), path.join(aside, name));
    for (const name of incoming) {
      await fsp.rename(path.join(staged, name), path.join(uploads, name));
      undo.push(() =>
        before.has(name)
          ? fsp.rename(path.join(aside, name), path.join(uploads, name))
          : fsp.rm(path.join(uploads, name), { force: true }),
      );
    }
    for (const name of before) {
      if (incoming.has(name)) continue;
      await fsp.rm(path.join(uploads, name));
      undo.push(() => fsp.rename(path.join(aside, name), path.join(uploads, name)));
    }
  }

  private async collectionNames(): Promise<string[]> {
    return (await this.db.listCollections({}, { nameOnly: true }).toArray()).map(
      (collection) => collection.name,
    );
  }
}

function newId(): string {
  return crypto.randomBytes(4).toString('hex');
}

async function exists(file: string): Promise<boolean> {
  return fsp.stat(file).then(
    () => true,
    () => false,
  );
}

/** A hard link to `file` (a copy where the file system has none). */
async function keep(file: string, copy: string): Promise<void> {
  try {
    await fsp.link(file, copy);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EMLINK') throw error;
    await fsp.copyFile(file, copy);
  }
}
