import { startEmbeddedMongo, type EmbeddedMongo } from '@vitrine/embedded-mongo';
import { mongo } from 'mongoose';
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { resealed } from '../../test/support/archives';
import sharp from '../media/sharp';
import { DiskStorage } from '../media/storage/disk.storage';
import { GridFsStorage } from '../media/storage/gridfs.storage';
import type { MediaStorage } from '../media/storage/media-storage';
import { writeBackup } from './archive';
import { checkArchive } from './read-archive';
import { restoreInto, type RestoreTarget } from './restore';

const { EJSON } = mongo.BSON;
const MAX = 64 * 1024 * 1024;

const image = (background: string) =>
  sharp({ create: { width: 8, height: 6, channels: 3, background } })
    .webp()
    .toBuffer();

/**
 * Everything a site holds, to compare before and after: every collection's documents (as
 * canonical Extended JSON, in _id order) and indexes, every media file's checksum, and
 * with disk media every name in the folder, hidden ones too.
 */
async function stateOf(target: RestoreTarget, uploads?: string) {
  const collections: Record<string, unknown> = {};
  for (const { name } of await target.db.listCollections({}, { nameOnly: true }).toArray()) {
    const collection = target.db.collection(name);
    collections[name] = {
      documents: EJSON.stringify(await collection.find({}, { sort: { _id: 1 } }).toArray(), {
        relaxed: false,
      }),
      indexes: await collection.listIndexes().toArray(),
    };
  }
  const media: Record<string, string> = {};
  for await (const file of target.storage.list()) {
    const data = await target.storage.read(file.name);
    media[file.name] = crypto.createHash('sha256').update(data).digest('hex');
  }
  const folder = uploads && fs.existsSync(uploads) ? fs.readdirSync(uploads).sort() : null;
  return { collections, media, folder };
}

describe.each(['disk', 'gridfs'] as const)('restoring into a site with %s media', (kind) => {
  let server: EmbeddedMongo;
  let client: mongo.MongoClient;
  let dir: string;
  let archive: string;
  let target: RestoreTarget;
  let uploads: string | undefined;
  let round = 0;

  const storageFor = (db: mongo.Db, folder: string): MediaStorage =>
    kind === 'disk' ? new DiskStorage(folder) : new GridFsStorage(db);

  beforeAll(async () => {
    server = await startEmbeddedMongo({ port: 0 });
    client = await new mongo.MongoClient(server.uri).connect();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-restore-'));
    const source = client.db('source');
    await source
      .collection('products')
      .insertMany([
        { ProductName: 'Linen', price: new mongo.Decimal128('12.50') },
        { ProductName: 'Khadi' },
      ]);
    await source.collection('products').createIndex({ ProductName: 1 }, { unique: true });
    await source.collection('users').insertOne({ UserName: 'asha' });
    const media = storageFor(source, path.join(dir, 'source-uploads'));
    await media.write('aaaaaaaaaaaaaaaaaaaa-72.webp', await image('#3b5ba5'));
    await media.write('bbbbbbbbbbbbbbbbbbbb-72.webp', await image('#a5a53b'));
    archive = path.join(dir, 'site.tar.gz');
    await writeBackup(source, media, archive);
  });
  afterAll(async () => {
    await client.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** A site already holding other content, as a forced restore finds it. */
  beforeEach(async () => {
    round += 1;
    const db = client.db(`target${round}`);
    uploads = kind === 'disk' ? path.join(dir, `uploads${round}`) : undefined;
    target = { db, storage: storageFor(db, uploads ?? ''), where: 'the test site' };
    await db.collection('products').insertOne({ ProductName: 'Silk', kept: true });
    await db.collection('products').createIndex({ kept: 1 });
    await db.collection('enquiries').insertOne({ Name: 'Ravi' });
    await db.collection('content_version').insertOne({ _id: 'content', version: 7 } as never);
    await target.storage.write('cccccccccccccccccccc-72.webp', await image('#aa3355'));
    await target.storage.write('aaaaaaaaaaaaaaaaaaaa-72.webp', await image('#123456'));
  });
  afterEach(() => jest.restoreAllMocks());

  it('replaces everything with --force: the archive’s collections, indexes and media, nothing else', async () => {
    const report = await restoreInto(target, await checkArchive(archive, MAX), { force: true });
    expect(report).toEqual({ documents: 3, mediaFiles: 2, warnings: [] });
    const after = await stateOf(target, uploads);
    const source = await stateOf({
      db: client.db('source'),
      storage: storageFor(client.db('source'), path.join(dir, 'source-uploads')),
      where: '',
    });
    const names = Object.keys(after.collections).sort();
    expect(names).toEqual(
      kind === 'gridfs'
        ? ['media.chunks', 'media.files', 'products', 'users']
        : ['products', 'users'],
    );
    for (const name of ['products', 'users']) {
      expect(after.collections[name]).toEqual(source.collections[name]);
    }
    expect(after.media).toEqual(source.media);
    if (uploads) expect(after.folder).toEqual(Object.keys(source.media).sort());
  });

  it('changes nothing when loading fails late in the archive, and says so', async () => {
    // Two users with one _id: valid Extended JSON with valid checksums, which only the
    // database refuses, once every other collection has been loaded.
    const late = path.join(dir, `late-${kind}.tar.gz`);
    await resealed(archive, late, ({ files }) => {
      const users = files.get('db/users.jsonl')!;
      files.set('db/users.jsonl', Buffer.concat([users, users]));
    });
    const before = await stateOf(target, uploads);
    await expect(
      restoreInto(target, await checkArchive(late, MAX), { force: true }),
    ).rejects.toThrow(
      /^Could not restore .*late-\w+\.tar\.gz: db\/users\.jsonl could not be loaded: two documents have the same value where an index wants each one's to be unique \(E11000 .*\)\. Nothing was changed: the test site is as it was\.$/,
    );
    expect(await stateOf(target, uploads)).toEqual(before);
  });

  it('takes the switch back when a rename fails half-way through it, and says nothing was changed', async () => {
    const before = await stateOf(target, uploads);
    const rename = mongo.Db.prototype.renameCollection;
    let renames = 0;
    jest.spyOn(mongo.Db.prototype, 'renameCollection').mockImplementation(function (
      this: mongo.Db,
      ...args: Parameters<typeof rename>
    ) {
      renames += 1;
      if (renames === 4) return Promise.reject(new Error('the connection went away'));
      return rename.apply(this, args);
    });
    await expect(
      restoreInto(target, await checkArchive(archive, MAX), { force: true }),
    ).rejects.toThrow(
      /^Could not restore .*: the connection went away, while putting the restored site in place; every step of that was taken back\. Nothing was changed: the test site is as it was\.$/,
    );
    expect(renames).toBeGreaterThan(4);
    expect(await stateOf(target, uploads)).toEqual(before);
  });

  if (kind === 'disk') {
    it('changes nothing when the disk fills up while the media load', async () => {
      const before = await stateOf(target, uploads);
      const rename = fsp.rename;
      jest.spyOn(fsp, 'rename').mockImplementation(async (from, to) => {
        // The staging's own write of a file (a temporary file renamed to its name).
        if (String(to).endsWith('/bbbbbbbbbbbbbbbbbbbb-72.webp') && String(from).endsWith('.tmp')) {
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        }
        return rename(from, to);
      });
      await expect(
        restoreInto(target, await checkArchive(archive, MAX), { force: true }),
      ).rejects.toThrow(
        /: media\/bbbbbbbbbbbbbbbbbbbb-72\.webp could not be loaded: there is no room left for the media \(No room on the disk for bbbbbbbbbbbbbbbbbbbb-72\.webp\)\. Nothing was changed: the test site is as it was\.$/,
      );
      expect(await stateOf(target, uploads)).toEqual(before);
    });

    it('takes the switch back when moving a file in fails, collections included', async () => {
      const before = await stateOf(target, uploads);
      const rename = fsp.rename;
      jest.spyOn(fsp, 'rename').mockImplementation(async (from, to) => {
        // The switch's move of a staged file into the folder (not the staging's own writes).
        if (path.basename(String(from)) === 'bbbbbbbbbbbbbbbbbbbb-72.webp') {
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        }
        return rename(from, to);
      });
      await expect(
        restoreInto(target, await checkArchive(archive, MAX), { force: true }),
      ).rejects.toThrow(
        /: there is no room left for it \(ENOSPC: no space left on device\), while putting the restored site in place; every step of that was taken back\. Nothing was changed/,
      );
      expect(await stateOf(target, uploads)).toEqual(before);
    });
  }

  it('refuses a site that is not empty without --force, before anything is staged', async () => {
    const before = await stateOf(target, uploads);
    await expect(
      restoreInto(target, await checkArchive(archive, MAX), { force: false }),
    ).rejects.toThrow(
      /^Refusing to restore into the test site: it is not empty \(.*products: 1.*\)\. .* Nothing was changed\.$/,
    );
    expect(await stateOf(target, uploads)).toEqual(before);
  });
});
