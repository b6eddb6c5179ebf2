import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import express from 'express';
import mongoose from 'mongoose';
import request from 'supertest';
import { waitUntil } from '@vitrine/testing';
import { MediaCache } from '../src/media/media-cache';
import { GridFsStorage, MEDIA_BUCKET } from '../src/media/storage/gridfs.storage';
import { plantedFiles, pngImage } from './support/images';
import { bearer, createTestApp, stopTestDatabase, type TestApp } from './support/test-app';

const gridfs = { MEDIA_STORAGE: 'gridfs', MEDIA_CACHE_RECHECK_MS: '300' };

function storageOf(t: TestApp): GridFsStorage {
  const connection = mongoose.connections.find((c) => t.mongoUri.endsWith(`/${c.name}`))!;
  return new GridFsStorage(connection.db!);
}

async function createProduct(t: TestApp, name: string, color = '#3b5ba5') {
  const { body } = await t.api
    .post('/api/product/')
    .set(bearer(t.adminToken))
    .field('ProductName', name)
    .field('ProductCategory', 'Linen')
    .attach('Userimg', await pngImage(900, 600, color), 'photo.png')
    .expect(201);
  return body as { _id: string; ProductImage: string; media: { variants: { url: string }[] } };
}

describe('uploads in GridFS (MEDIA_STORAGE=gridfs)', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await createTestApp(gridfs);
    b = await createTestApp({ ...gridfs, MONGODB_URI: a.mongoUri });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
    await stopTestDatabase();
  });

  it('stores every variant in GridFS, none on the instance disk', async () => {
    const product = await createProduct(a, 'Stored in the database');
    const names = product.media.variants.map((variant) => variant.url.split('/').pop()!);
    const storage = storageOf(a);
    for (const name of names) expect(await storage.stat(name)).not.toBeNull();
    expect(fs.existsSync(path.join(a.dataDir, 'uploads'))).toBe(false);
  });

  it('serves a file uploaded through one instance, byte-identical, from the other, with the same headers', async () => {
    const { ProductImage } = await createProduct(a, 'Seen everywhere');
    const stored = await storageOf(a).read(ProductImage);
    const fromA = await a.api.get(`/uploads/${ProductImage}`).buffer(true).expect(200);
    const fromB = await b.api.get(`/uploads/${ProductImage}`).buffer(true).expect(200);
    for (const served of [fromA, fromB]) {
      expect(Buffer.compare(served.body, stored)).toBe(0);
      expect(served.headers['content-type']).toBe('image/webp');
      expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
      expect(served.headers['accept-ranges']).toBe('bytes');
    }
    // The stored time is every copy's modification time, so validators agree.
    expect(fromB.headers.etag).toBe(fromA.headers.etag);
    expect(fromB.headers['last-modified']).toBe(fromA.headers['last-modified']);
    await b.api
      .get(`/uploads/${ProductImage}`)
      .set('If-None-Match', fromA.headers.etag)
      .expect(304);
  });

  it('serves images used again from memory, with exactly the bytes and headers of the static server', async () => {
    const { ProductImage } = await createProduct(a, 'Held in memory');
    const url = `/uploads/${ProductImage}`;
    const cache = b.app.get(MediaCache);
    const heldBefore = cache.memorySize;
    const first = await b.api.get(url).buffer(true).expect(200);
    await waitUntil(async () => cache.memorySize > heldBefore, 2000, 'the image held', 50);
    // The static server still answers what memory does not: validators, ranges.
    const fromDisk = await b.api.get(url).set('If-None-Match', '"other"').buffer(true).expect(200);
    await b.api.get(url).set('If-None-Match', first.headers.etag).expect(304);
    // With the disk copy gone behind the cache's back, only memory can answer.
    fs.rmSync(path.join(b.dataDir, 'media-cache', ProductImage));
    const fromMemory = await b.api.get(url).buffer(true).expect(200);
    const head = await b.api.head(url).expect(200);
    const headers = (response: typeof first) => ({ ...response.headers, date: undefined });
    for (const served of [fromDisk, fromMemory]) {
      expect(Buffer.compare(served.body, first.body)).toBe(0);
      expect(headers(served)).toEqual(headers(first));
    }
    expect(headers(head)).toEqual(headers(first));
    expect(fromMemory.headers['x-content-type-options']).toBe('nosniff');
    expect(fromMemory.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
  });

  it('makes an on-demand 960 px variant into GridFS, where every instance serves it', async () => {
    const { body } = await a.api
      .post('/api/product/')
      .set(bearer(a.adminToken))
      .field('ProductName', 'Phone-sized in the database')
      .field('ProductCategory', 'Linen')
      .attach('Userimg', await pngImage(1500, 1000), 'photo.png')
      .expect(201);
    const name = `${body.media.id}-960.webp`;
    expect(await storageOf(a).stat(name)).toBeNull();
    const fromB = await b.api.get(`/uploads/${name}`).buffer(true).expect(200);
    expect(Buffer.compare(fromB.body, await storageOf(a).read(name))).toBe(0);
    const fromA = await a.api.get(`/uploads/${name}`).buffer(true).expect(200);
    expect(Buffer.compare(fromA.body, fromB.body)).toBe(0);
    expect(fromA.headers['content-type']).toBe('image/webp');
  });

  it('answers a byte range with 206 and exactly those bytes', async () => {
    const { ProductImage } = await createProduct(a, 'Ranged');
    const stored = await storageOf(a).read(ProductImage);
    const part = await b.api
      .get(`/uploads/${ProductImage}`)
      .set('Range', 'bytes=10-99')
      .buffer(true)
      .expect(206);
    expect(part.headers['content-range']).toBe(`bytes 10-99/${stored.length}`);
    expect(Buffer.compare(part.body, stored.subarray(10, 100))).toBe(0);
  });

  it('answers 404 for a file that does not exist, and for paths that leave the folder', async () => {
    await b.api.get('/uploads/0123456789abcdef0123-640.webp').expect(404);
    await b.api.get('/uploads/').expect(404);
    // Not a media name: refused before the static server looks (it answered 403).
    await b.api.get('/uploads/..%2f..%2fetc%2fpasswd').expect(404);
  });

  it('answers 404 for anything but an image, even when GridFS or the cache folder holds one', async () => {
    const connection = mongoose.connections.find((c) => a.mongoUri.endsWith(`/${c.name}`))!;
    const bucket = new mongoose.mongo.GridFSBucket(connection.db!, { bucketName: MEDIA_BUCKET });
    for (const [name, text] of Object.entries(plantedFiles)) {
      await pipeline(Readable.from([Buffer.from(text)]), bucket.openUploadStream(name));
      fs.writeFileSync(path.join(b.dataDir, 'media-cache', `cached-${name}`), text);
      for (const api of [a.api, b.api]) {
        const answer = await api.get(`/uploads/${name}`).expect(404);
        expect(answer.text).not.toContain(text);
        await api.get(`/uploads/cached-${name}`).expect(404);
      }
    }
  });

  it('stops serving deleted images: at once where deleted, after a recheck elsewhere', async () => {
    const product = await createProduct(a, 'Soon gone', '#aa3355');
    const url = `/uploads/${product.ProductImage}`;
    await a.api.get(url).expect(200);
    await b.api.get(url).expect(200);
    const auth = bearer(b.adminToken);
    await b.api.delete(`/api/product/${product._id}`).set(auth).expect(204);
    // In the trash the image stays; deleted for good, it goes.
    await b.api.get(url).expect(200);
    const trash = await b.api.get('/api/trash?type=product').set(auth).expect(200);
    const entry = trash.body.find((e: { itemId: string }) => e.itemId === product._id);
    await b.api.delete(`/api/trash/${entry._id}`).set(auth).expect(204);
    await b.api.get(url).expect(404);
    await waitUntil(async () => (await a.api.get(url)).status === 404, 2000, 'A refusing it', 50);
  });
});

describe('the per-instance media cache', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(gridfs);
  });
  afterAll(async () => {
    await t.close();
    await stopTestDatabase();
  });

  it('stays within its size, dropping the least recently used copies, and serves evicted files again', async () => {
    const storage = storageOf(t);
    const names = ['c1-72.webp', 'c2-72.webp', 'c3-72.webp', 'c4-72.webp'];
    for (const [index, name] of names.entries()) {
      await storage.write(name, Buffer.alloc(100_000, index + 1));
    }
    const dir = path.join(t.dataDir, 'bounded-cache');
    const cache = new MediaCache(storage, { dir, maxBytes: 250_000 });
    await cache.open();
    const onDisk = () =>
      fs
        .readdirSync(dir)
        .map((name) => fs.statSync(path.join(dir, name)).size)
        .reduce((sum, size) => sum + size, 0);

    await cache.ensure('c1-72.webp');
    await cache.ensure('c2-72.webp');
    await cache.ensure('c1-72.webp'); // c1 is now more recent than c2
    await cache.ensure('c3-72.webp');
    expect(fs.readdirSync(dir).sort()).toEqual(['c1-72.webp', 'c3-72.webp']);
    await cache.ensure('c4-72.webp');
    expect(fs.readdirSync(dir).sort()).toEqual(['c3-72.webp', 'c4-72.webp']);
    expect(onDisk()).toBeLessThanOrEqual(250_000);
    expect(cache.size).toBe(onDisk());

    await cache.ensure('c1-72.webp');
    expect(fs.readFileSync(path.join(dir, 'c1-72.webp')).equals(Buffer.alloc(100_000, 1))).toBe(
      true,
    );
  });

  it('serves a file larger than the whole cache from its copy, and keeps it no longer than the next copy', async () => {
    const storage = storageOf(t);
    await storage.write('huge-1920.webp', Buffer.alloc(300_000, 5));
    await storage.write('small-72.webp', Buffer.alloc(10_000, 6));
    const dir = path.join(t.dataDir, 'small-cache');
    const cache = new MediaCache(storage, { dir, maxBytes: 100_000 });
    await cache.open();
    await cache.ensure('huge-1920.webp');
    expect(fs.readFileSync(path.join(dir, 'huge-1920.webp')).length).toBe(300_000);
    await cache.ensure('small-72.webp');
    expect(fs.readdirSync(dir)).toEqual(['small-72.webp']);
    expect(cache.size).toBe(10_000);
  });

  it('holds the most recently used images in memory within its bound, and serves them from there', async () => {
    const storage = storageOf(t);
    const names = ['m1-640.webp', 'm2-640.webp', 'm3-640.webp'];
    for (const [index, name] of names.entries()) {
      await storage.write(name, Buffer.alloc(100_000, index + 1));
    }
    const dir = path.join(t.dataDir, 'memory-cache');
    const cache = new MediaCache(storage, { dir, maxBytes: 10_000_000, memoryMaxBytes: 250_000 });
    await cache.open();
    const site = request(express().use(cache.prepare, express.static(dir)));
    for (const name of names) {
      await site.get(`/${name}`).expect(200);
      await site.get(`/${name}`).expect(200);
      await waitUntil(async () => cache.holds(name), 2000, `${name} held`, 50);
    }
    expect(names.map((name) => cache.holds(name))).toEqual([false, true, true]);
    expect(cache.memorySize).toBe(200_000);
    // With every disk copy gone behind its back, the held ones are still served whole.
    for (const name of names) fs.rmSync(path.join(dir, name));
    const served = await site.get('/m3-640.webp').buffer(true).expect(200);
    expect(Buffer.compare(served.body, Buffer.alloc(100_000, 3))).toBe(0);
    await site.get('/m1-640.webp').expect(404);
  });

  it('copies a file once however many ask for it at the same moment', async () => {
    const storage = storageOf(t);
    await storage.write('busy-640.webp', Buffer.alloc(300_000, 7));
    const opened = jest.spyOn(storage, 'open');
    const cache = new MediaCache(storage, {
      dir: path.join(t.dataDir, 'busy-cache'),
      maxBytes: 10_000_000,
    });
    await cache.open();
    await Promise.all(Array.from({ length: 10 }, () => cache.ensure('busy-640.webp')));
    expect(opened).toHaveBeenCalledTimes(1);
  });
});
