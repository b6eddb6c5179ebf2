import { bearer, createTestApp, stopTestDatabase, type TestApp } from './support/test-app';

describe('public answers: ETag, Cache-Control and invalidation', () => {
  let t: TestApp;
  let auth: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp();
    auth = bearer(t.adminToken);
    await t.api
      .post('/api/product/')
      .set(auth)
      .send({ ProductName: 'First linen', ProductCategory: 'Linen' })
      .expect(201);
  });
  afterAll(async () => {
    await t.close();
    await stopTestDatabase();
  });

  it('sends an ETag and a short max-age, and answers 304 to a matching If-None-Match', async () => {
    const first = await t.api.get('/api/product').expect(200);
    expect(first.headers.etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('public, max-age=30');
    expect(first.headers['x-total-count']).toBe('1');

    const again = await t.api.get('/api/product').expect(200);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.body).toEqual(first.body);
    expect(again.headers['x-total-count']).toBe('1');

    await t.api.get('/api/product').set('If-None-Match', first.headers.etag).expect(304);
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
    expect(after.body.map((p: { ProductName: string }) => p.ProductName)).toContain('Second linen');
    expect(after.headers['x-total-count']).toBe('2');
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
    expect(admin.body.map((p: { ProductName: string }) => p.ProductName)).toContain('Draft linen');
    expect(visitor.body.map((p: { ProductName: string }) => p.ProductName)).not.toContain(
      'Draft linen',
    );
    const visitorAgain = await t.api.get('/api/product').expect(200);
    expect(visitorAgain.body).toEqual(visitor.body);
  });
});

describe('audit log', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    await stopTestDatabase();
  });

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
