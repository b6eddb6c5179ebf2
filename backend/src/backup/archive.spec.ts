import { startEmbeddedMongo, type EmbeddedMongo } from '@vitrine/embedded-mongo';
import { mongo } from 'mongoose';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import zlib from 'node:zlib';
import { DiskStorage } from '../media/storage/disk.storage';
import { checkArchive, loadArchive, writeBackup } from './archive';
import { readTar, TarWriter } from './tar';

/** Every entry of an archive, in order. */
async function entriesOf(file: string): Promise<[string, Buffer][]> {
  const entries: [string, Buffer][] = [];
  let parts: Buffer[] = [];
  await readTar(fs.createReadStream(file).pipe(zlib.createGunzip()), {
    onEntry: ({ name }) => {
      entries.push([name, Buffer.alloc(0)]);
      parts = [];
    },
    onData: (chunk) => {
      parts.push(Buffer.from(chunk));
    },
    onEnd: () => {
      entries[entries.length - 1][1] = Buffer.concat(parts);
    },
  });
  return entries;
}

/** A well-formed archive (valid gzip, valid tar) with whatever entries it is given. */
async function archiveOf(file: string, entries: [string, Buffer][]): Promise<void> {
  const gzip = zlib.createGzip();
  const done = new Promise<void>((resolve, reject) => {
    const out = fs.createWriteStream(file);
    gzip.pipe(new PassThrough()).pipe(out);
    out.on('finish', resolve).on('error', reject);
  });
  const tar = new TarWriter(gzip);
  for (const [name, data] of entries) await tar.add(name, data, data.length);
  await tar.finish();
  await done;
}

describe('backup archives', () => {
  let server: EmbeddedMongo;
  let client: mongo.MongoClient;
  let dir: string;
  let archive: string;

  beforeAll(async () => {
    server = await startEmbeddedMongo({ port: 0 });
    client = await new mongo.MongoClient(server.uri).connect();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-archive-'));
    const db = client.db('source');
    await db.collection('products').insertMany([
      { ProductName: 'Linen', price: new mongo.Decimal128('12.50'), at: new Date(0) },
      { ProductName: 'Khadi', tags: ['a', 'b'] },
    ]);
    await db.collection('products').createIndex({ ProductName: 1 }, { unique: true });
    const media = new DiskStorage(path.join(dir, 'uploads'));
    await media.write('0123456789abcdef0123-72.webp', Buffer.from('not really webp'));
    archive = path.join(dir, 'site.tar.gz');
    await writeBackup(db, media, archive);
  });
  afterAll(async () => {
    await client.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('round-trips types, indexes and files exactly', async () => {
    const checked = await checkArchive(archive);
    const target = client.db('target');
    const media = new DiskStorage(path.join(dir, 'restored'));
    try {
      expect(await loadArchive(checked, target, media)).toEqual({ documents: 2, mediaFiles: 1 });
    } finally {
      await checked.remove();
    }
    const source = await client.db('source').collection('products').find().toArray();
    expect(await target.collection('products').find().toArray()).toEqual(source);
    const linen = await target.collection('products').findOne({ ProductName: 'Linen' });
    expect(linen?.price).toBeInstanceOf(mongo.Decimal128);
    await expect(
      target.collection('products').insertOne({ ProductName: 'Linen' }),
    ).rejects.toMatchObject({ code: 11000 });
    expect((await media.read('0123456789abcdef0123-72.webp')).toString()).toBe('not really webp');
  });

  it('refuses a file changed inside a well-formed archive, naming it', async () => {
    const entries = await entriesOf(archive);
    const edited = entries.map(([name, data]): [string, Buffer] =>
      name === 'db/products.jsonl'
        ? [name, Buffer.from(data.toString().replace('Khadi', 'Kh4di'))]
        : [name, data],
    );
    const file = path.join(dir, 'edited.tar.gz');
    await archiveOf(file, edited);
    await expect(checkArchive(file)).rejects.toThrow(
      'db/products.jsonl does not match its SHA-256 checksum',
    );
  });

  it('refuses an edited manifest, and entries that would leave the folder', async () => {
    const entries = await entriesOf(archive);
    const manifest = entries.map(([name, data]): [string, Buffer] =>
      name === 'manifest.json'
        ? [name, Buffer.from(data.toString().replace('"count": 2', '"count": 3'))]
        : [name, data],
    );
    await archiveOf(path.join(dir, 'manifest.tar.gz'), manifest);
    await expect(checkArchive(path.join(dir, 'manifest.tar.gz'))).rejects.toThrow(
      'its manifest does not match its checksum',
    );

    // A name nothing else on the machine uses, so a file of that name can only be ours.
    const stray = `escaped-${process.pid}-${Date.now()}`;
    await archiveOf(path.join(dir, 'escape.tar.gz'), [[`media/../../${stray}`, Buffer.from('x')]]);
    await expect(checkArchive(path.join(dir, 'escape.tar.gz'))).rejects.toThrow('unexpected entry');
    expect(fs.existsSync(path.join(os.tmpdir(), stray))).toBe(false);
  });
});
