/** The filters matched without mingo give mingo's answers, on random documents and filters. */
import { Decimal128, Double, Int32, Long, ObjectId } from 'bson';
import { fieldConditionsMatcher } from './field-conditions';
import { compileFilter, mingoMatcher } from './query';
import type { Doc } from './values';
import { randomFrom, type Random } from './test-support/random';

const day = (n: number) => new Date(Date.UTC(2026, 10, n));
const OID = new ObjectId('64b7f0a1c2d3e4f5a6b7c8d9');
/** Values documents hold: every kind the comparisons tell apart, and their edges. */
const STORED = [
  new Int32(1),
  new Double(1),
  new Double(2.5),
  Long.fromNumber(3),
  Decimal128.fromString('2'),
  new Double(NaN),
  -0,
  'a',
  'b',
  'B',
  '',
  'é',
  day(1),
  day(2),
  new Date(NaN),
  true,
  false,
  null,
  OID,
  { nested: new Int32(1) },
  [],
  [new Int32(1), 'b'],
  [day(2), new Double(2.5)],
  [[new Int32(3)]],
] as const;
/** Values filters hold: the scalars the fast path accepts, and some it must leave to mingo. */
const ASKED = [
  new Int32(1),
  new Double(2.5),
  Long.fromNumber(3),
  new Double(0),
  'a',
  'b',
  '',
  day(1),
  day(2),
  true,
  OID,
] as const;

function randomDocument(random: Random, id: number): Doc {
  const document: Doc = { _id: new Int32(id) };
  for (const field of ['a', 'b']) if (random.next() < 0.85) document[field] = random.pick(STORED);
  return document;
}

function randomCondition(random: Random, depth = 0): unknown {
  const value = () => random.pick(ASKED);
  const choices: (() => unknown)[] = [
    value,
    () => ({ $eq: value() }),
    () => ({ $in: [value(), value()] }),
    () => ({ $gt: value() }),
    () => ({ $gte: value() }),
    () => ({ $lt: value() }),
    () => ({ $lte: value() }),
    () => ({ $gt: value(), $lte: value() }),
  ];
  if (depth === 0) choices.push(() => ({ $not: randomCondition(random, 1) }));
  const condition = random.pick(choices)();
  // $not takes operators only, as in MongoDB.
  return depth > 0 && !(condition instanceof Object && !(condition instanceof Date))
    ? { $eq: condition }
    : condition;
}

function randomFilter(random: Random): Doc {
  const filter: Doc = { a: randomCondition(random) };
  if (random.next() < 0.4) filter.b = randomCondition(random);
  return filter;
}

const matchedIds = (documents: Doc[], match: (doc: Doc) => boolean) =>
  documents.filter(match).map((document) => Number(document._id));

function checkSeed(seed: number, filters: number): void {
  const random = randomFrom(seed);
  const documents = Array.from({ length: 40 }, (_, id) => randomDocument(random, id));
  for (let step = 0; step < filters; step++) {
    const filter = randomFilter(random);
    const fast = matchedIds(documents, compileFilter(filter));
    const mingo = matchedIds(documents, mingoMatcher(filter));
    if (fast.join() !== mingo.join())
      throw new Error(
        `seed ${seed}, step ${step}: ${JSON.stringify(filter)} matched ${fast.join()}, mingo ${mingo.join()}`,
      );
  }
}

describe('filters on top-level fields, matched without mingo', () => {
  it('match the documents mingo matches, for random filters (seeds 1-30)', () => {
    for (let seed = 1; seed <= 30; seed++) checkSeed(seed, 50);
  });

  it('find no valid date equal to an invalid one (seed 2, step 10, pinned)', () => {
    const documents: Doc[] = [
      { _id: 1, a: new Date(NaN) },
      { _id: 2, a: day(1) },
    ];
    expect(matchedIds(documents, compileFilter({ a: { $not: { $eq: day(1) } } }))).toEqual([1]);
    expect(matchedIds(documents, compileFilter({ a: day(1) }))).toEqual([2]);
  });

  it("take the API's filter for what visitors see (published, not to be published later)", () => {
    const now = day(10);
    const filter = { published: true, publishAt: { $not: { $gt: now } } };
    expect(fieldConditionsMatcher(filter)).toBeDefined();
    const documents: Doc[] = [
      { _id: 1, published: true },
      { _id: 2, published: true, publishAt: day(9) },
      { _id: 3, published: true, publishAt: now },
      { _id: 4, published: true, publishAt: day(11) },
      { _id: 5, published: false, publishAt: day(9) },
      { _id: 6, published: true, publishAt: null },
    ];
    expect(matchedIds(documents, compileFilter(filter))).toEqual([1, 2, 3, 6]);
    expect(matchedIds(documents, mingoMatcher(filter))).toEqual([1, 2, 3, 6]);
  });

  it('compare a number with numbers of every BSON type, and never with a string or date', () => {
    const documents: Doc[] = [
      { _id: 1, price: new Int32(5) },
      { _id: 2, price: new Double(5.5) },
      { _id: 3, price: Long.fromNumber(6) },
      { _id: 4, price: Decimal128.fromString('7') },
      { _id: 5, price: '9' },
      { _id: 6, price: day(1) },
      { _id: 7, price: [new Int32(1), new Int32(8)] },
    ];
    expect(matchedIds(documents, compileFilter({ price: { $gte: new Double(5.5) } }))).toEqual([
      2, 3, 4, 7,
    ]);
    expect(matchedIds(documents, compileFilter({ price: { $lt: new Int32(2) } }))).toEqual([7]);
  });

  it('leave to mingo what they do not know: dotted paths, null, regular expressions, other operators', () => {
    for (const filter of [
      { 'media.width': { $gt: 100 } },
      { deletedAt: null },
      { name: /linen/i },
      { name: { $regex: 'linen' } },
      { tags: { $size: 2 } },
      { a: { $gt: true } },
      { a: { $gt: OID } },
      { a: { $not: /x/ } },
      { a: { $gt: new Double(NaN) } },
      { $or: [{ a: 1 }] },
      { a: {} },
    ])
      expect(fieldConditionsMatcher(filter)).toBeUndefined();
  });
});
