import mongoose from 'mongoose';
import { EDITOR_UPLOAD_GRACE_MS, EditorImagesService } from '../src/media/editor-images.service';
import { jpegImage } from './support/images';
import {
  bearer,
  createTestApp,
  freshDatabaseUri,
  stopTestDatabase,
  type TestApp,
} from './support/test-app';

const dbOf = (t: TestApp) =>
  mongoose.connections.find((c) => t.mongoUri.endsWith(`/${c.name}`))!.db!;

describe('start-up, once for the database', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(() => stopTestDatabase());

  it('creates one administrator when two instances start on an empty database at the same moment', async () => {
    const uri = await freshDatabaseUri();
    apps.push(
      ...(await Promise.all([
        createTestApp({ MONGODB_URI: uri }),
        createTestApp({ MONGODB_URI: uri }),
      ])),
    );
    const db = dbOf(apps[0]);
    expect(await db.collection('users').countDocuments()).toBe(1);
    const startup = await db.collection('leases').findOne({ _id: 'startup' as never });
    expect(startup).toMatchObject({
      holder: null,
      tasks: { 'media-references': 'done', 'demo-content': 'done' },
    });
    // Both instances serve, each with the one administrator.
    for (const app of apps) await app.api.get('/api/user').set(bearer(app.adminToken)).expect(200);
  });

  it('takes over from an instance that died while starting up, once its lease runs out', async () => {
    const uri = await freshDatabaseUri();
    const first = await createTestApp({ MONGODB_URI: uri });
    apps.push(first);
    const db = dbOf(first);
    await db.collection('users').deleteMany({});
    // An instance took the lease and died: nobody renews it.
    await db
      .collection('leases')
      .updateOne(
        { _id: 'startup' as never },
        { $set: { holder: 'dead-instance', until: new Date(Date.now() + 1500) } },
      );
    const started = Date.now();
    apps.push(await createTestApp({ MONGODB_URI: uri }));
    expect(Date.now() - started).toBeGreaterThanOrEqual(1400);
    expect(await db.collection('users').countDocuments()).toBe(1);
  });

  it('records the images older content mentions, once, so that collecting keeps them', async () => {
    const uri = await freshDatabaseUri();
    // GridFS: the instances share their files, as they would in production.
    const before = await createTestApp({ MONGODB_URI: uri, MEDIA_STORAGE: 'gridfs' });
    apps.push(before);
    const { body: image } = await before.api
      .post('/api/media')
      .set(bearer(before.adminToken))
      .attach('file', await jpegImage(400, 300), 'detail.jpg')
      .expect(201);
    const db = dbOf(before);
    // Content written by a version that did not record references, and no record of them.
    await db.collection('products').insertOne({
      ProductName: 'Written long ago',
      ProductCategory: 'Linen',
      ProductDescription: `<img src="${image.variants[0].url}">`,
      slug: 'written-long-ago',
      published: true,
    });
    await db.collection('media_references').deleteMany({});
    await db
      .collection('leases')
      .updateOne({ _id: 'startup' as never }, { $unset: { 'tasks.media-references': '' } });

    const after = await createTestApp({ MONGODB_URI: uri, MEDIA_STORAGE: 'gridfs' });
    apps.push(after);
    const dayLater = Date.now() + EDITOR_UPLOAD_GRACE_MS + 60_000;
    expect(await after.app.get(EditorImagesService).collect(dayLater)).toBe(0);
    await after.api.get(image.variants[0].url).expect(200);
  });
});
