/**
 * The insights beacons' rate limit (POST /api/insights/events): INSIGHTS_RATE_LIMIT a minute
 * per address, kept in the instance's memory so that a beacon costs the database nothing;
 * and what the privacy note reads of the insights' settings (GET /api/insights/policy).
 */
import type { CommandStartedEvent } from 'mongodb';
import { getConnectionToken } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { Clock } from '../src/common/clock/clock';
import { InsightsService } from '../src/insights/insights.service';
import {
  bearer,
  createTestApp,
  freshDatabaseUri,
  stopTestDatabase,
  type TestApp,
} from './support/test-app';

const PHONE =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
const WRITES = new Set(['insert', 'update', 'delete', 'findAndModify', 'bulkWrite']);
/** What writes on its own timers whatever the requests: the jobs' leases, the webhooks' outbox. */
const TIMED = new Set(['leases', 'webhook_deliveries']);

jest.setTimeout(60_000);

describe('the beacons’ rate limit', () => {
  let t: TestApp;
  /** Every write command the app's own driver sends, with its collection (TIMED's aside). */
  const writes: string[] = [];

  beforeAll(async () => {
    // The driver's command monitoring, asked for in the URI the app connects with.
    const uri = `${await freshDatabaseUri()}?monitorCommands=true`;
    t = await createTestApp({
      MONGODB_URI: uri,
      TRUST_PROXY: '1',
      INSIGHTS_RATE_LIMIT: '3',
      INSIGHTS_FLUSH_MS: '60000',
      INSIGHTS_RETENTION_MONTHS: '18',
    });
    t.app
      .get<Connection>(getConnectionToken())
      .getClient()
      .on('commandStarted', (event: CommandStartedEvent) => {
        const collection = String(event.command[event.commandName]);
        if (WRITES.has(event.commandName) && !TIMED.has(collection))
          writes.push(`${event.commandName} ${collection}`);
      });
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await t?.close();
    await stopTestDatabase();
  });

  const beacon = (address: string) =>
    t.api
      .post('/api/insights/events')
      .set({ 'X-Forwarded-For': address, 'User-Agent': PHONE })
      .send({ type: 'view', path: '/products' });

  it('refuses an address over the limit with 429 and Retry-After, counts nothing of it, and writes nothing', async () => {
    const clock = t.app.get(Clock);
    const start = clock.now().getTime();
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(start));
    // The first view of the day makes the day's salt (one write a day, once per site); the
    // start's own writes (seeding, jobs) are done too before the beacons are watched.
    await beacon('198.51.100.1').expect(202);
    await t.app.get(InsightsService).flush();
    writes.length = 0;

    const statuses: number[] = [];
    for (let n = 0; n < 5; n++) statuses.push((await beacon('203.0.113.7')).status);
    expect(statuses).toEqual([202, 202, 202, 429, 429]);
    const refused = await beacon('203.0.113.7').expect(429);
    expect(Number(refused.headers['retry-after'])).toBe(60);
    expect(refused.body).toMatchObject({ statusCode: 429 });
    // Another address has its own limit; an IPv6 address counts by its /64.
    await beacon('203.0.113.8').expect(202);
    for (const address of ['2001:db8:1:2::1', '2001:db8:1:2::2', '2001:db8:1:2:aa::3'])
      await beacon(address).expect(202);
    await beacon('2001:db8:1:2::4').expect(429);
    await beacon('2001:db8:1:3::1').expect(202);
    // Eleven beacons taken or refused, and not one write: the counts wait in memory.
    expect(writes).toEqual([]);

    await t.app.get(InsightsService).flush();
    const summary = await t.api.get('/api/insights/summary').set(bearer(t.adminToken)).expect(200);
    expect(summary.body).toMatchObject({ views: 1 + 3 + 1 + 3 + 1, visitors: 1 + 1 + 1 + 3 + 1 });

    // The window is a minute: the address is let in again once it is over.
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(start + 45_000));
    const later = await beacon('203.0.113.7').expect(429);
    expect(Number(later.headers['retry-after'])).toBe(15);
    jest.spyOn(clock, 'now').mockImplementation(() => new Date(start + 60_000));
    await beacon('203.0.113.7').expect(202);
  });

  it('tells anyone, for the privacy note, how long the statistics are kept', async () => {
    const answer = await t.api.get('/api/insights/policy').expect(200);
    expect(answer.body).toEqual({ retentionMonths: 18 });
  });

  it('writes a returning visitor once a minute, not at every flush, and counts them once', async () => {
    const clock = t.app.get(Clock);
    const start = clock.now().getTime() + 120_000;
    const at = (ms: number) =>
      jest.spyOn(clock, 'now').mockImplementation(() => new Date(start + ms));
    const flush = () => t.app.get(InsightsService).flush();
    at(0);
    await t.api.delete('/api/insights').set(bearer(t.adminToken)).expect(204);
    await beacon('203.0.113.50').expect(202);
    await flush();
    writes.length = 0;
    at(20_000);
    await beacon('203.0.113.50').expect(202);
    await flush();
    // Seen again 20 s later: its views are counted, its sighting is not written again.
    expect(writes).toEqual(['update insights_daily']);
    writes.length = 0;
    at(80_000);
    await beacon('203.0.113.50').expect(202);
    await flush();
    expect(writes.sort()).toEqual(['update insights_daily', 'update insights_visitors']);
    const summary = await t.api.get('/api/insights/summary').set(bearer(t.adminToken)).expect(200);
    expect(summary.body).toMatchObject({ views: 3, visitors: 1, live: 1 });
  });
});
