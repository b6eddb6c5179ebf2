import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { liveLockOwner, runningServerUri } from '@vitrine/embedded-mongo';
import { startDatabase } from '@vitrine/testing';
import { MongoClient } from 'mongodb';
import { noisyPng } from './support/images';
import { bearer } from './support/test-app';
import {
  freePort,
  login,
  startApiProcess,
  waitUntil,
  type ApiProcess,
} from './support/api-process';

jest.setTimeout(180_000);

describe('a crash of the API with its embedded database', () => {
  it('loses no acknowledged write when killed with SIGKILL mid-stream', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-crash-'));
    let api: ApiProcess | undefined = await startApiProcess({ DATA_DIR: dataDir });
    try {
      const token = await login(api.url);
      const acknowledged: { kind: 'enquiry' | 'product'; id: string }[] = [];
      let stop = false;
      const writer = async (worker: number) => {
        for (let i = 0; !stop; i++) {
          const isProduct = i % 4 === 0;
          const response = await fetch(
            `${api!.url}${isProduct ? '/api/product/' : '/api/enquiries'}`,
            {
              method: 'POST',
              headers: { 'Content-Type': 'application/json', ...(isProduct ? bearer(token) : {}) },
              body: JSON.stringify(
                isProduct
                  ? { ProductName: `Crash product ${worker}-${i}`, ProductCategory: 'Linen' }
                  : {
                      FirstName: 'Crash',
                      LastName: `Test ${worker}-${i}`,
                      Email: 'crash@example.com',
                      Message: 'Still here?',
                      source: 'contact',
                    },
              ),
            },
          ).catch(() => null);
          if (response?.status === 201)
            acknowledged.push({
              kind: isProduct ? 'product' : 'enquiry',
              id: ((await response.json()) as { _id: string })._id,
            });
        }
      };
      const writers = Array.from({ length: 8 }, (_, worker) => writer(worker));
      await waitUntil(async () => acknowledged.length >= 60, 60_000);
      api.child.kill('SIGKILL');
      stop = true;
      await Promise.all(writers);
      expect(acknowledged.length).toBeGreaterThanOrEqual(60);

      api = await startApiProcess({ DATA_DIR: dataDir });
      const after = await login(api.url);
      const missing: string[] = [];
      for (const write of acknowledged) {
        const url =
          write.kind === 'product' ? `/api/product/${write.id}` : `/api/enquiries/${write.id}`;
        const response = await fetch(`${api.url}${url}`, { headers: bearer(after) });
        if (response.status !== 200) missing.push(`${write.kind} ${write.id} → ${response.status}`);
      }
      expect(missing).toEqual([]);
    } finally {
      await api?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('image files a crash leaves behind', () => {
  it('are swept after a kill -9 in the middle of uploads, and no image a record shows goes with them', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-orphans-'));
    const uploads = path.join(dataDir, 'uploads');
    let api: ApiProcess | undefined = await startApiProcess({ DATA_DIR: dataDir });
    try {
      const token = await login(api.url);
      const image = await noisyPng(900, 600);
      let saved = 0;
      let stop = false;
      const uploader = async (worker: number) => {
        for (let i = 0; !stop; i++) {
          const form = new FormData();
          form.append('ProductName', `Crash linen ${worker}-${i}`);
          form.append('ProductCategory', 'Linen');
          form.append('Userimg', new Blob([image], { type: 'image/png' }), 'photo.png');
          const response = await fetch(`${api!.url}/api/product/`, {
            method: 'POST',
            headers: bearer(token),
            body: form,
          }).catch(() => null);
          if (response?.status === 201) saved += 1;
        }
      };
      const uploaders = Array.from({ length: 3 }, (_, worker) => uploader(worker));
      await waitUntil(async () => saved >= 4, 60_000);
      api.child.kill('SIGKILL');
      stop = true;
      await Promise.all(uploaders);

      // What the crash left, made an hour old; and beside it, one certain orphan, a file too
      // young to judge, and one that is not an image of ours.
      const write = (name: string) => fs.writeFileSync(path.join(uploads, name), image);
      write('00000000000000000001-320.webp');
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      for (const name of fs.readdirSync(uploads)) {
        fs.utimesSync(path.join(uploads, name), twoHoursAgo, twoHoursAgo);
      }
      write('00000000000000000002-320.webp');
      write('legacy-photo.jpg');

      api = await startApiProcess({ DATA_DIR: dataDir, JOB_ORPHAN_MEDIA_SWEEP_EVERY: '2s' });
      const after = await login(api.url);
      // The dead saves' claims run out in 5 minutes, and what they noted before writing
      // counts for an hour; here, the hour has passed for them too.
      const database = await MongoClient.connect(
        `${runningServerUri(path.join(dataDir, 'db'))}vitrine`,
      );
      await database
        .db()
        .collection('media_claims')
        .updateMany({}, { $set: { until: new Date(0) } });
      await database
        .db()
        .collection('media_references')
        .updateMany({}, { $set: { updatedAt: twoHoursAgo } });
      await database.close();
      const shown = async () => {
        const response = await fetch(`${api!.url}/api/product?limit=100`, {
          headers: bearer(after),
        });
        const products = (await response.json()) as { media: { id: string } | null }[];
        return new Set(products.flatMap((product) => (product.media ? [product.media.id] : [])));
      };
      const unshown = async () => {
        const ids = await shown();
        return fs
          .readdirSync(uploads)
          .filter((name) => /^[0-9a-f]{20}-\d+\.webp$/.test(name))
          .filter((name) => !ids.has(name.split('-')[0]));
      };
      // Until the sweep has run: only the young file is left of those no product shows.
      let left: string[] = [];
      await waitUntil(async () => {
        left = await unshown();
        return left.length === 1 && left[0] === '00000000000000000002-320.webp';
      }, 60_000).catch(() => {
        throw new Error(`still there: ${left.join(', ')}\n${api!.output()}`);
      });
      const ids = await shown();
      expect(ids.size).toBeGreaterThanOrEqual(4);
      for (const id of ids) {
        expect(fs.readdirSync(uploads).some((name) => name.startsWith(`${id}-`))).toBe(true);
      }
      expect(fs.existsSync(path.join(uploads, 'legacy-photo.jpg'))).toBe(true);
    } finally {
      await api?.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the API's embedded database", () => {
  it('refuses a client without its credentials, and keeps its folder (0700) and files (0600) to itself', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-closed-'));
    const api = await startApiProcess({ DATA_DIR: dataDir });
    try {
      const dbPath = path.join(dataDir, 'db');
      const owner = liveLockOwner(dbPath)!;
      expect(owner.host).toBe('127.0.0.1');
      const intruder = await MongoClient.connect(`mongodb://127.0.0.1:${owner.port}/vitrine`, {
        serverSelectionTimeoutMS: 5000,
      });
      try {
        await expect(intruder.db('vitrine').collection('users').findOne({})).rejects.toMatchObject({
          code: 13,
        });
      } finally {
        await intruder.close();
      }
      const mode = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);
      expect(mode(dbPath)).toBe('700');
      const files = fs
        .readdirSync(dbPath)
        .map((file) => `${file} ${mode(path.join(dbPath, file))}`);
      expect(files).toEqual(files.map((file) => file.replace(/\d+$/, '600')));
      expect(files).toEqual(expect.arrayContaining(['credentials.json 600', 'journal.bson 600']));
    } finally {
      await api.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a MongoDB outage (MONGODB_URI)', () => {
  it('answers 503 with a clear body while the database is down, and serves again when it is back, without a restart', async () => {
    const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-outage-db-'));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-outage-'));
    const port = await freePort();
    const startOnPort = () => startDatabase({ dbPath, port });
    let db = await startOnPort();
    // The credentials the database made at its first start outlive its crash below.
    const api = await startApiProcess({ DATA_DIR: dataDir, MONGODB_URI: `${db.uri}vitrine` });
    try {
      const token = await login(api.url);
      expect((await fetch(`${api.url}/api/product`, { headers: bearer(token) })).status).toBe(200);

      db.child.kill('SIGKILL');
      await db.stop();
      const during = await fetch(`${api.url}/api/product`, {
        headers: bearer(token),
        signal: AbortSignal.timeout(20_000),
      });
      expect(during.status).toBe(503);
      expect(await during.json()).toEqual({
        statusCode: 503,
        error: 'Service Unavailable',
        message: 'The database is not reachable; please try again shortly',
      });
      const health = await fetch(`${api.url}/api/health`);
      expect(health.status).toBe(503);

      db = await startOnPort();
      await waitUntil(
        async () =>
          (await fetch(`${api.url}/api/product`, { headers: bearer(token) })).status === 200,
        60_000,
      );
      expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
    } finally {
      await api.stop();
      await db.stop();
      fs.rmSync(dbPath, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
