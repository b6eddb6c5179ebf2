import { ServiceUnavailableException } from '@nestjs/common';
import { PublicCacheStore } from '../src/cache/public-cache.store';
import { Clock } from '../src/common/clock/clock';
import { AccessGuard } from '../src/common/guards/access.guard';
import { ProductsService } from '../src/products/products.service';
import { bearer, useTestApp } from './support/test-app';

const names = (body: { ProductName: string }[]) => body.map((p) => p.ProductName);
/** The public cache's PUBLIC_CACHE_TTL_MS in these tests. */
const TTL_MS = 10 * 60_000;

/**
 * Resolves once `count` requests have found a computation under way in `store` and wait
 * for it: a slow query mocked to await this is still running when every one has arrived.
 */
function waiting(store: PublicCacheStore, count: number): Promise<void> {
  const flight = store.flight.bind(store);
  let found = 0;
  return new Promise((resolve) => {
    jest.spyOn(store, 'flight').mockImplementation((key) => {
      const under = flight(key);
      if (under && ++found === count) resolve();
      return under;
    });
  });
}

describe('public answers: ETag, Cache-Control and invalidation', () => {
  let auth: Record<string, string>;

  const t = useTestApp({ PUBLIC_CACHE_TTL_MS: String(TTL_MS) });
  beforeAll(async () => {
    auth = bearer(t.adminToken);
    await t.api
      .post('/api/product/')
      .set(auth)
      .send({ ProductName: 'First linen', ProductCategory: 'Linen' })
      .expect(201);
  });
  afterEach(() => jest.restoreAllMocks());

  it('sends an ETag with no-cache, so every load revalidates, and answers 304 to a matching If-None-Match', async () => {
    const first = await t.api.get('/api/product').expect(200);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(first.headers['content-type']).toMatch(/^application\/json/);
    expect(first.headers['x-total-count']).toBe('1');

    const again = await t.api.get('/api/product').expect(200);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('no-cache');
    expect(again.body).toEqual(first.body);
    expect(again.headers['x-total-count']).toBe('1');

    const unchanged = await t.api
      .get('/api/product')
      .set('If-None-Match', first.headers.etag)
      .expect(304);
    expect(unchanged.headers.etag).toBe(first.headers.etag);
    await t.api.get('/api/settings').expect(200).expect('Cache-Control', 'no-cache');
  });

  it('shows a write to visitors at once: the cached list is dropped', async () => {
    const before = await t.api.get('/api/product').expect(200);
    await t.api
      .post('/api/product/')
      .set(auth)
      .send({ ProductName: 'Second linen', ProductCategory: 'Linen' })
      .expect(201);
    const after = await t.api
      .get('/api/product')
      .set('If-None-Match', before.headers.etag)
      .expect(200);
    expect(after.headers.etag).not.toBe(before.headers.etag);
    expect(names(after.body)).toContain('Second linen');
    expect(after.headers['x-total-count']).toBe('2');
  });

  it('shows a write sent to a case-changed path (PUT /API/PRODUCT/{id}) at the next anonymous read', async () => {
    const { body: product } = await t.api
      .post('/api/product/')
      .set(auth)
      .send({ ProductName: 'Case linen', ProductCategory: 'Linen' })
      .expect(201);
    const single = `/api/product/${product._id}`;
    // Both spellings are cached before the write.
    expect((await t.api.get(single).expect(200)).body.ProductHeading).toBe('');
    expect((await t.api.get(single.toUpperCase()).expect(200)).body.ProductName).toBe('Case linen');
    await t.api.get('/api/product').expect(200);

    await t.api
      .put(`/API/PRODUCT/${product._id}`)
      .set(auth)
      .send({ ProductHeading: 'Renamed through capitals' })
      .expect(200);

    expect((await t.api.get(single).expect(200)).body.ProductHeading).toBe(
      'Renamed through capitals',
    );
    expect((await t.api.get(single.toUpperCase()).expect(200)).body.ProductHeading).toBe(
      'Renamed through capitals',
    );
    const list = await t.api.get('/api/product').expect(200);
    expect(list.body.find((p: { _id: string }) => p._id === product._id).ProductHeading).toBe(
      'Renamed through capitals',
    );
  });

  it("answers every public route's next visitor from the cache, before routing", async () => {
    const [product] = (await t.api.get('/api/product').expect(200)).body;
    const urls = [
      '/api/product?limit=5',
      `/api/product/${product._id}`,
      `/api/product/singleproject/${product.slug}`,
      '/api/product/getcategory',
      '/api/service',
      '/api/service/getcategory',
      '/api/reviews',
      '/api/gallery',
      '/api/settings',
    ];
    const routed = jest.spyOn(AccessGuard.prototype, 'canActivate');
    const first = [];
    for (const url of urls) first.push(await t.api.get(url).expect(200));
    expect(routed).toHaveBeenCalledTimes(urls.length);
    for (const [index, url] of urls.entries()) {
      const again = await t.api.get(url).expect(200);
      expect(again.headers.etag).toBe(first[index].headers.etag);
      expect(again.text).toBe(first[index].text);
    }
    expect(routed).toHaveBeenCalledTimes(urls.length);
    // An unmarked route's answers are never kept.
    await t.api.get('/api/health').expect(200);
    await t.api.get('/api/health').expect(200);
    expect(routed).toHaveBeenCalledTimes(urls.length + 2);
  });

  it('computes concurrent misses for one URL once, and gives every asker the same answer', async () => {
    const products = t.app.get(ProductsService);
    const list = products.list.bind(products);
    const othersWaiting = waiting(t.app.get(PublicCacheStore), 7);
    const calls = jest.spyOn(products, 'list').mockImplementation(async (...args) => {
      // A slow query: it ends once every other request below waits for it.
      await othersWaiting;
      return list(...args);
    });
    const url = '/api/product?sort=ProductName';
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.api.get(url)));
    expect(answers.map((answer) => answer.status)).toEqual(Array(8).fill(200));
    expect(calls).toHaveBeenCalledTimes(1);
    expect(new Set(answers.map((answer) => answer.headers.etag)).size).toBe(1);
    for (const answer of answers) {
      expect(answer.body).toEqual(answers[0].body);
      expect(answer.headers['x-total-count']).toBe(answers[0].headers['x-total-count']);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
  });

  it('answers visitors who arrive while the answer is computed from that computation, before routing', async () => {
    const products = t.app.get(ProductsService);
    const list = products.list.bind(products);
    let started!: () => void;
    const computing = new Promise<void>((resolve) => (started = resolve));
    const joinersWaiting = waiting(t.app.get(PublicCacheStore), 6);
    const calls = jest.spyOn(products, 'list').mockImplementation(async (...args) => {
      started();
      await joinersWaiting;
      return list(...args);
    });
    const routed = jest.spyOn(AccessGuard.prototype, 'canActivate');
    const url = '/api/product?sort=-ProductName';
    const first = t.api.get(url).then((response) => response);
    await computing;
    const joiners = await Promise.all(Array.from({ length: 6 }, () => t.api.get(url)));
    const answers = [await first, ...joiners];
    expect(answers.map((answer) => answer.status)).toEqual(Array(7).fill(200));
    expect(calls).toHaveBeenCalledTimes(1);
    // Only the first went through the route; the others waited for its answer.
    expect(routed).toHaveBeenCalledTimes(1);
    for (const answer of joiners) {
      expect(answer.body).toEqual(answers[0].body);
      expect(answer.headers.etag).toBe(answers[0].headers.etag);
      expect(answer.headers['x-total-count']).toBe(answers[0].headers['x-total-count']);
      expect(answer.headers.link).toBe(answers[0].headers.link);
      expect(answer.headers['cache-control']).toBe('no-cache');
    }
    const notModified = await t.api.get(url).set('If-None-Match', answers[0].headers.etag);
    expect(notModified.status).toBe(304);
  });

  it('gives visitors who waited for a computation that failed the same error', async () => {
    const products = t.app.get(ProductsService);
    let started!: () => void;
    const computing = new Promise<void>((resolve) => (started = resolve));
    const joinersWaiting = waiting(t.app.get(PublicCacheStore), 4);
    const calls = jest.spyOn(products, 'list').mockImplementation(async () => {
      started();
      await joinersWaiting;
      throw new ServiceUnavailableException('The database is away');
    });
    const url = '/api/product?sort=-ProductPrice';
    const first = t.api.get(url).then((response) => response);
    await computing;
    const joiners = await Promise.all(Array.from({ length: 4 }, () => t.api.get(url)));
    for (const answer of [await first, ...joiners]) {
      expect(answer.status).toBe(503);
      expect(answer.body.message).toBe('The database is away');
    }
    expect(calls).toHaveBeenCalledTimes(1);
    jest.restoreAllMocks();
    expect(names((await t.api.get(url).expect(200)).body)).toContain('First linen');
  });

  it('does not keep an answer that was read before a write finished', async () => {
    const products = t.app.get(ProductsService);
    const list = products.list.bind(products);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let read!: () => void;
    const hasRead = new Promise<void>((resolve) => (read = resolve));
    jest.spyOn(products, 'list').mockImplementationOnce(async (...args) => {
      const page = await list(...args);
      read();
      await held; // the write below lands while this answer is on its way
      return page;
    });
    const url = '/api/product?sort=-createdAt';
    const stale = t.api.get(url).then((response) => response);
    await hasRead;
    await t.api
      .post('/api/product/')
      .set(auth)
      .send({ ProductName: 'Landed meanwhile', ProductCategory: 'Linen' })
      .expect(201);
    release();
    expect(names((await stale).body)).not.toContain('Landed meanwhile');
    expect(names((await t.api.get(url).expect(200)).body)).toContain('Landed meanwhile');
  });

  it('keeps an answer for its lifetime at most, even if a change escapes the content version', async () => {
    const url = '/api/product?q=linen';
    const before = await t.api.get(url).expect(200);
    // Behind the API's back: no model, so no new content version.
    const mongoose = await import('mongoose');
    const connection = mongoose.connections.find((c) => t.mongoUri.endsWith(`/${c.name}`))!;
    await connection
      .collection('products')
      .updateMany({}, { $set: { ProductStatus: 'Changed underneath' } });
    expect((await t.api.get(url).expect(200)).headers.etag).toBe(before.headers.etag);
    // The cache's lifetimes run on the app's clock: move it past this one's, not the test.
    jest.spyOn(t.app.get(Clock), 'now').mockImplementation(() => new Date(Date.now() + TTL_MS + 1));
    const after = await t.api.get(url).expect(200);
    expect(
      after.body.every((p: { ProductStatus: string }) => p.ProductStatus === 'Changed underneath'),
    ).toBe(true);
  });

  it('never serves an administrator from the shared cache, nor caches their answers', async () => {
    await t.api
      .post('/api/product/')
      .set(auth)
      .send({ ProductName: 'Draft linen', ProductCategory: 'Linen', published: false })
      .expect(201);
    const visitor = await t.api.get('/api/product').expect(200);
    const admin = await t.api.get('/api/product').set(auth).expect(200);
    expect(admin.headers['cache-control']).toBe('private, no-store');
    expect(names(admin.body)).toContain('Draft linen');
    expect(names(visitor.body)).not.toContain('Draft linen');
    const visitorAgain = await t.api.get('/api/product').expect(200);
    expect(visitorAgain.body).toEqual(visitor.body);
  });

  it("sends an administrator's answer, which no cache keeps, without an ETag; HEAD gives its length", async () => {
    const list = await t.api.get('/api/product').set(auth).expect(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    expect(list.headers.etag).toBeUndefined();
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(list.headers['content-length'])).toBe(Buffer.byteLength(list.text));
    expect(names(list.body)).toContain('First linen');
    const head = await t.api.head('/api/product').set(auth).expect(200);
    expect(head.headers['content-length']).toBe(list.headers['content-length']);
    expect(head.text).toBeUndefined();
    const one = await t.api.get(`/api/product/${list.body[0]._id}`).set(auth).expect(200);
    expect(one.headers.etag).toBeUndefined();
    expect(one.body._id).toBe(list.body[0]._id);
  });
});

describe('audit log', () => {
  const t = useTestApp();

  it('records who created, changed and deleted what, newest first, for administrators only', async () => {
    const auth = bearer(t.adminToken);
    const { body: product } = await t.api
      .post('/api/product/')
      .set(auth)
      .send({ ProductName: 'Audited', ProductCategory: 'Khadi' })
      .expect(201);
    await t.api
      .put(`/api/product/${product._id}`)
      .set(auth)
      .send({ ProductStatus: 'Sold out' })
      .expect(200);
    await t.api.delete(`/api/product/${product._id}`).set(auth).expect(204);
    await t.api
      .put(`/api/product/${product._id}`)
      .set(auth)
      .send({ ProductStatus: 'x' })
      .expect(404);

    const log = await t.api.get('/api/audit?category=product').set(auth).expect(200);
    expect(log.body.map((e: { action: string }) => e.action)).toEqual([
      'delete',
      'update',
      'create',
    ]);
    expect(log.body[0]).toMatchObject({
      actorName: 'admin',
      entity: 'product',
      entityId: product._id,
      method: 'DELETE',
    });
    expect(log.body[2].entityId).toBe(product._id);

    await t.api.get('/api/audit').expect(401);
  });
});
