/**
 * What the admin's Insights screens read (issue 35): a range named by its length, one
 * product's numbers with its unique visitors, and who may read them.
 */
import { MongoClient, type Db } from 'mongodb';
import { InsightsService } from '../src/insights/insights.service';
import { signedInUser } from './support/fixtures';
import {
  bearer,
  freshDatabaseUri,
  stopTestDatabase,
  createTestApp,
  type TestApp,
} from './support/test-app';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';

jest.setTimeout(60_000);

describe('insights for the admin screens', () => {
  let t: TestApp;
  let client: MongoClient;
  let db: Db;

  beforeAll(async () => {
    const uri = await freshDatabaseUri();
    t = await createTestApp({
      MONGODB_URI: uri,
      TRUST_PROXY: '1',
      TIME_ZONE: 'Asia/Kolkata',
      INSIGHTS_FLUSH_MS: '60000',
      INSIGHTS_RATE_LIMIT: '1000',
    });
    client = await MongoClient.connect(uri);
    db = client.db();
  });
  afterAll(async () => {
    await client?.close();
    await t?.close();
    await stopTestDatabase();
  });
  beforeEach(async () => {
    await t.api.delete('/api/insights').set(bearer(t.adminToken)).expect(204);
  });

  const get = async (path: string) =>
    (await t.api.get(path).set(bearer(t.adminToken)).expect(200)).body;
  const beacon = (address: string, userAgent: string, body: object) =>
    t.api
      .post('/api/insights/events')
      .set({ 'X-Forwarded-For': address, 'User-Agent': userAgent })
      .send(body)
      .expect(202);
  const flush = () => t.app.get(InsightsService).flush();

  it('gives the last `days` days up to today in TIME_ZONE, and the time zone', async () => {
    const summary = await get('/api/insights/summary?days=7');
    expect(summary.timeZone).toBe('Asia/Kolkata');
    expect(summary.days).toHaveLength(7);
    expect(summary.to).toBe(t.app.get(InsightsService).today());
    expect(summary.days.at(0).day).toBe(summary.from);
    expect(summary.previous.to < summary.from).toBe(true);
    const week = await get('/api/insights/summary?days=7&to=2026-01-20');
    expect(week).toMatchObject({
      from: '2026-01-14',
      to: '2026-01-20',
      previous: { from: '2026-01-07', to: '2026-01-13' },
    });
  });

  it.each([
    ['days=0', 'days'],
    ['days=732', 'days'],
    ['days=seven', 'days'],
    ['days=7&from=2026-01-01', 'days'],
  ])('refuses %s with a message on %s', async (query, field) => {
    for (const route of ['summary', 'products/teak-chair']) {
      const answer = await t.api
        .get(`/api/insights/${route}?${query}`)
        .set(bearer(t.adminToken))
        .expect(400);
      expect(answer.body.errors).toHaveProperty(field);
    }
  });

  it("gives one product's views, unique visitors and enquiries per day", async () => {
    const teak = { type: 'view', path: '/singleproject/teak-chair' };
    await beacon('203.0.113.1', PHONE, teak);
    await beacon('203.0.113.1', PHONE, teak);
    await beacon('203.0.113.2', DESKTOP, teak);
    await beacon('203.0.113.2', DESKTOP, { type: 'view', path: '/singleproject/oak-table' });
    await beacon('203.0.113.2', DESKTOP, {
      type: 'action',
      path: '/singleproject/teak-chair',
      action: 'enquiry',
      product: 'teak-chair',
    });
    await flush();

    const numbers = await get('/api/insights/products/teak-chair?days=7');
    expect(numbers).toMatchObject({
      slug: 'teak-chair',
      name: null,
      views: 3,
      visitors: 2,
      enquiries: 1,
      conversion: 1 / 3,
    });
    expect(numbers.days).toHaveLength(7);
    expect(numbers.days.at(-1)).toEqual({
      day: numbers.to,
      views: 3,
      visitors: 2,
      enquiries: 1,
    });
    expect(await get('/api/insights/products?days=7')).toEqual([
      {
        slug: 'teak-chair',
        name: null,
        id: null,
        views: 3,
        visitors: 2,
        enquiries: 1,
        conversion: 1 / 3,
      },
      {
        slug: 'oak-table',
        name: null,
        id: null,
        views: 1,
        visitors: 1,
        enquiries: 0,
        conversion: 0,
      },
    ]);
    // The site's own visitors and its live ones are people, not people per product.
    expect(await get('/api/insights/summary?days=7')).toMatchObject({
      views: 4,
      visitors: 2,
      live: 2,
    });
    // A product's visitor is a hash too: nothing stored names the address.
    const stored = JSON.stringify(await db.collection('insights_visitors').find().toArray());
    expect(stored).not.toContain('203.0.113');
  });

  it('names a product counted by the slug it has now, for its edit screen', async () => {
    const { body: product } = await t.api
      .post('/api/product')
      .set(bearer(t.adminToken))
      .send({ ProductName: 'Teak chair', ProductCategory: 'Furniture' })
      .expect(201);
    await beacon('203.0.113.5', PHONE, { type: 'view', path: `/singleproject/${product.slug}` });
    await flush();
    expect(await get('/api/insights/products')).toEqual([
      expect.objectContaining({
        slug: product.slug,
        name: 'Teak chair',
        id: product._id,
        views: 1,
      }),
    ]);
    expect(await get(`/api/insights/products/${product.slug}`)).toMatchObject({
      name: 'Teak chair',
      id: product._id,
      views: 1,
      visitors: 1,
    });
  });

  it('answers zeros for a product never viewed, and 400 for a slug that is none', async () => {
    expect(await get('/api/insights/products/never-seen?days=3')).toMatchObject({
      views: 0,
      visitors: 0,
      enquiries: 0,
      conversion: 0,
      days: [expect.any(Object), expect.any(Object), expect.any(Object)],
    });
    const answer = await t.api
      .get('/api/insights/products/%20bad%20slug')
      .set(bearer(t.adminToken))
      .expect(400);
    expect(answer.body.errors).toHaveProperty('slug');
  });

  it('keeps every read from visitors (401) and from users who are not administrators (403)', async () => {
    const { auth: staff } = await signedInUser(t, { UserName: 'nora', Password: 'nora-password' });
    for (const path of [
      'summary?days=7',
      'pages',
      'products',
      'products/teak-chair',
      'referrers',
      'actions',
      'devices',
      'export.csv',
    ]) {
      await t.api.get(`/api/insights/${path}`).expect(401);
      await t.api.get(`/api/insights/${path}`).set(staff).expect(403);
    }
    await t.api.delete('/api/insights').set(staff).expect(403);
  });

  it('documents the product route and the range by length in the OpenAPI document', async () => {
    const { body: doc } = await t.api.get('/api/docs-json').expect(200);
    const product = doc.paths['/api/insights/products/{slug}'].get;
    expect(Object.keys(product.responses)).toEqual(
      expect.arrayContaining(['200', '400', '401', '403']),
    );
    expect(product.security).toEqual([{ bearer: [] }]);
    expect(doc.paths['/api/insights/summary'].get.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'days', in: 'query' })]),
    );
  });
});
