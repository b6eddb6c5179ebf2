import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { pngImage } from './support/images';
import { bearer, createTestApp, stopTestDatabase, type TestApp } from './support/test-app';

jest.setTimeout(120_000);
const root = path.resolve(__dirname, '../..');

/** `npm run media:migrate` as a user runs it, against this test's database and folder. */
async function migrate(t: TestApp): Promise<string> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [path.join(root, 'tools/media-migrate.js')],
    {
      cwd: root,
      env: { ...process.env, MONGODB_URI: t.mongoUri, DATA_DIR: t.dataDir, LOG_LEVEL: 'warn' },
    },
  );
  return stdout;
}

describe('npm run media:migrate', () => {
  let disk: TestApp;
  afterAll(async () => {
    await disk.close();
    await stopTestDatabase();
  });

  it('copies the disk uploads into GridFS, where a GridFS instance serves them, and can run again', async () => {
    disk = await createTestApp();
    const { body: product } = await disk.api
      .post('/api/product/')
      .set(bearer(disk.adminToken))
      .field('ProductName', 'Moved to the database')
      .field('ProductCategory', 'Linen')
      .attach('Userimg', await pngImage(700, 500), 'photo.png')
      .expect(201);
    const files = fs.readdirSync(path.join(disk.dataDir, 'uploads')).sort();
    expect(files).toHaveLength(product.media.variants.length);

    expect(await migrate(disk)).toContain(`Media copied: ${files.length} file(s); 0 already there`);
    expect(await migrate(disk)).toContain(`Media copied: 0 file(s); ${files.length} already there`);

    const gridfs = await createTestApp({ MEDIA_STORAGE: 'gridfs', MONGODB_URI: disk.mongoUri });
    try {
      for (const name of files) {
        const served = await gridfs.api.get(`/uploads/${name}`).buffer(true).expect(200);
        const original = fs.readFileSync(path.join(disk.dataDir, 'uploads', name));
        expect(Buffer.compare(served.body, original)).toBe(0);
      }
    } finally {
      await gridfs.close();
    }
  });
});
