import { Clock } from '../src/common/clock/clock';
import { bearer, createTestApp, stopTestDatabase, type TestApp } from './support/test-app';
import { createRecord, signedInUser } from './support/fixtures';

describe('draft previews', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let otherAdmin: Record<string, string>;
  let product: { _id: string; slug: string };

  beforeAll(async () => {
    t = await createTestApp();
    auth = bearer(t.adminToken);
    ({ auth: otherAdmin } = await signedInUser(t, {
      UserName: 'second',
      Password: 'second-password',
      isAdmin: true,
    }));
    product = await createRecord(t, auth, '/api/product/', {
      ProductName: 'Sage Linen',
      ProductCategory: 'Linen',
      ProductPrice: 900,
    });
  });
  afterAll(async () => {
    await t.close();
    await stopTestDatabase();
  });

  const makePreview = (body: Record<string, unknown>, as = auth) =>
    t.api.post('/api/previews').set(as).send(body);

  it('shows its editor the item with the unsaved fields, sanitised, and saves nothing', async () => {
    const link = await makePreview({
      type: 'product',
      id: product._id,
      fields: {
        ProductName: 'Sage Green Linen',
        ProductDescription: '<p>Soft<script>alert(1)</script></p>',
        published: 'false',
      },
    }).expect(201);
    expect(link.body.path).toBe(`/preview/${link.body.token}`);
    expect(link.headers['cache-control']).toBe('private, no-store');

    const seen = await t.api.get(`/api/previews/${link.body.token}`).set(auth).expect(200);
    expect(seen.headers['cache-control']).toBe('private, no-store');
    expect(seen.headers['x-robots-tag']).toBe('noindex');
    expect(seen.body.type).toBe('product');
    expect(seen.body.item).toMatchObject({
      _id: product._id,
      ProductName: 'Sage Green Linen',
      ProductCategory: 'Linen',
      ProductPrice: 900,
      ProductDescription: '<p>Soft</p>',
      slug: 'sage-linen',
      published: false,
    });

    const stored = await t.api.get(`/api/product/${product._id}`).expect(200);
    expect(stored.body).toMatchObject({ ProductName: 'Sage Linen', published: true });
  });

  it('previews a service being added, before it has an id', async () => {
    const link = await makePreview({
      type: 'service',
      fields: { ServiceName: 'Courtyard Houses', ServiceCategory: 'Architecture' },
    }).expect(201);
    const seen = await t.api.get(`/api/previews/${link.body.token}`).set(auth).expect(200);
    expect(seen.body).toMatchObject({
      type: 'service',
      item: { ServiceName: 'Courtyard Houses', slug: 'courtyard-houses', media: null },
    });
  });

  it('checks the fields as a save would: 400 naming the field', async () => {
    const bad = await makePreview({
      type: 'product',
      id: product._id,
      fields: { ProductName: 'x'.repeat(121), Password: 'no' },
    }).expect(400);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['Password', 'ProductName']);
    await makePreview({ type: 'review', fields: {} }).expect(400);
    await makePreview({ type: 'product', id: '0123456789abcdef01234567', fields: {} }).expect(404);
  });

  it('refuses to make a preview for visitors', async () => {
    await t.api
      .post('/api/previews')
      .send({ type: 'product', fields: { ProductName: 'x' } })
      .expect(401);
  });

  it('answers 404 to a visitor, another editor, an altered link and an expired one', async () => {
    const link = await makePreview({
      type: 'product',
      id: product._id,
      fields: { ProductName: 'Sage Draft' },
    }).expect(201);
    const token: string = link.body.token;
    const open = (value: string, as?: Record<string, string>) => {
      const request = t.api.get(`/api/previews/${encodeURIComponent(value)}`);
      return as ? request.set(as) : request;
    };

    const anonymous = await open(token).expect(404);
    expect(anonymous.body.message).toBe('This preview does not exist or has expired');
    expect(anonymous.headers['x-robots-tag']).toBe('noindex');
    await open(token, bearer('not-a-valid-token')).expect(404);
    await open(token, otherAdmin).expect(404);

    expect(token).toMatch(/^[0-9a-f]{24}-[\w-]+$/);
    const [id, signature] = [token.slice(0, 24), token.slice(25)];
    const flipped = signature.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'));
    await open(`${id}-${flipped}`, auth).expect(404);
    await open(`${id}-`, auth).expect(404);
    await open(`${id}-${signature}x`, auth).expect(404);
    await open(`0123456789abcdef01234567-${signature}`, auth).expect(404);
    await open('nonsense', auth).expect(404);
    await open(token, auth).expect(200);

    const clock = t.app.get(Clock);
    const start = clock.now().getTime();
    const at = (minutes: number) =>
      jest.spyOn(clock, 'now').mockReturnValue(new Date(start + minutes * 60_000));
    try {
      at(14);
      await open(token, auth).expect(200);
      at(16);
      await open(token, auth).expect(404);
    } finally {
      jest.restoreAllMocks();
    }
  });
});
