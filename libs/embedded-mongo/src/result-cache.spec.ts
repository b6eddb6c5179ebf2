import { Binary, Decimal128, Double, Int32, Long, ObjectId, deserialize, serialize } from 'bson';
import type { ScramVerifier } from './auth';
import { runCommand } from './commands';
import type { CommandContext } from './commands';
import { CursorRegistry } from './cursors';
import { silentLogger } from './logger';
import { ResultCache, resultKey } from './result-cache';
import { Engine } from './storage';
import type { Doc } from './values';
import { DESERIALIZE_OPTIONS, encodeMsgReplyPieces } from './wire';
import { randomFrom, type Random } from './test-support/random';

function contextOf(engine: Engine): CommandContext {
  return {
    engine,
    cursors: new CursorRegistry(),
    server: {
      host: '127.0.0.1',
      port: 0,
      startedAt: new Date(),
      argv: [],
      connections: () => ({ current: 1, totalCreated: 1 }),
    },
    connection: { id: 1, remote: 'test' },
    auth: { verifier: {} as ScramVerifier, user: { user: 'test', db: 'admin' } },
    logger: silentLogger,
  };
}

const VALUES = [
  new Int32(1),
  new Double(1),
  new Double(2.5),
  Long.fromNumber(3),
  'x',
  'y',
  null,
  [new Int32(1), 'x'],
  [],
  { nested: new Int32(1) },
  new Date(Date.UTC(2026, 0, 1)),
  true,
] as const;

function randomDocument(random: Random, id: number): Doc {
  const document: Doc = { _id: new Int32(id), b: new Int32(random.int(4)) };
  if (random.next() < 0.85) document.a = random.pick(VALUES);
  if (random.next() < 0.7) document.c = new Date(Date.UTC(2026, 0, 1 + random.int(5)));
  return document;
}

function randomFilter(random: Random): Doc {
  const b = () => new Int32(random.int(4));
  return random.pick<() => Doc>([
    () => ({}),
    () => ({ b: b() }),
    () => ({ a: random.pick(VALUES) }),
    () => ({ b: { $gt: b() } }),
    () => ({ b: { $lte: b() }, a: { $exists: random.next() < 0.5 } }),
    () => ({ a: { $in: [random.pick(VALUES), random.pick(VALUES)] } }),
    () => ({ $or: [{ b: b() }, { a: random.pick(VALUES) }] }),
    () => ({ a: { $type: random.pick(['string', 'int', 'double', 'array', 'null']) } }),
    () => ({ _id: new Int32(random.int(30)) }),
    () => ({ _id: new Int32(random.int(30)), b: b() }),
    () => ({ c: { $gte: new Date(Date.UTC(2026, 0, 1 + random.int(5))) } }),
    () => ({ a: { $not: { $eq: 'x' } }, b: { $ne: b() } }),
  ])();
}

function randomRead(random: Random): Doc {
  const filter = randomFilter(random);
  const kind = random.int(3);
  if (kind === 0) return { count: 'items', query: filter, $db: 'shop' };
  if (kind === 1) {
    return {
      aggregate: 'items',
      pipeline: [{ $match: filter }, { $group: { _id: new Int32(1), n: { $sum: new Int32(1) } } }],
      cursor: {},
      $db: 'shop',
    };
  }
  const read: Doc = { find: 'items', filter, $db: 'shop' };
  const sort = random.pick([undefined, { b: 1, _id: 1 }, { a: -1 }, { c: 1, _id: -1 }]);
  if (sort) read.sort = sort;
  if (random.next() < 0.5) read.limit = new Int32(random.int(6));
  if (random.next() < 0.3) read.skip = new Int32(random.int(3));
  const projection = random.pick([undefined, { b: 1 }, { a: 0 }, { a: { $slice: 1 } }]);
  if (projection) read.projection = projection;
  return read;
}

function randomWrite(random: Random, nextId: () => number): Doc {
  const id = new Int32(random.int(30));
  return random.pick<() => Doc>([
    () => ({ insert: 'items', documents: [randomDocument(random, nextId())], $db: 'shop' }),
    () => ({
      update: 'items',
      updates: [
        { q: { _id: id }, u: { $set: { a: random.pick(VALUES), b: new Int32(random.int(4)) } } },
      ],
      $db: 'shop',
    }),
    () => ({
      update: 'items',
      updates: [{ q: { b: new Int32(random.int(4)) }, u: { $unset: { c: '' } }, multi: true }],
      $db: 'shop',
    }),
    () => ({ delete: 'items', deletes: [{ q: { _id: id }, limit: 1 }], $db: 'shop' }),
    () => ({
      createIndexes: 'items',
      indexes: [{ key: { b: 1 }, name: `b_${random.int(1000)}` }],
      $db: 'shop',
    }),
  ])();
}

/** The answer's bytes, without the cursor id (which differs between two cursors). */
function answerBytes(reply: Doc): string {
  const cursor = reply.cursor as Doc | undefined;
  const answer = cursor ? { ...reply, cursor: { ...cursor, id: undefined } } : reply;
  return Buffer.from(serialize(answer, { ignoreUndefined: true })).toString('hex');
}

/**
 * The answer as it goes to the socket (wire.ts, with the encodings it keeps: each
 * document's, a batch's, a whole reply's), decoded again: stale bytes would show here.
 */
function sentAnswerBytes(reply: Doc): string {
  const message = Buffer.concat(encodeMsgReplyPieces(1, reply));
  return answerBytes(deserialize(message.subarray(16 + 5), DESERIALIZE_OPTIONS));
}

/**
 * Runs a random mix of writes and reads, and checks every read's answer (cached or not)
 * against the same read computed afresh with the cache emptied: the plain scan path.
 * A read is asked again after each write, so a write that failed to empty the cache
 * would show up as a stale answer.
 */
function checkSeed(seed: number, steps: number): void {
  const random = randomFrom(seed);
  const engine = new Engine();
  const context = contextOf(engine);
  let id = 0;
  const nextId = () => (id += 1);
  runCommand(
    {
      insert: 'items',
      documents: Array.from({ length: 20 }, () => randomDocument(random, nextId())),
      $db: 'shop',
    },
    context,
  );
  const recent: Doc[] = [];
  try {
    for (let step = 0; step < steps; step++) {
      if (random.next() < 0.3) runCommand(randomWrite(random, nextId), context);
      else recent.unshift(randomRead(random));
      recent.length = Math.min(recent.length, 6);
      const answers = recent.map((read) => sentAnswerBytes(runCommand(read, context)));
      recent.forEach((read, position) => {
        engine.collection('shop', 'items')?.results.clear();
        if (answerBytes(runCommand(read, context)) !== answers[position])
          throw new Error(`seed ${seed}, step ${step}: ${JSON.stringify(read)} answered stale`);
      });
      // Asked again, so that every one of them is in the cache when the next write comes.
      for (const read of recent) sentAnswerBytes(runCommand(read, context));
    }
  } finally {
    context.cursors.close();
  }
}

describe('read answers kept until the collection changes', () => {
  it('answers every read as the plain scan does, across random writes (seeds 1-12)', () => {
    for (let seed = 1; seed <= 12; seed++) checkSeed(seed, 40);
  });

  it('keeps no answer for a question whose answer can change without a write', () => {
    expect(resultKey('find', { filter: { $expr: { $lt: ['$at', '$$NOW'] } } })).toBeUndefined();
    expect(resultKey('find', { filter: { $where: 'true' } })).toBeUndefined();
    expect(resultKey('find', { filter: { $text: { $search: 'linen' } } })).toBeUndefined();
    expect(resultKey('find', { filter: {}, projection: { at: '$$NOW' } })).toBeUndefined();
    expect(resultKey('find', { filter: { a: { $gt: 1 } }, sort: { a: 1 } })).toBeDefined();
  });

  it('tells apart questions that differ only in a value type', () => {
    const keys = [new Int32(1), new Double(1), Long.fromNumber(1), '1', true].map((value) =>
      resultKey('find', { filter: { a: value } }),
    );
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('tells apart values that print alike: decimals, signed zeros, binaries, patterns', () => {
    const values = [
      Decimal128.fromString('1'),
      Decimal128.fromString('1.0'),
      new Double(0),
      new Double(-0),
      0,
      -0,
      new Binary(Buffer.from('ab'), 0),
      new Binary(Buffer.from('ab'), 4),
      /ab/i,
      /ab/,
      new Date(0),
      new Int32(0),
      Long.fromNumber(0),
      Long.fromNumber(0, true),
      new ObjectId('65a1b2c3d4e5f60718293a4b'),
      '65a1b2c3d4e5f60718293a4b',
      null,
      undefined,
    ];
    const keys = values.map((value) => resultKey('find', { filter: { a: value } }));
    expect(keys.every((key) => key !== undefined)).toBe(true);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('keeps strings apart from the structure around them', () => {
    const pairs = [
      [{ a: 'x",b:"y' }, { a: 'x', b: 'y' }],
      [{ a: ['x,', 'y'] }, { a: ['x', ',y'] }],
      [{ 'a":i1,"b': new Int32(1) }, { a: new Int32(1), b: new Int32(1) }],
      [{ a: { b: new Int32(1) } }, { 'a.b': new Int32(1) }],
      [{ a: [] }, { a: {} }],
      [{ a: undefined }, {}],
    ];
    for (const [left, right] of pairs)
      expect(resultKey('find', { filter: left })).not.toBe(resultKey('find', { filter: right }));
    expect(resultKey('find', { filter: {} })).not.toBe(resultKey('count', { filter: {} }));
    expect(resultKey('find', { filter: {}, sort: { a: 1 } })).not.toBe(
      resultKey('find', { filter: {}, projection: { a: 1 } }),
    );
  });

  it('gives a question the same key each time it arrives', () => {
    const bytes = serialize({
      filter: { published: true, at: { $not: { $gt: new Date(5) } }, tags: { $in: ['a', /b/] } },
      sort: { at: new Int32(-1), _id: new Int32(1) },
      limit: new Int32(50),
    });
    const [first, second] = [1, 2].map(() =>
      resultKey('find', deserialize(bytes, DESERIALIZE_OPTIONS)),
    );
    expect(first).toBeDefined();
    expect(second).toBe(first);
  });

  it('sends a cached list as the same bytes, and the new list right after a save', () => {
    const engine = new Engine();
    const context = contextOf(engine);
    const insert = (ids: number[]) =>
      runCommand(
        { insert: 'items', documents: ids.map((i) => ({ _id: new Int32(i) })), $db: 'shop' },
        context,
      );
    const list = { find: 'items', filter: {}, sort: { _id: -1 }, limit: new Int32(2), $db: 'shop' };
    const ids = () =>
      ((runCommand(list, context).cursor as Doc).firstBatch as Doc[]).map((doc) => Number(doc._id));
    insert([1, 2, 3]);
    const first = (runCommand(list, context).cursor as Doc).firstBatch;
    expect((runCommand(list, context).cursor as Doc).firstBatch).toBe(first);
    expect(ids()).toEqual([3, 2]);
    insert([4]);
    expect(ids()).toEqual([4, 3]);
    runCommand(
      { delete: 'items', deletes: [{ q: { _id: new Int32(4) }, limit: 0 }], $db: 'shop' },
      context,
    );
    expect(ids()).toEqual([3, 2]);
    context.cursors.close();
  });
});

describe('ResultCache', () => {
  /** Asks `key` and says whether the answer had to be computed. */
  const computed = (cache: ResultCache, key: string) => {
    let ran = false;
    cache.answer(key, () => (ran = true));
    return ran;
  };

  it('keeps an answer asked twice while hundreds of questions asked once come and go', () => {
    const cache = new ResultCache();
    expect(computed(cache, 'list')).toBe(true);
    expect(computed(cache, 'list')).toBe(false);
    for (let i = 0; i < 500; i++) computed(cache, `visitors at ${i}`);
    expect(computed(cache, 'list')).toBe(false);
    expect(cache.size).toBeLessThanOrEqual(64);
  });

  it('answers a question asked once from the cache when it comes again soon', () => {
    const cache = new ResultCache();
    computed(cache, 'first');
    for (let i = 0; i < 10; i++) computed(cache, `other ${i}`);
    expect(computed(cache, 'first')).toBe(false);
    for (let i = 0; i < 100; i++) computed(cache, `later ${i}`);
    expect(computed(cache, 'once, long ago')).toBe(true);
  });

  it('drops the answer asked again least recently when 48 others have been asked again', () => {
    const cache = new ResultCache();
    const twice = (key: string) => [computed(cache, key), computed(cache, key)];
    twice('kept');
    twice('dropped');
    for (let i = 0; i < 46; i++) twice(`page ${i}`);
    computed(cache, 'kept');
    twice('one more');
    expect(computed(cache, 'kept')).toBe(false);
    expect(computed(cache, 'dropped')).toBe(true);
  });

  it('keeps its answers within their bytes, and never an answer larger than its segment', () => {
    const cache = new ResultCache();
    const megabyte = (fill: string) => ({ data: fill.repeat(1024 * 1024) });
    let computedLarge = 0;
    const large = () =>
      cache.answer('five megabytes', () => {
        computedLarge++;
        return Array.from({ length: 5 }, () => megabyte('x'));
      });
    large();
    large();
    expect(computedLarge).toBe(2);
    for (let i = 0; i < 40; i++) {
      const page = () => [megabyte(String(i % 10))];
      cache.answer(`page ${i}`, page);
      cache.answer(`page ${i}`, page);
    }
    expect(cache.bytes).toBeLessThanOrEqual(20 * 1024 * 1024);
    expect(computed(cache, 'page 39')).toBe(false);
    expect(computed(cache, 'page 0')).toBe(true);
  });

  it('forgets every answer, asked once or again, when cleared', () => {
    const cache = new ResultCache();
    computed(cache, 'once');
    computed(cache, 'again');
    computed(cache, 'again');
    cache.clear();
    expect(cache.size).toBe(0);
    expect(computed(cache, 'once')).toBe(true);
    expect(computed(cache, 'again')).toBe(true);
  });
});
