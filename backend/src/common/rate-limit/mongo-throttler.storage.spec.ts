import { startEmbeddedMongo, type EmbeddedMongo } from '@vitrine/embedded-mongo';
import mongoose, { type Connection } from 'mongoose';
import crypto from 'node:crypto';
import { MongoThrottlerStorage, RATE_LIMIT_COLLECTION } from './mongo-throttler.storage';

let server: EmbeddedMongo | undefined;
let connection: Connection;
let storage: MongoThrottlerStorage;

beforeAll(async () => {
  const external = process.env.VITRINE_TEST_MONGODB_URI;
  if (!external) server = await startEmbeddedMongo({ port: 0, logger: false });
  const dbName = `vitrine_throttle_${crypto.randomBytes(4).toString('hex')}`;
  connection = await mongoose.createConnection(external ?? server!.uri, { dbName }).asPromise();
  storage = new MongoThrottlerStorage(connection, clock);
});
afterAll(async () => {
  await connection.dropDatabase().catch(() => undefined);
  await connection.close();
  await server?.stop();
});

/** The storage's time, moved on by the tests: a window ends without waiting for it. */
let moment = Date.now();
const clock = { now: () => new Date(moment) };
const wait = (ms: number) => (moment += ms);
const key = () => crypto.randomBytes(6).toString('hex');

describe('rate-limit counters in MongoDB', () => {
  it('allows `limit` hits in a window, then blocks without counting the refused ones', async () => {
    const k = key();
    const results = [];
    for (let i = 0; i < 5; i++) results.push(await storage.increment(k, 60_000, 3, 30_000, 'test'));
    expect(results.map((r) => r.isBlocked)).toEqual([false, false, false, true, true]);
    expect(results.map((r) => r.totalHits)).toEqual([1, 2, 3, 4, 4]);
    expect(results[0].timeToExpire).toBe(60);
    expect(results[3].timeToBlockExpire).toBe(30);
  });

  it('counts concurrent hits exactly: of 20 at once with a limit of 8, 8 pass', async () => {
    const k = key();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => storage.increment(k, 60_000, 8, 60_000, 'test')),
    );
    expect(results.filter((r) => !r.isBlocked)).toHaveLength(8);
  });

  it('starts counting afresh when the window ends, and when a block ends', async () => {
    const k = key();
    await storage.increment(k, 150, 1, 300, 'test');
    wait(200);
    expect(await storage.increment(k, 150, 1, 300, 'test')).toMatchObject({
      totalHits: 1,
      isBlocked: false,
    });
    expect((await storage.increment(k, 150, 1, 300, 'test')).isBlocked).toBe(true);
    wait(200); // the window is over, the block is not
    expect((await storage.increment(k, 150, 1, 300, 'test')).isBlocked).toBe(true);
    wait(200);
    expect(await storage.increment(k, 150, 1, 300, 'test')).toMatchObject({
      totalHits: 1,
      isBlocked: false,
    });
  });

  it('keeps keys apart, stores no key as given, and lets MongoDB expire what is no longer needed', async () => {
    const address = '203.0.113.9';
    await storage.increment(`login-address:${address}`, 60_000, 5, 60_000, 'login-address');
    expect((await storage.increment(key(), 60_000, 5, 60_000, 'other')).totalHits).toBe(1);
    const counters = connection.db!.collection(RATE_LIMIT_COLLECTION);
    expect(JSON.stringify(await counters.find().toArray())).not.toContain(address);
    const indexes = await counters.listIndexes().toArray();
    expect(indexes).toContainEqual(
      expect.objectContaining({ key: { expiresAt: 1 }, expireAfterSeconds: 0 }),
    );
  });
});
