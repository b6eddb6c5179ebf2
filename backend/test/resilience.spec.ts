import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { bearer, createTestApp, stopTestDatabase, type TestApp } from './support/test-app';
import {
  freePort,
  login,
  startApiProcess,
  waitUntil,
  type ApiProcess,
} from './support/api-process';

jest.setTimeout(180_000);

const root = path.resolve(__dirname, '../..');

/** A photo-like image: noise does not compress, so its variants take real space. */
function noisyImage(width: number, height: number): Promise<Buffer> {
  return sharp({
    create: {
      width,
      height,
      channels: 3,
      background: '#777',
      noise: { type: 'gaussian', mean: 128, sigma: 60 },
    },
  })
    .png()
    .toBuffer();
}

function canMountTmpfs(): boolean {
  const probe = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-mount-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=64k', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    fs.rmSync(probe, { recursive: true, force: true });
  }
}

const mountable = canMountTmpfs();
if (!mountable) {
  console.warn(
    'resilience.spec: SKIPPING the disk-full test: this machine does not let us mount a small tmpfs (needs root).',
  );
}

describe('uploads when storage fails', () => {
  let t: TestApp;
  const uploads = () => path.join(t.dataDir, 'uploads');

  beforeEach(async () => {
    t = await createTestApp();
  });
  afterEach(async () => {
    try {
      execFileSync('umount', [uploads()], { stdio: 'ignore' });
    } catch {
      // not mounted
    }
    await t.close();
  });
  afterAll(async () => {
    await stopTestDatabase();
  });

  (mountable ? it : it.skip)(
    'answers 507 when the disk is full, keeping no part of the image or the record',
    async () => {
      fs.mkdirSync(uploads(), { recursive: true });
      execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=96k', 'tmpfs', uploads()]);
      const response = await t.api
        .post('/api/product/')
        .set(bearer(t.adminToken))
        .field('ProductName', 'Too big for the disk')
        .field('ProductCategory', 'Linen')
        .attach('Userimg', await noisyImage(1600, 1200), 'big.png')
        .expect(507);
      expect(response.body).toEqual({
        statusCode: 507,
        error: 'Insufficient Storage',
        message: 'The server has no room to store this upload',
      });
      expect(fs.readdirSync(uploads())).toEqual([]);
      const list = await t.api.get('/api/product').set(bearer(t.adminToken));
      expect(list.headers['x-total-count']).toBe('0');
    },
  );

  it('answers 500 with a clear message when the upload folder cannot be written', async () => {
    fs.writeFileSync(uploads(), 'not a folder'); // mkdir and writes below it fail
    const response = await t.api
      .post('/api/product/')
      .set(bearer(t.adminToken))
      .field('ProductName', 'Nowhere to go')
      .field('ProductCategory', 'Linen')
      .attach('Userimg', await noisyImage(400, 300), 'small.png')
      .expect(500);
    expect(response.body.message).toBe('The upload could not be stored; please try again later');
    const list = await t.api.get('/api/product').set(bearer(t.adminToken));
    expect(list.headers['x-total-count']).toBe('0');
  });
});

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

describe('a MongoDB outage (MONGODB_URI)', () => {
  it('answers 503 with a clear body while the database is down, and serves again when it is back, without a restart', async () => {
    const dbPath = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-outage-db-'));
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-outage-'));
    const port = await freePort();
    const startDatabase = async (): Promise<ChildProcess> => {
      const db = spawn(
        process.execPath,
        [
          '-r',
          '@swc-node/register',
          'libs/embedded-mongo/src/cli.ts',
          '--port',
          String(port),
          '--dbpath',
          dbPath,
        ],
        {
          cwd: root,
          stdio: 'ignore',
        },
      );
      await waitUntil(
        async () =>
          new Promise<boolean>((resolve) => {
            const socket = require('node:net').connect(port, '127.0.0.1');
            socket.once('connect', () => (socket.destroy(), resolve(true)));
            socket.once('error', () => resolve(false));
          }),
        30_000,
      );
      return db;
    };
    let db = await startDatabase();
    const api = await startApiProcess({
      DATA_DIR: dataDir,
      MONGODB_URI: `mongodb://127.0.0.1:${port}/vitrine`,
    });
    try {
      const token = await login(api.url);
      expect((await fetch(`${api.url}/api/product`, { headers: bearer(token) })).status).toBe(200);

      db.kill('SIGKILL');
      await new Promise((resolve) => db.once('exit', resolve));
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

      db = await startDatabase();
      await waitUntil(
        async () =>
          (await fetch(`${api.url}/api/product`, { headers: bearer(token) })).status === 200,
        60_000,
      );
      expect((await fetch(`${api.url}/api/health`)).status).toBe(200);
    } finally {
      await api.stop();
      if (db.exitCode === null) {
        const exited = new Promise((resolve) => db.once('exit', resolve));
        db.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dbPath, { recursive: true, force: true });
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
