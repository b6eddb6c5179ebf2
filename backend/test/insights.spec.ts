/**
 * The site's insights through HTTP (issue 35): views and actions reported by the public site
 * and the shells, counted per day without keeping who made them.
 */
import { MongoClient, type Db } from 'mongodb';
import { InsightsService } from '../src/insights/insights.service';
import {
  bearer,
  createTestApp,
  freshDatabaseUri,
  stopTestDatabase,
  type TestApp,
} from './support/test-app';

const SHELL_TOKEN = 'shell-token-for-the-insights-tests-0123456789';
const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const DESKTOP =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';
const ENV = {
  TRUST_PROXY: '1',
  SHELL_TOKEN,
  SITE_URL: 'https://vitrine.example',
  // The tests flush when they need the counts written (and the shutdown does).
  INSIGHTS_FLUSH_MS: '60000',
  INSIGHTS_RATE_LIMIT: '1000',
};

jest.setTimeout(60_000);

describe('insights', () => {
  let uri: string;
  let a: TestApp;
  let b: TestApp;
  let client: MongoClient;
  let db: Db;

  beforeAll(async () => {
    uri = await freshDatabaseUri();
    [a, b] = await Promise.all([
      createTestApp({ MONGODB_URI: uri, ...ENV }),
      createTestApp({ MONGODB_URI: uri, ...ENV }),
    ]);
    client = await MongoClient.connect(uri);
    db = client.db();
  });
  afterAll(async () => {
    await client?.close();
    await Promise.all([a?.close(), b?.close()]);
    await stopTestDatabase();
  });
  beforeEach(async () => {
    await a.api.delete('/api/insights').set(bearer(a.adminToken)).expect(204);
  });

  /** A visitor at `address` with `userAgent`, behind the one proxy the API trusts. */
  const beacon = (
    app: TestApp,
    address: string,
    userAgent: string,
    body: object,
    headers: Record<string, string> = {},
  ) =>
    app.api
      .post('/api/insights/events')
      .set({ 'X-Forwarded-For': address, 'User-Agent': userAgent, ...headers })
      .send(body);
  const view = (path: string, referrer?: string) => ({ type: 'view', path, referrer });
  const flushAll = () => Promise.all([a, b].map((app) => app.app.get(InsightsService).flush()));
  const get = async (app: TestApp, path: string) =>
    (await app.api.get(path).set(bearer(app.adminToken)).expect(200)).body;

  it('counts several visitors exactly, and no bot, administrator, DNT, GPC or prefetch', async () => {
    const counted = [
      beacon(a, '203.0.113.1', PHONE, view('/', 'https://www.google.com/')),
      beacon(
        a,
        '203.0.113.1',
        PHONE,
        view('/singleproject/teak-chair', 'https://vitrine.example/'),
      ),
      beacon(a, '203.0.113.2', DESKTOP, view('/singleproject/teak-chair', '')),
      // navigator.sendBeacon with a string sends text/plain.
      a.api
        .post('/api/insights/events')
        .set({
          'X-Forwarded-For': '203.0.113.3',
          'User-Agent': IPHONE,
          'Content-Type': 'text/plain;charset=UTF-8',
        })
        .send(JSON.stringify(view('/products', 'https://l.facebook.com/'))),
    ];
    const uncounted = [
      beacon(a, '198.51.100.1', GOOGLEBOT, view('/')),
      beacon(a, '198.51.100.2', PHONE, view('/'), { Cookie: 'vitrine_admin=1' }),
      beacon(a, '198.51.100.3', PHONE, view('/')).set(bearer(a.adminToken)),
      beacon(a, '198.51.100.4', PHONE, view('/'), { DNT: '1' }),
      beacon(a, '198.51.100.5', PHONE, view('/'), { 'Sec-GPC': '1' }),
      beacon(a, '198.51.100.6', PHONE, view('/products'), { 'Sec-Purpose': 'prefetch' }),
      beacon(a, '198.51.100.7', PHONE, view('/admin/products')),
    ];
    for (const answer of await Promise.all([...counted, ...uncounted])) {
      expect(answer.status).toBe(202);
    }
    await flushAll();

    const summary = await get(a, '/api/insights/summary');
    expect(summary).toMatchObject({ views: 4, visitors: 3 });
    expect(summary.days).toHaveLength(30);
    expect(summary.days.at(-1)).toMatchObject({ day: summary.to, views: 4, visitors: 3 });
    expect(summary.live).toBe(3);
    expect(await get(a, '/api/insights/pages')).toEqual([
      { path: '/singleproject/teak-chair', views: 2 },
      { path: '/', views: 1 },
      { path: '/products', views: 1 },
    ]);
    expect(await get(a, '/api/insights/devices')).toEqual([
      { device: 'phone', views: 3 },
      { device: 'tablet', views: 0 },
      { device: 'desktop', views: 1 },
    ]);
    const referrers = await get(a, '/api/insights/referrers');
    // The move from one page of the site to another is no referrer.
    expect(referrers.hosts).toEqual(
      expect.arrayContaining([
        { host: 'google.com', group: 'search', views: 1 },
        { host: 'direct', group: 'direct', views: 1 },
        { host: 'l.facebook.com', group: 'social', views: 1 },
      ]),
    );
    expect(referrers.hosts).toHaveLength(3);
    expect(referrers.groups).toContainEqual({ group: 'whatsapp', views: 0 });
  });

  it('counts actions, and the enquiries sent from a product page against its views', async () => {
    const visitor = (body: object) => beacon(b, '203.0.113.9', PHONE, body);
    for (const body of [
      view('/singleproject/teak-chair'),
      view('/singleproject/teak-chair'),
      view('/singleproject/teak-chair'),
      view('/singleproject/teak-chair'),
      {
        type: 'action',
        path: '/singleproject/teak-chair',
        action: 'whatsapp',
        product: 'teak-chair',
      },
      { type: 'action', path: '/contact', action: 'call' },
      { type: 'action', path: '/contact', action: 'email' },
      {
        type: 'action',
        path: '/singleproject/teak-chair',
        action: 'enquiry',
        product: 'teak-chair',
      },
      { type: 'action', path: '/', action: 'callback' },
    ]) {
      expect((await visitor(body)).status).toBe(202);
    }
    // An administrator's own click is not counted either.
    await beacon(
      b,
      '203.0.113.9',
      PHONE,
      { type: 'action', path: '/', action: 'call' },
      {
        Cookie: 'vitrine_admin=1',
      },
    ).expect(202);
    await flushAll();

    expect(await get(b, '/api/insights/actions')).toEqual([
      { action: 'whatsapp', count: 1 },
      { action: 'call', count: 1 },
      { action: 'email', count: 1 },
      { action: 'enquiry', count: 1 },
      { action: 'callback', count: 1 },
    ]);
    expect(await get(b, '/api/insights/products')).toEqual([
      {
        slug: 'teak-chair',
        name: null,
        id: null,
        views: 4,
        visitors: 1,
        enquiries: 1,
        conversion: 0.25,
      },
    ]);
  });

  it('refuses a malformed beacon with field messages, and counts nothing of it', async () => {
    const missing = await beacon(a, '203.0.113.1', PHONE, { type: 'view' }).expect(400);
    expect(missing.body.errors).toHaveProperty('path');
    const noAction = await beacon(a, '203.0.113.1', PHONE, { type: 'action', path: '/' });
    expect(noAction.status).toBe(400);
    expect(noAction.body.errors).toHaveProperty('action');
    const wrong = await beacon(a, '203.0.113.1', PHONE, { type: 'click', path: 'home' });
    expect(Object.keys(wrong.body.errors).sort()).toEqual(['path', 'type']);
    await a.api
      .post('/api/insights/events')
      .set({ 'User-Agent': PHONE, 'Content-Type': 'text/plain' })
      .send('not json')
      .expect(400);
    await beacon(a, '203.0.113.1', PHONE, view(`/${'x'.repeat(3000)}`)).expect(413);
    await flushAll();
    expect(await get(a, '/api/insights/summary')).toMatchObject({ views: 0, visitors: 0 });
  });

  it("takes the shells' views with SHELL_TOKEN alone", async () => {
    const views = [
      { path: '/', address: '203.0.113.20', userAgent: PHONE, at: new Date().toISOString() },
      {
        path: '/products',
        referrer: 'https://wa.me/',
        address: '203.0.113.20',
        userAgent: PHONE,
        at: new Date().toISOString(),
      },
    ];
    await a.api.post('/api/insights/views').send({ views }).expect(401);
    await a.api
      .post('/api/insights/views')
      .set('Authorization', 'Shell not-the-token-not-the-token-not-the-token')
      .send({ views })
      .expect(401);
    await a.api.post('/api/insights/views').set(bearer(a.adminToken)).send({ views }).expect(401);
    const malformed = await a.api
      .post('/api/insights/views')
      .set('Authorization', `Shell ${SHELL_TOKEN}`)
      .send({ views: [{ path: '/', address: '203.0.113.20' }] })
      .expect(400);
    expect(JSON.stringify(malformed.body.errors)).toMatch(/userAgent/);
    await flushAll();
    expect(await get(a, '/api/insights/summary')).toMatchObject({ views: 0 });

    await a.api
      .post('/api/insights/views')
      .set('Authorization', `Shell ${SHELL_TOKEN}`)
      .send({ views })
      .expect(202);
    // The same visitor, navigating on: still one visitor.
    await beacon(b, '203.0.113.20', PHONE, view('/contact')).expect(202);
    await flushAll();
    expect(await get(a, '/api/insights/summary')).toMatchObject({ views: 3, visitors: 1 });
    const referrers = await get(a, '/api/insights/referrers');
    expect(referrers.groups).toContainEqual({ group: 'whatsapp', views: 1 });
  });

  it('counts the same visitor on two instances as one, and new visitors on each', async () => {
    await Promise.all([
      beacon(a, '203.0.113.30', DESKTOP, view('/')),
      beacon(b, '203.0.113.30', DESKTOP, view('/products')),
      beacon(b, '203.0.113.31', DESKTOP, view('/products')),
      beacon(a, '203.0.113.30', PHONE, view('/')),
    ]);
    // Both instances' windows written at once: neither knows what the other holds.
    await flushAll();
    await Promise.all([
      beacon(a, '203.0.113.31', DESKTOP, view('/')),
      beacon(b, '203.0.113.30', DESKTOP, view('/')),
    ]);
    await flushAll();
    for (const app of [a, b]) {
      expect(await get(app, '/api/insights/summary')).toMatchObject({ views: 6, visitors: 3 });
    }
  });

  describe('reading a range of days', () => {
    const day = (offset: number) => {
      const date = new Date(Date.UTC(2026, 0, 1 + offset));
      return date.toISOString().slice(0, 10);
    };
    beforeEach(async () => {
      // Jan 1-10 (the period before) and Jan 11-20 (the range asked for).
      await db.collection('insights_daily').insertMany(
        Array.from({ length: 20 }, (_, index) => ({
          day: day(index),
          dim: 'total',
          key: 'all',
          views: index < 10 ? 1 : 10,
          visitors: index < 10 ? 1 : 2,
        })),
      );
    });

    it('gives each day and the same number of days just before', async () => {
      const summary = await get(a, '/api/insights/summary?from=2026-01-11&to=2026-01-20');
      expect(summary).toMatchObject({
        from: '2026-01-11',
        to: '2026-01-20',
        views: 100,
        visitors: 20,
        previous: { from: '2026-01-01', to: '2026-01-10', views: 10, visitors: 10 },
      });
      expect(summary.days).toHaveLength(10);
      expect(summary.days[0]).toEqual({ day: '2026-01-11', views: 10, visitors: 2 });
      expect(summary.previous.days).toHaveLength(10);
      expect(summary.previous.days[0]).toEqual({ day: '2026-01-01', views: 1, visitors: 1 });
    });

    it('exports a row per day and dimension as CSV', async () => {
      const answer = await a.api
        .get('/api/insights/export.csv?from=2026-01-19&to=2026-01-20')
        .set(bearer(a.adminToken))
        .expect(200);
      expect(answer.headers['content-type']).toMatch(/^text\/csv/);
      expect(answer.text.replace(/^\uFEFF/, '').split('\r\n')).toEqual([
        'Day,Dimension,Key,Views,Visitors,Enquiries',
        '2026-01-19,total,all,10,2,',
        '2026-01-20,total,all,10,2,',
        '',
      ]);
    });

    it.each([
      ['from=2026-02-30', 'from'],
      ['to=20260120', 'to'],
      ['from=2026-01-20&to=2026-01-11', 'from'],
      ['from=2023-01-01&to=2026-01-20', 'from'],
    ])('refuses %s with a message on %s', async (query, field) => {
      const answer = await a.api
        .get(`/api/insights/summary?${query}`)
        .set(bearer(a.adminToken))
        .expect(400);
      expect(answer.body.errors).toHaveProperty(field);
    });

    it('is for administrators alone', async () => {
      for (const path of [
        'summary',
        'pages',
        'products',
        'referrers',
        'actions',
        'devices',
        'export.csv',
      ])
        await a.api.get(`/api/insights/${path}`).expect(401);
      await a.api.delete('/api/insights').expect(401);
      expect(await db.collection('insights_daily').countDocuments()).toBe(20);
    });
  });

  it('forgets past days’ salts and visitors, and aggregates past the retention', async () => {
    await beacon(a, '203.0.113.50', PHONE, view('/')).expect(202);
    await flushAll();
    const today = (await get(a, '/api/insights/summary')).to as string;
    await db.collection('insights_daily').insertMany([
      { day: '2020-01-01', dim: 'total', key: 'all', views: 5, visitors: 1 },
      { day: '2020-01-01', dim: 'page', key: '/', views: 5 },
    ]);
    await db.collection('insights_visitors').insertOne({
      day: '2020-01-01',
      hash: 'old',
      lastSeenAt: new Date('2020-01-01'),
    });
    await db.collection('insights_salts').insertOne({ day: '2020-01-01', salt: 'old' });

    await a.app.get(InsightsService).forgetPast();

    expect(await db.collection('insights_daily').distinct('day')).toEqual([today]);
    expect(await db.collection('insights_visitors').distinct('day')).toEqual([today]);
    expect(await db.collection('insights_salts').distinct('day')).toEqual([today]);
  });

  it('deletes every statistic at once', async () => {
    await beacon(a, '203.0.113.60', PHONE, view('/')).expect(202);
    await flushAll();
    expect(await get(a, '/api/insights/summary')).toMatchObject({ views: 1 });
    await a.api.delete('/api/insights').set(bearer(a.adminToken)).expect(204);
    expect(await get(a, '/api/insights/summary')).toMatchObject({ views: 0, visitors: 0, live: 0 });
    expect(await db.collection('insights_visitors').countDocuments()).toBe(0);
  });

  it('keeps what an instance counted when it stops, and holds no address or user agent', async () => {
    const c = await createTestApp({ MONGODB_URI: uri, ...ENV });
    await beacon(c, '203.0.113.40', IPHONE, view('/', 'https://www.bing.com/')).expect(202);
    await c.app
      .get(InsightsService)
      .countView({ path: '/about', address: '2001:db8::40', userAgent: DESKTOP });
    // Stopping writes the window (nothing was flushed before).
    await c.app.close();
    // A new instance (last: passport's strategy is the latest app's, in one process).
    const d = await createTestApp({ MONGODB_URI: uri, ...ENV });
    try {
      expect(await get(d, '/api/insights/summary')).toMatchObject({ views: 2, visitors: 2 });
    } finally {
      await d.app.close();
    }

    const stored = JSON.stringify(
      await Promise.all(
        ['insights_daily', 'insights_visitors', 'insights_salts'].map((name) =>
          db.collection(name).find().toArray(),
        ),
      ),
    );
    expect(stored).toContain('/about');
    for (const secret of ['203.0.113', '2001:db8', 'iPhone', 'Mozilla', 'Windows NT', 'Chrome'])
      expect(stored).not.toContain(secret);
  });
});
