import { getConnectionToken } from '@nestjs/mongoose';
import { waitUntil } from '@vitrine/testing';
import { Schema, type Connection } from 'mongoose';
import { MediaService } from '../src/media/media.service';
import { recordsMediaReferences } from '../src/media/media-references';
import { OrphanMediaService } from '../src/media/orphan-media.service';
import { MEDIA_STORAGE, type MediaStorage } from '../src/media/storage/media-storage';
import { jpegImage, pngImage } from './support/images';
import { bearer, createTestApp, stopTestDatabase, type TestApp } from './support/test-app';

describe('images nothing refers to (the orphan sweep)', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let storage: MediaStorage;
  const HOUR = 60 * 60 * 1000;
  const sweep = (at = Date.now()) => t.app.get(OrphanMediaService).sweep(at);
  const stored = async (name: string) => (await storage.stat(name)) !== null;
  const filesOf = (media: { variants: { url: string }[] }) =>
    media.variants.map((variant) => variant.url.split('/').pop()!);
  /** The files a crash between storing an upload and saving its record leaves behind. */
  const leftByACrash = async (id: string) => {
    const names = [`${id}-320.webp`, `${id}-640.webp`];
    for (const name of names) await storage.write(name, await pngImage(20, 20));
    return names;
  };

  beforeEach(async () => {
    t = await createTestApp();
    auth = bearer(t.adminToken);
    storage = t.app.get(MEDIA_STORAGE);
  });
  afterEach(() => t.close());
  afterAll(() => stopTestDatabase());

  it('removes the files of an image nothing refers to once they are an hour old, and nothing else', async () => {
    const orphan = await leftByACrash('0123456789abcdef0123');
    const product = await t.api
      .post('/api/product/')
      .set(auth)
      .field('ProductName', 'Shown linen')
      .field('ProductCategory', 'Linen')
      .attach('Userimg', await pngImage(700, 500), 'a.png')
      .expect(201);
    const trashed = await t.api
      .post('/api/product/')
      .set(auth)
      .field('ProductName', 'Deleted linen')
      .field('ProductCategory', 'Linen')
      .attach('Userimg', await pngImage(700, 500, '#a5a53b'), 'b.png')
      .expect(201);
    await t.api.delete(`/api/product/${trashed.body._id}`).set(auth).expect(204);
    const editorImage = await t.api
      .post('/api/media')
      .set(auth)
      .attach('file', await jpegImage(400, 300), 'c.jpg')
      .expect(201);
    await storage.write('legacy-photo.webp', await pngImage(10, 10));

    // Younger than an hour: its save may still be under way.
    expect(await sweep()).toBe(0);
    expect(await stored(orphan[0])).toBe(true);

    expect(await sweep(Date.now() + 2 * HOUR)).toBe(1);
    for (const name of orphan) expect(await stored(name)).toBe(false);
    // Shown by a product, held by the trash, a rich-text upload, or not an image of ours.
    for (const name of [
      ...filesOf(product.body.media),
      ...filesOf(trashed.body.media),
      ...filesOf(editorImage.body),
      'legacy-photo.webp',
    ])
      expect(`${name} ${await stored(name)}`).toBe(`${name} true`);
  });

  it('never removes the images of a save still under way, however old they look', async () => {
    const media = t.app.get(MediaService);
    let during: boolean[] = [];
    await expect(
      media.withStoredImages([{ buffer: await pngImage(700, 500) }], async ([image]) => {
        // Two hours on, with the record not saved yet: the claim keeps the files.
        expect(await sweep(Date.now() + 2 * HOUR)).toBe(0);
        during = await Promise.all(filesOf(image.media).map(stored));
        throw new Error('the save fails after all');
      }),
    ).rejects.toThrow('the save fails after all');
    expect(during.length).toBeGreaterThan(0);
    expect(during.every(Boolean)).toBe(true);
  });

  /** A content model on the app's connection, following the references like the real ones. */
  const contentModel = (
    name: string,
    shape: (schema: Schema) => void = () => undefined,
    afterPlugin: (schema: Schema) => void = () => undefined,
  ) => {
    const schema = new Schema({ name: String, media: { id: String, variants: [{ url: String }] } });
    shape(schema);
    schema.plugin(recordsMediaReferences);
    afterPlugin(schema);
    return t.app.get<Connection>(getConnectionToken()).model(name, schema);
  };
  const image = (id: string) => ({ id, variants: [{ url: `/uploads/${id}-320.webp` }] });

  it('keeps the images of a record the process died just after writing, before it recorded what the record shows', async () => {
    // The process "dies" right after each write: a post-write hook registered before the
    // plugin's never returns, so the plugin's never runs, as after a kill -9.
    const never = () => new Promise(() => undefined);
    const Dying = contentModel('DyingContent', (schema) => {
      schema.post('save', never);
      schema.post('insertMany', never);
      schema.post('updateOne', never);
    });
    const [saved, inserted, updated] = ['a', 'b', 'c'].map((digit) => digit.repeat(20));
    for (const id of [saved, inserted, updated]) await leftByACrash(id);

    void new Dying({ name: 'saved', media: image(saved) }).save();
    void Dying.insertMany([{ name: 'inserted', media: image(inserted) }]);
    const plain = await Dying.collection.insertOne({ name: 'updated' });
    void Dying.updateOne({ _id: plain.insertedId }, { $set: { media: image(updated) } }).exec();
    const shown = () =>
      Dying.collection.countDocuments({ 'media.id': { $in: [saved, inserted, updated] } });
    await waitUntil(async () => (await shown()) === 3, 5_000, 'the three writes', 20);
    expect(await shown()).toBe(3);

    // The claims of those saves have long run out; the files are hours old.
    expect(await sweep(Date.now() + 2 * HOUR)).toBe(0);
    for (const id of [saved, inserted, updated]) {
      expect(`${id} ${await stored(`${id}-320.webp`)}`).toBe(`${id} true`);
    }
  });

  it('lets go of the images a crash noted for a record it never wrote, once the note is an hour old', async () => {
    // The process "dies" between noting what the new record shows and writing it: a
    // pre-save hook registered after the plugin's never returns.
    const Unwritten = contentModel('UnwrittenContent', undefined, (schema) =>
      schema.pre('save', () => new Promise(() => undefined)),
    );
    const id = '2'.repeat(20);
    const files = await leftByACrash(id);
    void new Unwritten({ name: 'never written', media: image(id) }).save();
    const notes = Unwritten.db.collection('media_references');
    const noted = () => notes.countDocuments({ mediaIds: id });
    await waitUntil(async () => (await noted()) > 0, 5_000, 'the note', 20);
    expect(await noted()).toBe(1);
    expect(await Unwritten.countDocuments()).toBe(0);

    // Within the hour the write may still be under way: the note keeps the image.
    expect(await t.app.get(MediaService).isKept(id)).toBe(true);
    expect(await sweep(Date.now() + 2 * HOUR)).toBe(1);
    for (const name of files) expect(await stored(name)).toBe(false);
    expect(await noted()).toBe(0);
  });

  it('notes nothing for a write the database refused: its images go with the next sweep', async () => {
    const Unique = contentModel('UniqueContent', (schema) =>
      schema.index({ name: 1 }, { unique: true }),
    );
    await Unique.createIndexes();
    const [kept, saved, inserted, updated] = ['d', 'e', 'f', '1'].map((digit) => digit.repeat(20));
    for (const id of [kept, saved, inserted, updated]) await leftByACrash(id);
    await new Unique({ name: 'taken', media: image(kept) }).save();
    await Unique.collection.insertOne({ name: 'other' });

    const duplicate = /duplicate key|E11000/;
    await expect(new Unique({ name: 'taken', media: image(saved) }).save()).rejects.toThrow(
      duplicate,
    );
    await expect(Unique.insertMany([{ name: 'taken', media: image(inserted) }])).rejects.toThrow(
      duplicate,
    );
    await expect(
      Unique.updateOne({ name: 'other' }, { $set: { name: 'taken', media: image(updated) } }),
    ).rejects.toThrow(duplicate);

    expect(await sweep(Date.now() + 2 * HOUR)).toBe(3);
    expect(await stored(`${kept}-320.webp`)).toBe(true);
    for (const id of [saved, inserted, updated]) {
      expect(`${id} ${await stored(`${id}-320.webp`)}`).toBe(`${id} false`);
    }
  });

  it('lets a save that died (its claim ran out) leave no files behind', async () => {
    const id = 'fedcba9876543210fedc';
    const files = await leftByACrash(id);
    const mongoose = await import('mongoose');
    const db = mongoose.connections.find((c) => t.mongoUri.endsWith(`/${c.name}`))!.db!;
    await db
      .collection<{ _id: string; until: Date }>('media_claims')
      .insertOne({ _id: id, until: new Date(Date.now() - 1000) });
    expect(await sweep(Date.now() + 2 * HOUR)).toBe(1);
    for (const name of files) expect(await stored(name)).toBe(false);
    expect(await db.collection('media_claims').countDocuments()).toBe(0);
  });
});
