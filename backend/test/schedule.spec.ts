import { ContentScheduleService } from '../src/cache/content-schedule.service';
import { Clock } from '../src/common/clock/clock';
import { bearer, createTestApp, stopTestDatabase, type TestApp } from './support/test-app';

const HOUR = 3600_000;

/**
 * Scheduled offers and items under a fake clock: the clock's time is moved, and the
 * timers the API arms through it are fired by hand when their moment has come. Everything
 * else is real, the public cache included: an answer cached before a moment must not
 * outlive it.
 */
describe('scheduled offers and items', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let clock: Clock;
  let start: number;
  let timers: { when: Date; task: () => void }[];

  /** Moves the fake time on and fires every timer whose moment has come. */
  const advanceTo = async (ms: number) => {
    jest.spyOn(clock, 'now').mockReturnValue(new Date(start + ms));
    const due = timers.filter((timer) => timer.when.getTime() <= start + ms);
    timers = timers.filter((timer) => !due.includes(timer));
    for (const timer of due) timer.task();
    await t.app.get(ContentScheduleService).idle();
  };

  beforeAll(async () => {
    t = await createTestApp();
    auth = bearer(t.adminToken);
    clock = t.app.get(Clock);
    start = Date.now();
    timers = [];
    jest.spyOn(clock, 'now').mockReturnValue(new Date(start));
    jest.spyOn(clock, 'at').mockImplementation((when, task) => {
      const timer = { when, task };
      timers.push(timer);
      return () => {
        timers = timers.filter((other) => other !== timer);
      };
    });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t.close();
    await stopTestDatabase();
  });

  const at = (ms: number) => new Date(start + ms).toISOString();
  const visitorNames = async () =>
    (
      (await t.api.get('/api/product?category=Block prints').expect(200)).body as {
        ProductName: string;
      }[]
    ).map((product) => product.ProductName);

  it('shows a product to visitors from its publish-at time, and its page then answers', async () => {
    await t.api
      .post('/api/product')
      .set(auth)
      .send({ ProductName: 'Dabu Indigo', ProductCategory: 'Block prints' })
      .expect(201);
    const scheduled = await t.api
      .post('/api/product')
      .set(auth)
      .send({ ProductName: 'Bagru Red', ProductCategory: 'Block prints', publishAt: at(2 * HOUR) })
      .expect(201);
    expect(scheduled.body.publishAt).toBe(at(2 * HOUR));
    await t.app.get(ContentScheduleService).idle();

    // Asked twice, so the second answer comes from the public cache.
    expect(await visitorNames()).toEqual(['Dabu Indigo']);
    expect(await visitorNames()).toEqual(['Dabu Indigo']);
    await t.api.get('/api/product/singleproject/bagru-red').expect(404);
    // The administrator sees it, with its moment.
    const mine = await t.api.get(`/api/product/${scheduled.body._id}`).set(auth).expect(200);
    expect(mine.body.publishAt).toBe(at(2 * HOUR));

    const version = (await t.api.get('/api/content-version').expect(200)).body.version;
    await advanceTo(2 * HOUR - 1000);
    expect(await visitorNames()).toEqual(['Dabu Indigo']);

    await advanceTo(2 * HOUR);
    // The moment moved the content version on, which is what the shell's render cache follows.
    expect((await t.api.get('/api/content-version').expect(200)).body.version).not.toBe(version);
    expect(await visitorNames()).toEqual(['Dabu Indigo', 'Bagru Red']);
    await t.api.get('/api/product/singleproject/bagru-red').expect(200);
  });

  it('shows an offer between its start and end dates, and keeps it for the administrator', async () => {
    const now = (await t.api.get('/api/settings').set(auth).expect(200)).body;
    const offers = [
      { title: 'Always on', text: '' },
      {
        title: 'Diwali 20% off',
        text: 'On all silks',
        startsAt: at(3 * HOUR),
        endsAt: at(5 * HOUR),
      },
    ];
    const { updatedAt: _updatedAt, ...profile } = now;
    const saved = await t.api
      .put('/api/settings')
      .set(auth)
      .send({ ...profile, offers })
      .expect(200);
    expect(saved.body.offers[1]).toMatchObject({ startsAt: at(3 * HOUR), endsAt: at(5 * HOUR) });
    await t.app.get(ContentScheduleService).idle();
    const visitorOffers = async () =>
      ((await t.api.get('/api/settings').expect(200)).body.offers as { title: string }[]).map(
        (offer) => offer.title,
      );

    expect(await visitorOffers()).toEqual(['Always on']);
    expect(await visitorOffers()).toEqual(['Always on']);
    await advanceTo(3 * HOUR);
    expect(await visitorOffers()).toEqual(['Always on', 'Diwali 20% off']);
    expect(await visitorOffers()).toEqual(['Always on', 'Diwali 20% off']);
    await advanceTo(5 * HOUR);
    expect(await visitorOffers()).toEqual(['Always on']);
    // The administrator still has it, to change its dates or remove it.
    const admin = (await t.api.get('/api/settings').set(auth).expect(200)).body;
    expect(admin.offers.map((offer: { title: string }) => offer.title)).toEqual([
      'Always on',
      'Diwali 20% off',
    ]);
  });

  it('refuses an offer that ends before it starts, and a publish-at that is not a moment', async () => {
    const { updatedAt: _updatedAt, ...profile } = (
      await t.api.get('/api/settings').set(auth).expect(200)
    ).body;
    const refused = await t.api
      .put('/api/settings')
      .set(auth)
      .send({ ...profile, offers: [{ title: 'Backwards', startsAt: at(HOUR), endsAt: at(0) }] })
      .expect(400);
    expect(refused.body.errors).toEqual({ 'offers.0.endsAt': 'The end must come after the start' });
    const notAMoment = await t.api
      .post('/api/product')
      .set(auth)
      .send({ ProductName: 'Sanganeri', ProductCategory: 'Block prints', publishAt: 'soon' })
      .expect(400);
    expect(notAMoment.body.errors).toEqual({ publishAt: 'Publish at must be a date and time' });
  });
});
