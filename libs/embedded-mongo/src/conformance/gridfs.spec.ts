/**
 * What the driver's GridFSBucket does, as the API's media storage uses it: chunked uploads,
 * downloads whole and by byte range, revisions by name, listing, deletion, and an aborted
 * upload leaving nothing behind.
 */
import { waitUntil } from '@vitrine/testing';
import { GridFSBucket, ObjectId } from 'mongodb';
import crypto from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { useTarget } from '../test-support/target';

let bucket: GridFSBucket;
const t = useTarget('gridfs', async ({ db }) => {
  bucket = new GridFSBucket(db, { bucketName: 'media', chunkSizeBytes: 64 * 1024 });
});

async function upload(
  name: string,
  data: Buffer,
  metadata?: Record<string, unknown>,
): Promise<ObjectId> {
  const stream = bucket.openUploadStream(name, { metadata });
  await pipeline(Readable.from([data]), stream);
  return stream.id as ObjectId;
}

async function download(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

describe('GridFSBucket', () => {
  const big = crypto.randomBytes(200 * 1024 + 123); // four chunks, the last one short

  it('stores a file in chunks and gives back the same bytes by name and by id', async () => {
    const id = await upload('weave-1280.webp', big, { type: 'image/webp' });
    expect(await download(bucket.openDownloadStreamByName('weave-1280.webp'))).toEqual(big);
    expect(await download(bucket.openDownloadStream(id))).toEqual(big);

    const [file] = await bucket.find({ filename: 'weave-1280.webp' }).toArray();
    expect(file).toMatchObject({
      _id: id,
      filename: 'weave-1280.webp',
      length: big.length,
      chunkSize: 64 * 1024,
      metadata: { type: 'image/webp' },
    });
    expect(file.uploadDate).toBeInstanceOf(Date);
    const chunks = await t.db.collection('media.chunks').find({ files_id: id }).toArray();
    expect(chunks.map((chunk) => chunk.n).sort()).toEqual([0, 1, 2, 3]);
  });

  it('reads a byte range across chunk boundaries', async () => {
    const start = 60 * 1024;
    const end = 140 * 1024 + 7;
    const part = await download(bucket.openDownloadStreamByName('weave-1280.webp', { start, end }));
    expect(part).toEqual(big.subarray(start, end));
    // The driver needs both ends (`end` alone defaults to 0); `end` is exclusive.
    const tail = await download(
      bucket.openDownloadStreamByName('weave-1280.webp', {
        start: big.length - 10,
        end: big.length,
      }),
    );
    expect(tail).toEqual(big.subarray(big.length - 10));
  });

  it('stores an empty file', async () => {
    await upload('empty.bin', Buffer.alloc(0));
    expect(await download(bucket.openDownloadStreamByName('empty.bin'))).toEqual(Buffer.alloc(0));
  });

  it('gives the newest revision of a name, or an older one when asked', async () => {
    await upload('notes.txt', Buffer.from('first'));
    // Revisions are told apart by their upload time, in milliseconds: the second comes later.
    const [first] = await bucket.find({ filename: 'notes.txt' }).toArray();
    await waitUntil(async () => Date.now() > first.uploadDate.getTime(), 1_000, 'a later ms', 1);
    await upload('notes.txt', Buffer.from('second'));
    expect(String(await download(bucket.openDownloadStreamByName('notes.txt')))).toBe('second');
    expect(
      String(await download(bucket.openDownloadStreamByName('notes.txt', { revision: 0 }))),
    ).toBe('first');
  });

  it('fails a download of an unknown name with ENOENT', async () => {
    await expect(download(bucket.openDownloadStreamByName('missing.webp'))).rejects.toMatchObject({
      code: 'ENOENT',
    });
  });

  it('lists files by a filter, sorted, and deletes a file with its chunks', async () => {
    const id = await upload('gone.webp', crypto.randomBytes(70 * 1024));
    const names = (await bucket.find({}, { sort: { filename: 1 } }).toArray()).map(
      (file) => file.filename,
    );
    expect(names).toEqual([...names].sort());
    expect(names).toContain('gone.webp');

    await bucket.delete(id);
    expect(await bucket.find({ _id: id }).toArray()).toEqual([]);
    expect(await t.db.collection('media.chunks').countDocuments({ files_id: id })).toBe(0);
    await expect(bucket.delete(id)).rejects.toThrow(/File not found/);
  });

  it('leaves no chunks of an aborted upload', async () => {
    const stream = bucket.openUploadStream('aborted.webp');
    await new Promise<void>((resolve, reject) =>
      stream.write(crypto.randomBytes(150 * 1024), (error) => (error ? reject(error) : resolve())),
    );
    await stream.abort();
    expect(await t.db.collection('media.chunks').countDocuments({ files_id: stream.id })).toBe(0);
    expect(await bucket.find({ filename: 'aborted.webp' }).toArray()).toEqual([]);
  });

  it('creates the indexes GridFS reads by', async () => {
    const files = await t.db.collection('media.files').listIndexes().toArray();
    const chunks = await t.db.collection('media.chunks').listIndexes().toArray();
    expect(files.map((index) => index.key)).toContainEqual({ filename: 1, uploadDate: 1 });
    expect(chunks).toContainEqual(
      expect.objectContaining({ key: { files_id: 1, n: 1 }, unique: true }),
    );
  });

  it('renames a file and drops the whole bucket', async () => {
    const id = await upload('old-name.webp', Buffer.from('bytes'));
    await bucket.rename(id, 'new-name.webp');
    expect(String(await download(bucket.openDownloadStreamByName('new-name.webp')))).toBe('bytes');
    await bucket.drop();
    expect(await bucket.find({}).toArray()).toEqual([]);
    expect(await t.db.collection('media.chunks').countDocuments()).toBe(0);
  });
});
