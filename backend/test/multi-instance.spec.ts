/**
 * Two API processes on one database server, as a studio runs them behind a load
 * balancer: `npm run db`, then two instances started at the same moment on the empty
 * database, with media in GridFS.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { startDatabase, type DatabaseProcess } from '@vitrine/testing';
import { DEMO_GALLERY, DEMO_PRODUCTS, DEMO_REVIEWS, DEMO_SERVICES } from '../src/seed/demo-content';
import {
  ADMIN,
  holdProcessClocks,
  login,
  startApiProcess,
  waitUntil,
  type ApiProcess,
} from './support/api-process';
import { noisyPng } from './support/images';

jest.setTimeout(300_000);
const PERIOD_MS = 500;

const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** How long until `check` holds, polled every 20 ms; fails past `limitMs`. */
async function elapsedUntil(
  what: string,
  check: () => Promise<boolean>,
  limitMs: number,
): Promise<number> {
  const started = Date.now();
  await waitUntil(check, limitMs, what, 20);
  return Date.now() - started;
}

function multipart(fields: Record<string, string>, file: Buffer) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('Userimg', new Blob([file], { type: 'image/png' }), 'photo.png');
  return form;
}

describe('two API instances on one database', () => {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-two-'));
  let database: DatabaseProcess;
  let client: MongoClient;
  let db: Db;
  let a: ApiProcess;
  let b: ApiProcess;
  let tokenA: string;
  /** Each instance's first sign-in, sent as soon as it answered (as bench:api does). */
  let firstSignIns: { status: number; token?: string }[];

  beforeAll(async () => {
    database = await startDatabase({ dbPath: path.join(folder, 'db') });
    const uri = `${database.uri}vitrine`;
    const env = (name: string) => ({
      MONGODB_URI: uri,
      DATA_DIR: path.join(folder, name),
      MEDIA_STORAGE: 'gridfs',
      SEED_DEMO: 'true',
      ENQUIRY_RATE_LIMIT: '4',
      UPLOAD_MAX_MB: '40',
      JOB_ENQUIRY_NOTIFICATION_SWEEP_EVERY: `${PERIOD_MS}ms`,
      JOB_RICH_TEXT_IMAGE_COLLECT_EVERY: `${PERIOD_MS}ms`,
    });
    const signIn = async (api: ApiProcess) => {
      const response = await fetch(`${api.url}/api/user/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ADMIN),
      });
      return { status: response.status, ...((await response.json()) as { token?: string }) };
    };
    const started = await Promise.all(
      ['a', 'b'].map(async (name) => {
        const api = await startApiProcess(env(name), 240_000, { heldClock: true });
        return { api, signedIn: await signIn(api) };
      }),
    );
    [a, b] = started.map(({ api }) => api);
    firstSignIns = started.map(({ signedIn }) => signedIn);
    tokenA = firstSignIns[0].token ?? (await login(a.url));
    client = await MongoClient.connect(uri);
    db = client.db();
  });
  afterAll(async () => {
    await client?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.stop();
    fs.rmSync(folder, { recursive: true, force: true });
  });

  it("accepts the administrator's sign-in on each as soon as it answers", async () => {
    expect(firstSignIns.map(({ status }) => status)).toEqual([200, 200]);
    for (const [i, api] of [a, b].entries()) {
      const account = await fetch(`${api.url}/api/account`, {
        headers: bearer(firstSignIns[i].token!),
      });
      expect(account.status).toBe(200);
    }
  });

  it('creates one administrator and one copy of the demo content', async () => {
    expect(await db.collection('users').countDocuments()).toBe(1);
    const products = Object.values(DEMO_PRODUCTS).flat().length;
    expect(await db.collection('products').countDocuments()).toBe(products);
    expect(await db.collection('services').countDocuments()).toBe(DEMO_SERVICES.length);
    expect(await db.collection('reviews').countDocuments()).toBe(DEMO_REVIEWS.length);
    expect(await db.collection('gallery').countDocuments()).toBe(DEMO_GALLERY.length);
    expect(await db.collection('settings').countDocuments()).toBe(1);
    // No image stored twice, none stored for nothing.
    const names = await db.collection('media.files').distinct('filename');
    expect(await db.collection('media.files').countDocuments()).toBe(names.length);
    const referenced = await db
      .collection('media_references')
      .aggregate([{ $unwind: '$mediaIds' }, { $group: { _id: '$mediaIds' } }])
      .toArray();
    const stored = new Set(names.map((name: string) => name.split('-')[0]));
    expect(stored.size).toBe(referenced.length);
  });

  it("shows a product created through A in B's anonymous list within a second, B's cache primed", async () => {
    const list = () => fetch(`${b.url}/api/product?limit=100`);
    const primed = await list();
    expect((await list()).headers.get('etag')).toBe(primed.headers.get('etag'));
    const created = await fetch(`${a.url}/api/product/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...bearer(tokenA) },
      body: JSON.stringify({ ProductName: 'Made on A', ProductCategory: 'Linen' }),
    });
    expect(created.status).toBe(201);
    const elapsed = await elapsedUntil(
      'the product made on A, listed by B',
      async () => {
        const names = ((await (await list()).json()) as { ProductName: string }[]).map(
          (p) => p.ProductName,
        );
        return names.includes('Made on A');
      },
      1000,
    );
    expect(elapsed).toBeLessThanOrEqual(1000);
  });

  it('serves an image uploaded through A byte-identical from B', async () => {
    const created = await fetch(`${a.url}/api/product/`, {
      method: 'POST',
      headers: bearer(tokenA),
      body: multipart(
        { ProductName: 'Pictured on A', ProductCategory: 'Linen' },
        await noisyPng(800, 600),
      ),
    });
    expect(created.status).toBe(201);
    const { media } = (await created.json()) as { media: { variants: { url: string }[] } };
    for (const { url } of media.variants) {
      const [fromA, fromB] = await Promise.all(
        [a, b].map(async (api) => {
          const response = await fetch(`${api.url}${url}`);
          expect(response.status).toBe(200);
          return Buffer.from(await response.arrayBuffer());
        }),
      );
      expect(fromB.length).toBeGreaterThan(0);
      expect(Buffer.compare(fromA, fromB)).toBe(0);
    }
  });

  it('answers 404 on A within a second of a delete through B, A having cached the product', async () => {
    const tokenB = await login(b.url);
    const created = await fetch(`${a.url}/api/product/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...bearer(tokenA) },
      body: JSON.stringify({ ProductName: 'Deleted on B', ProductCategory: 'Linen' }),
    });
    const { _id } = (await created.json()) as { _id: string };
    const one = () => fetch(`${a.url}/api/product/${_id}`);
    expect((await one()).status).toBe(200);
    expect((await one()).status).toBe(200);
    const deleted = await fetch(`${b.url}/api/product/${_id}`, {
      method: 'DELETE',
      headers: bearer(tokenB),
    });
    expect(deleted.status).toBe(204);
    const gone = async () => (await one()).status === 404;
    expect(await elapsedUntil('the deleted product gone from A', gone, 1000)).toBeLessThanOrEqual(
      1000,
    );
  });

  it('holds sign-ins on both after ten failed ones spread over A and B', async () => {
    const user = {
      FirstName: 'Lock',
      LastName: 'Test',
      UserName: 'locktest',
      Email: 'locktest@example.com',
      Number: '+91 98765 43210',
      Password: 'the-right-password',
      isAdmin: false,
    };
    const made = await fetch(`${a.url}/api/user`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...bearer(tokenA) },
      body: JSON.stringify(user),
    });
    expect(made.status).toBe(201);
    const signIn = (api: ApiProcess, Password: string) =>
      fetch(`${api.url}/api/user/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ UserName: user.UserName, Password }),
      });
    // Sign-in throttling (per name and address) lets five wrong guesses through, then holds
    // the address: counted together over both instances, the sixth is held on either. The
    // first wait is 2 s: both clocks are held, so that it lasts however slow the machine.
    await holdProcessClocks([a, b], new Date());
    try {
      const statuses = [];
      for (let i = 0; i < 10; i++)
        statuses.push((await signIn(i % 2 ? b : a, 'a-wrong-password')).status);
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429, 429, 429]);
      expect((await signIn(a, user.Password)).status).toBe(429);
      expect((await signIn(b, user.Password)).status).toBe(429);
    } finally {
      await holdProcessClocks([a, b], undefined);
    }
  });

  it('counts the enquiries of one address to A and B against one limit', async () => {
    const send = (api: ApiProcess) =>
      fetch(`${api.url}/api/enquiries`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ Name: 'Ravi', Contact: '98765 43210', Email: '', Message: '' }),
      });
    const statuses = [];
    for (const api of [a, b, a, b, a, b]) statuses.push((await send(api)).status);
    expect(statuses).toEqual([201, 201, 201, 201, 429, 429]);
  });

  it('runs each periodic job once per period across both', async () => {
    const jobs = ['enquiry-notification-sweep', 'rich-text-image-collect'];
    const runs = async (name: string) =>
      ((await db.collection('leases').findOne({ _id: `job:${name}` as never }))?.runs ??
        []) as unknown[];
    await waitUntil(
      async () => (await Promise.all(jobs.map(runs))).every((done) => done.length >= 5),
      30_000,
      'five runs of each fast job',
    );
    for (const name of jobs) {
      const lease = await db.collection('leases').findOne({ _id: `job:${name}` as never });
      const periods = (lease?.runs as { period: number }[]).map((run) => run.period);
      expect(periods.length).toBeGreaterThanOrEqual(5);
      expect(new Set(periods).size).toBe(periods.length);
    }
  });

  it('leaves nothing half-written to fetch when A is killed in the middle of an upload, and B keeps serving', async () => {
    const image = await noisyPng(3000, 2000);
    const before = new Set(await db.collection('media.files').distinct('filename'));
    const upload = fetch(`${a.url}/api/product/`, {
      method: 'POST',
      headers: bearer(tokenA),
      body: multipart({ ProductName: 'Cut short', ProductCategory: 'Linen' }, image),
    }).catch((error: unknown) => error);
    // Kill A as soon as the first of the image's variants is stored, before the others.
    let id = '';
    await waitUntil(async () => {
      const names: string[] = await db.collection('media.files').distinct('filename');
      const added = names.find((name) => !before.has(name));
      if (added) id = added.split('-')[0];
      return Boolean(added);
    }, 120_000);
    a.child.kill('SIGKILL');
    // The client sees the connection drop (fetch's TypeError, from Node's realm).
    expect((await upload) as { name?: string }).toMatchObject({ name: 'TypeError' });

    const files = await db
      .collection('media.files')
      .find({ filename: new RegExp(`^${id}-`) })
      .toArray();
    // Killed part-way: some of the six variants stored, not all.
    expect(files.length).toBeGreaterThan(0);
    expect(files.length).toBeLessThan(6);
    // Every described file is whole, and B serves it whole.
    for (const file of files) {
      const chunks = await db.collection('media.chunks').find({ files_id: file._id }).toArray();
      const stored = chunks.reduce((sum, chunk) => sum + chunk.data.length(), 0);
      expect(stored).toBe(file.length);
      const served = await fetch(`${b.url}/uploads/${file.filename}`);
      expect(served.status).toBe(200);
      expect((await served.arrayBuffer()).byteLength).toBe(file.length);
    }
    // Variants not written whole are nowhere to be fetched.
    const written = new Set(files.map((file) => file.filename));
    for (const width of [72, 144, 320, 640, 1280, 1920]) {
      const name = `${id}-${width}.webp`;
      if (!written.has(name)) expect((await fetch(`${b.url}/uploads/${name}`)).status).toBe(404);
    }
    // The product was never saved, and B goes on serving and accepting writes.
    const list = (await (await fetch(`${b.url}/api/product?limit=100&q=Cut`)).json()) as unknown[];
    expect(list).toEqual([]);
    expect((await fetch(`${b.url}/api/health`)).status).toBe(200);
    const tokenB = await login(b.url);
    const after = await fetch(`${b.url}/api/product/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...bearer(tokenB) },
      body: JSON.stringify({ ProductName: 'After the crash', ProductCategory: 'Linen' }),
    });
    expect(after.status).toBe(201);
  });
});
