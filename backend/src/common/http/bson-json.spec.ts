import mongoose from 'mongoose';
import { jsonOfDocument, jsonOfDocuments } from './bson-json';

const { BSON } = mongoose.mongo;
const { Binary, Decimal128, Double, Int32, Long, ObjectId, Timestamp } = BSON;

/** What the API sent before: the driver's decoding (as for lean()), then JSON.stringify. */
const viaObjects = (documents: Buffer[]) =>
  JSON.stringify(documents.map((bytes) => BSON.deserialize(bytes)));
const bson = (document: Record<string, unknown>) => Buffer.from(BSON.serialize(document));

describe('JSON straight from BSON', () => {
  it('writes a stored product exactly as JSON.stringify of the decoded document', () => {
    const product = bson({
      _id: new ObjectId('6650a1b2c3d4e5f60718293a'),
      ProductName: 'Indigo "Kora" — 100 % cotton',
      ProductPrice: 1250.5,
      ProductDescription: '<p class="lead">Woven\tby hand\nin Pune ✓ 🧵</p>\\',
      media: {
        width: 1920,
        variants: [72, 144].map((width) => ({ width, name: `a-${width}.webp` })),
      },
      tags: [],
      extra: {},
      published: true,
      draft: false,
      removedAt: null,
      createdAt: new Date('2026-11-01T10:20:30.456Z'),
      __v: 0,
    });
    expect(jsonOfDocuments([product, product])).toBe(viaObjects([product, product]));
    expect(jsonOfDocument(product)).toBe(JSON.stringify(BSON.deserialize(product)));
    expect(jsonOfDocuments([])).toBe('[]');
  });

  it('escapes every control character, quote and backslash as JSON.stringify does', () => {
    const text = Array.from({ length: 0x80 }, (_, code) => String.fromCharCode(code)).join('');
    const document = bson({ [`key ${text.slice(1)}`]: text, emoji: '\u{1f9f5}é\u2028\u2029' });
    expect(jsonOfDocument(document)).toBe(JSON.stringify(BSON.deserialize(document)));
  });

  it('writes numbers, 64-bit integers and dates at their limits as the driver decodes them', () => {
    const document = bson({
      zero: -0,
      tiny: 5e-324,
      huge: 1e21,
      nan: NaN,
      infinite: -Infinity,
      int32: new Int32(-2147483648),
      double: new Double(3),
      safeLong: Long.fromNumber(2 ** 53 - 1),
      negativeLong: Long.fromNumber(-(2 ** 40) - 7),
      epoch: new Date(0),
      beforeEpoch: new Date(-1),
      farFuture: new Date(8.64e15),
    });
    expect(jsonOfDocument(document)).toBe(JSON.stringify(BSON.deserialize(document)));
  });

  it('writes every date as toJSON does, across the years it writes with four digits and beyond', () => {
    const yearZero = Date.UTC(2000, 0, 1) - 730_485 * 86_400_000;
    const moments = [
      yearZero,
      yearZero - 1,
      Date.UTC(9999, 11, 31, 23, 59, 59, 999),
      Date.UTC(9999, 11, 31, 23, 59, 59, 999) + 1,
      Date.UTC(1900, 1, 28, 23, 59, 59, 999),
      Date.UTC(2000, 1, 29, 12),
      Date.UTC(2100, 2, 1),
      Date.UTC(1969, 11, 31, 23, 59, 59, 999),
      -8.64e15,
    ];
    // A day's worth of seconds apart, plus milliseconds, through 400 years (every leap rule).
    for (let moment = Date.UTC(1800, 0, 1); moment < Date.UTC(2200, 0, 1); moment += 86_399_001 * 7)
      moments.push(moment);
    const document = bson({ dates: moments.map((moment) => new Date(moment)) });
    expect(jsonOfDocument(document)).toBe(JSON.stringify(BSON.deserialize(document)));
  });

  it.each([
    ['a Decimal128', { price: Decimal128.fromString('12.50') }],
    ['binary data', { data: new Binary(Buffer.from('bytes')) }],
    ['a timestamp', { at: new Timestamp({ t: 1, i: 2 }) }],
    ['a regular expression', { pattern: /linen/i }],
    ['a 64-bit integer beyond 2^53', { big: Long.fromString('9007199254740993') }],
    ['a 64-bit integer below -2^53', { big: Long.fromString('-9007199254740993') }],
    ['a DBRef', { owner: { $ref: 'users', $id: new ObjectId('6650a1b2c3d4e5f60718293a') } }],
    ['a __proto__ key', JSON.parse('{"__proto__": {"isAdmin": true}}') as Record<string, unknown>],
    ['undefined', { gone: undefined }],
  ])('goes the driver’s way for %s, with the same text', (_name, value) => {
    const document = Buffer.from(
      BSON.serialize({ _id: 1, nested: [value], ...value }, { ignoreUndefined: false }),
    );
    expect(jsonOfDocuments([document])).toBe(viaObjects([document]));
  });

  it('refuses text that is not UTF-8, as the driver does', () => {
    const document = bson({ name: 'abc' });
    document[document.indexOf('abc')] = 0xff;
    expect(() => viaObjects([document])).toThrow();
    expect(() => jsonOfDocuments([document])).toThrow();
  });

  it('agrees with JSON.stringify on 500 random documents (seeded)', () => {
    let seed = 14;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    const pick = <T>(values: T[]) => values[Math.floor(random() * values.length)];
    const text = () =>
      Array.from({ length: Math.floor(random() * 12) }, () =>
        pick(['a', 'Z', ' ', '"', '\\', '\n', '\u0001', 'é', '—', '\u{1f9f5}', '<', '/']),
      ).join('');
    const value = (depth: number): unknown =>
      pick<() => unknown>([
        () => text(),
        () => random() * 1e6 - 5e5,
        () => Math.floor(random() * 1000),
        () => random() < 0.5,
        () => null,
        () => new Date(Math.floor(random() * 4e12)),
        () => new ObjectId(),
        () => (depth < 3 ? Array.from({ length: 3 }, () => value(depth + 1)) : 1),
        () => (depth < 3 ? documentOf(depth + 1) : 'leaf'),
      ])();
    const documentOf = (depth: number) =>
      Object.fromEntries(
        Array.from({ length: Math.floor(random() * 6) }, () => [text() || 'k', value(depth)]),
      );
    const documents = Array.from({ length: 500 }, () => bson(documentOf(0)));
    for (const document of documents)
      expect(jsonOfDocument(document)).toBe(JSON.stringify(BSON.deserialize(document)));
    expect(jsonOfDocuments(documents)).toBe(viaObjects(documents));
  });

  it('writes an answer larger than its working buffer', () => {
    const document = bson({ text: 'x'.repeat(3 * 1024 * 1024), after: 'y'.repeat(70_000) });
    expect(jsonOfDocuments([document, document])).toBe(viaObjects([document, document]));
  });
});
