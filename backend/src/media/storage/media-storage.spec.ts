import { startEmbeddedMongo, type EmbeddedMongo } from '@vitrine/embedded-mongo';
import mongoose, { type Connection } from 'mongoose';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DiskStorage } from './disk.storage';
import { GridFsStorage } from './gridfs.storage';
import { MediaStorageError, type MediaStorage } from './media-storage';

let server: EmbeddedMongo | undefined;
let connection: Connection;
const dirs: string[] = [];

beforeAll(async () => {
  const external = process.env.VITRINE_TEST_MONGODB_URI;
  let uri: string;
  if (external) {
    uri = external;
  } else {
    server = await startEmbeddedMongo({ port: 0, logger: false });
    uri = server.uri;
  }
  const dbName = `vitrine_storage_${crypto.randomBytes(4).toString('hex')}`;
  connection = await mongoose.createConnection(uri, { dbName }).asPromise();
});
afterAll(async () => {
  await connection.dropDatabase().catch(() => undefined);
  await connection.close();
  await server?.stop();
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

const adapters: [string, () => MediaStorage][] = [
  [
    'disk',
    () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-storage-'));
      dirs.push(dir);
      return new DiskStorage(path.join(dir, 'uploads'));
    },
  ],
  [
    'GridFS',
    () => {
      // A bucket of its own per test: list() sees only what the test stored.
      const db = connection.useDb(`${connection.name}_${crypto.randomBytes(3).toString('hex')}`);
      return new GridFsStorage(db.db!);
    },
  ],
];

async function failureOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof MediaStorageError) return error.failure;
    throw error;
  }
  throw new Error('expected a MediaStorageError');
}

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const found: T[] = [];
  for await (const item of items) found.push(item);
  return found;
}

describe.each(adapters)('%s media storage', (_label, create) => {
  let storage: MediaStorage;
  beforeEach(() => {
    storage = create();
  });

  it('gives back the bytes it stored, whole, as a buffer and as a stream', async () => {
    const data = crypto.randomBytes(600 * 1024); // several GridFS chunks
    await storage.write('a1b2c3-1280.webp', data);
    expect((await storage.read('a1b2c3-1280.webp')).equals(data)).toBe(true);
    const { file, stream } = await storage.open('a1b2c3-1280.webp');
    expect(file).toMatchObject({ name: 'a1b2c3-1280.webp', size: data.length });
    const parts: Buffer[] = [];
    for await (const part of stream) parts.push(part as Buffer);
    expect(Buffer.concat(parts).equals(data)).toBe(true);
    expect(storage.url('a1b2c3-1280.webp')).toBe('/uploads/a1b2c3-1280.webp');
  });

  it('describes a file with its size and the time it was stored', async () => {
    const before = Date.now() - 1000;
    await storage.write('dated-72.webp', Buffer.from('twelve bytes'));
    const file = await storage.stat('dated-72.webp');
    expect(file?.size).toBe(12);
    expect(file?.storedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(await storage.stat('never-stored.webp')).toBeNull();
  });

  it('replaces a file written again under the same name', async () => {
    await storage.write('again-320.webp', Buffer.from('first'));
    await storage.write('again-320.webp', Buffer.from('second, longer'));
    expect(String(await storage.read('again-320.webp'))).toBe('second, longer');
    expect((await all(storage.list())).filter((f) => f.name === 'again-320.webp')).toHaveLength(1);
  });

  it('lists every file once, and deletes one so that it is gone', async () => {
    await storage.write('one-72.webp', Buffer.from('1'));
    await storage.write('two-72.webp', Buffer.from('22'));
    const listed = await all(storage.list());
    expect(listed.map((f) => f.name).sort()).toEqual(['one-72.webp', 'two-72.webp']);
    expect(listed.find((f) => f.name === 'two-72.webp')?.size).toBe(2);

    await storage.delete('one-72.webp');
    await storage.delete('one-72.webp'); // already gone: fine
    expect((await all(storage.list())).map((f) => f.name)).toEqual(['two-72.webp']);
    expect(await failureOf(storage.read('one-72.webp'))).toBe('not-found');
    expect(await failureOf(storage.open('one-72.webp'))).toBe('not-found');
  });

  it('refuses names that are not media names, such as paths and types a browser runs', async () => {
    for (const name of [
      '../secret.webp',
      'a/b.webp',
      '.hidden.webp',
      'no-extension',
      '',
      'page.html',
      'payload.js',
      'pic.svg',
      'photo.webp.html',
      'photo.jpg',
      '0123456789abcdef0123-1280.jpg',
    ]) {
      expect(await failureOf(storage.write(name, Buffer.from('x')))).toBe('bad-name');
      expect(await failureOf(storage.read(name))).toBe('bad-name');
    }
  });

  it('lists nothing when nothing is stored', async () => {
    expect(await all(storage.list())).toEqual([]);
  });
});

describe('disk media storage', () => {
  it('never lists or serves a file whose writing was cut short', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-storage-'));
    dirs.push(dir);
    const storage = new DiskStorage(dir);
    // What a crash between writing and renaming leaves.
    fs.writeFileSync(path.join(dir, '.cut-72.webp.1a2b3c4d.tmp'), 'half');
    expect(await all(storage.list())).toEqual([]);
    expect(await storage.stat('cut-72.webp')).toBeNull();
  });
});

describe('GridFS media storage', () => {
  it('never shows a file whose writing was cut short: its chunks have no description', async () => {
    const db = connection.useDb(`${connection.name}_cut`).db!;
    const storage = new GridFsStorage(db);
    const bucket = new mongoose.mongo.GridFSBucket(db, { bucketName: 'media' });
    const upload = bucket.openUploadStream('cut-1280.webp');
    // Two whole chunks reach the database; the writer dies before the end.
    await new Promise<void>((resolve, reject) =>
      upload.write(crypto.randomBytes(600 * 1024), (error) => (error ? reject(error) : resolve())),
    );
    expect(await db.collection('media.chunks').countDocuments()).toBeGreaterThan(0);
    expect(await storage.stat('cut-1280.webp')).toBeNull();
    expect(await all(storage.list())).toEqual([]);
    expect(await failureOf(storage.read('cut-1280.webp'))).toBe('not-found');
  });
});
