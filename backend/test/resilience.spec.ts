import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { liveLockOwner, runningServerUri } from '@vitrine/embedded-mongo';
import { startDatabase } from '@vitrine/testing';
import { MongoClient } from 'mongodb';
import { noisyPng } from './support/images';
import { bearer, createTestApp, stopTestDatabase, type TestApp } from './support/test-app';
import {
  freePort,
  login,
  startApiProcess,
  waitUntil,
  type ApiProcess,
} from './support/api-process';

jest.setTimeout(180_000);

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
        .attach('Userimg', await noisyPng(1600, 1200), 'big.png')
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
      .attach('Userimg', await noisyPng(400, 300), 'small.png')
      .expect(500);
    expect(response.body.message).toBe('The upload could not be stored; please try again later');
    const list = await t.api.get('/api/product').set(bearer(t.adminToken));
    expect(list.headers['x-total-count']).toBe('0');
  });
});

describe('the HTTP server limits', () => {
  let t: TestApp;
  let port: number;

  /** A raw connection: what it received, and when it was closed. */
  const connect = () =>
    new Promise<{ socket: net.Socket; received: () => string; closed: Promise<number> }>(
      (resolve, reject) => {
        let received = '';
        const started = Date.now();
        const socket = net.connect(port, '127.0.0.1', () =>
          resolve({
            socket,
            received: () => received,
            closed: new Promise((done) => socket.once('close', () => done(Date.now() - started))),
          }),
        );
        socket.on('data', (chunk) => (received += chunk.toString()));
        socket.on('error', () => undefined);
        socket.once('error', reject);
      },
    );
  const health = async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status;

  afterEach(async () => {
    await t.close();
  });
  afterAll(async () => {
    await stopTestDatabase();
  });

  const listen = async (env: Record<string, string>) => {
    t = await createTestApp(env);
    await t.app.listen(0, '127.0.0.1');
    port = (t.app.getHttpServer().address() as net.AddressInfo).port;
  };

  it('cuts off a client that trickles its headers or its body in, and serves the others', async () => {
    await listen({ SERVER_HEADERS_TIMEOUT_MS: '1000', SERVER_REQUEST_TIMEOUT_MS: '2000' });
    const headers = await connect();
    headers.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    const body = await connect();
    body.socket.write(
      'POST /api/enquiries HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 200\r\n\r\n{"Message":',
    );
    expect(await health()).toBe(200);
    expect(await headers.closed).toBeLessThan(15_000);
    expect(headers.received()).toMatch(/^HTTP\/1\.1 408/);
    expect(await body.closed).toBeLessThan(15_000);
    expect(body.received()).toMatch(/^HTTP\/1\.1 408/);
  });

  it('closes kept-alive connections left idle', async () => {
    await listen({ SERVER_KEEP_ALIVE_TIMEOUT_MS: '500' });
    const client = await connect();
    client.socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\n\r\n');
    expect(await client.closed).toBeLessThan(10_000);
    expect(client.received()).toMatch(/^HTTP\/1\.1 200/);
  });

  it('keeps answering while clients send bodies nested 5,000 deep, all at once', async () => {
    // Found by hand (issue 16): such bodies, sent concurrently, took /api/health to 503.
    await listen({});
    const deep = `{"Name":"x","website":${'['.repeat(5_000)}${']'.repeat(5_000)}}`;
    const post = () =>
      fetch(`http://127.0.0.1:${port}/api/enquiries`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: deep,
      }).then((response) => response.status);
    const [statuses, healthy] = await Promise.all([
      Promise.all(Array.from({ length: 40 }, post)),
      health(),
    ]);
    expect(new Set(statuses)).toEqual(new Set([400]));
    expect(healthy).toBe(200);
  });

  it('refuses connections beyond SERVER_MAX_CONNECTIONS, and serves again once they close', async () => {
    await listen({ SERVER_MAX_CONNECTIONS: '6' });
    const held = await Promise.all(Array.from({ length: 6 }, connect));
    const extra = await connect();
    await extra.closed;
    expect(extra.received()).toBe('');
    for (const connection of held) connection.socket.destroy();
    await Promise.all(held.map((connection) => connection.closed));
    await waitUntil(async () => (await health().catch(() => 0)) === 200, 5000);
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
