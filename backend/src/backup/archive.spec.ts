import { startEmbeddedMongo, type EmbeddedMongo } from '@vitrine/embedded-mongo';
import { mongo } from 'mongoose';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  archiveOf,
  entriesOf,
  resealed,
  zeros,
  type EditableArchive,
} from '../../test/support/archives';
import sharp from '../media/sharp';
import { DiskStorage } from '../media/storage/disk.storage';
import { writeBackup } from './archive';
import { checkArchive } from './read-archive';
import { restoreInto } from './restore';

const MAX = 64 * 1024 * 1024;
const IMAGE = '0123456789abcdef0123-72.webp';

describe('backup archives', () => {
  let server: EmbeddedMongo;
  let client: mongo.MongoClient;
  let dir: string;
  let archive: string;
  let webp: Buffer;

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
    // The webhook outbox is left out: a restored site must not send past events again.
    await db
      .collection('webhook_deliveries')
      .insertOne({ event: 'product.created', status: 'pending' });
    // So are kept answers: a retry after a restore must not get an answer about another site.
    await db.collection('idempotency_keys').insertOne({ key: 'save-1', status: 201 });
    const media = new DiskStorage(path.join(dir, 'uploads'));
    webp = await sharp({ create: { width: 8, height: 6, channels: 3, background: '#3b5ba5' } })
      .webp()
      .toBuffer();
    await media.write(IMAGE, webp);
    archive = path.join(dir, 'site.tar.gz');
    await writeBackup(db, media, archive);
  });
  afterAll(async () => {
    await client.close();
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The archive with a change, sealed again: every checksum matches. */
  const edited = async (name: string, change: (archive: EditableArchive) => void) => {
    const file = path.join(dir, `${name}.tar.gz`);
    await resealed(archive, file, change);
    return file;
  };

  it('round-trips types, indexes and files exactly, without the webhook outbox or kept answers', async () => {
    const checked = await checkArchive(archive, MAX);
    const target = client.db('target');
    const media = new DiskStorage(path.join(dir, 'restored'));
    expect(
      await restoreInto({ db: target, storage: media, where: 'the target' }, checked, {
        force: false,
      }),
    ).toEqual({ documents: 2, mediaFiles: 1, warnings: [] });
    const source = await client.db('source').collection('products').find().toArray();
    expect(await target.collection('products').find().toArray()).toEqual(source);
    const linen = await target.collection('products').findOne({ ProductName: 'Linen' });
    expect(linen?.price).toBeInstanceOf(mongo.Decimal128);
    await expect(
      target.collection('products').insertOne({ ProductName: 'Linen' }),
    ).rejects.toMatchObject({ code: 11000 });
    expect((await media.read(IMAGE)).equals(webp)).toBe(true);
    // Nothing of the staging is left: the folder holds the image only.
    expect(fs.readdirSync(path.join(dir, 'restored'))).toEqual([IMAGE]);
    expect((await target.listCollections().toArray()).map((c) => c.name)).toEqual(['products']);
  });

  it('reads the archives of the hand-written tar writer it replaces', async () => {
    const older = path.join(__dirname, 'fixtures', 'ustar-v1.tar.gz');
    const checked = await checkArchive(older, MAX);
    expect(checked.manifest.collections.map((entry) => entry.name)).toEqual(['products']);
    expect(checked.manifest.media.map((entry) => entry.name)).toEqual([IMAGE]);
  });

  it('refuses a file changed inside a well-formed archive, naming it', async () => {
    const entries = await entriesOf(archive);
    const changed = entries.map(([name, data]): [string, Buffer] =>
      name === 'db/products.jsonl'
        ? [name, Buffer.from(data.toString().replace('Khadi', 'Kh4di'))]
        : [name, data],
    );
    const file = path.join(dir, 'edited.tar.gz');
    await archiveOf(file, changed);
    await expect(checkArchive(file, MAX)).rejects.toThrow(
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
    await expect(checkArchive(path.join(dir, 'manifest.tar.gz'), MAX)).rejects.toThrow(
      'its manifest does not match its checksum',
    );

    // A name nothing else on the machine uses, so a file of that name can only be ours.
    const stray = `escaped-${process.pid}-${Date.now()}`;
    await archiveOf(path.join(dir, 'escape.tar.gz'), [[`media/../../${stray}`, Buffer.from('x')]]);
    await expect(checkArchive(path.join(dir, 'escape.tar.gz'), MAX)).rejects.toThrow(
      `it holds "media/../../${stray}", which no backup holds`,
    );
    expect(fs.existsSync(path.join(os.tmpdir(), stray))).toBe(false);
  });

  it('refuses a line that is not Extended JSON, or not a document, naming its line', async () => {
    const notJson = await edited('not-json', ({ files }) => {
      files.set(
        'db/products.jsonl',
        Buffer.concat([files.get('db/products.jsonl')!, Buffer.from('{"a": \n')]),
      );
    });
    await expect(checkArchive(notJson, MAX)).rejects.toThrow(
      /^db\/products\.jsonl line 3 is not Extended JSON \(/,
    );
    const notDocument = await edited('not-document', ({ files }) => {
      files.set('db/products.jsonl', Buffer.from('{"$oid": "6750c0ffee0000000000aa01"}\n'));
    });
    await expect(checkArchive(notDocument, MAX)).rejects.toThrow(
      'db/products.jsonl line 1 is not a document',
    );
  });

  it('refuses media that are not WebP images, by name or by bytes', async () => {
    for (const name of ['page.html', 'payload.js', 'pic.svg', 'photo.jpg']) {
      const file = await edited(`media-${name}`, ({ manifest, files }) => {
        manifest.media.push({ name, file: `media/${name}`, bytes: 0, sha256: '' });
        files.set(`media/${name}`, Buffer.from('<script>alert(1)</script>'));
      });
      await expect(checkArchive(file, MAX)).rejects.toThrow(
        `a media file named "${name}": media are WebP images (<name>.webp), nothing else`,
      );
    }
    const disguised = await edited('disguised', ({ files }) => {
      files.set(`media/${IMAGE}`, Buffer.from('<html><script>alert(1)</script></html>'));
    });
    await expect(checkArchive(disguised, MAX)).rejects.toThrow(
      `media/${IMAGE} is not a WebP image`,
    );
  });

  it('refuses collections a site cannot have: GridFS, the content version, system ones', async () => {
    for (const name of [
      'media.files',
      'content_version',
      'system.users',
      'restore-0badc0de.users',
    ]) {
      const file = await edited(`collection-${name}`, ({ manifest, files }) => {
        manifest.collections.push({
          name,
          file: `db/${name}.jsonl`,
          count: 0,
          bytes: 0,
          sha256: '',
          indexes: [],
        });
        files.set(`db/${name}.jsonl`, Buffer.alloc(0));
      });
      await expect(checkArchive(file, MAX)).rejects.toThrow(
        `its manifest lists a collection named "${name}", which a site cannot have`,
      );
    }
  });

  it('refuses an entry its manifest does not list, or of another size, before reading it', async () => {
    const unlisted = await edited('unlisted', ({ extra }) => {
      extra.push(['media/fedcba9876543210fedc-72.webp', zeros(32 * 1024 * 1024)]);
    });
    await expect(checkArchive(unlisted, MAX)).rejects.toThrow(
      'it holds "media/fedcba9876543210fedc-72.webp", which its manifest does not list',
    );
    const longer = path.join(dir, 'longer.tar.gz');
    const entries = await entriesOf(archive);
    await archiveOf(
      longer,
      entries.map(([name, data]): [string, Buffer] =>
        name === 'db/products.jsonl'
          ? [name, Buffer.concat([data, Buffer.alloc(1024, 32)])]
          : [name, data],
      ),
    );
    await expect(checkArchive(longer, MAX)).rejects.toThrow(
      /^db\/products\.jsonl is \d+ bytes where its manifest says \d+$/,
    );
  });

  it('stops unpacking at the bound, whatever the entries claim', async () => {
    const bomb = path.join(dir, 'bomb.tar.gz');
    await archiveOf(bomb, [['media/fedcba9876543210fedc-72.webp', zeros(256 * 1024 * 1024)]], 9);
    expect(fs.statSync(bomb).size).toBeLessThan(1024 * 1024);
    await expect(checkArchive(bomb, 8 * 1024 * 1024)).rejects.toThrow(
      'it unpacks to more than the 8.0 MB a restore takes (RESTORE_MAX_MB)',
    );
    // A manifest listing more than the bound is refused from the manifest alone.
    await expect(checkArchive(archive, 100)).rejects.toThrow(/RESTORE_MAX_MB/);
  });
});
