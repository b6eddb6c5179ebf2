/**
 * BSON type fidelity and the places where the embedded server corrects mingo
 * to behave like MongoDB (each correction has a test in "mingo fixes").
 */
import {
  Binary,
  BSONRegExp,
  Decimal128,
  Double,
  Int32,
  Long,
  MaxKey,
  MinKey,
  MongoServerError,
  ObjectId,
  Timestamp,
  UpdateFilter,
} from 'mongodb';
import { AnyDoc, useTarget } from '../test-support/target';

const t = useTarget('types');

const coll = (name: string) => t.db.collection<AnyDoc>(name);
const typed = { promoteValues: false } as const;

describe('round trips keep BSON types', () => {
  it('numbers, dates, binary, timestamps, nested values', async () => {
    const c = coll('rt');
    const oid = new ObjectId();
    const when = new Date('2024-05-06T07:08:09.123Z');
    await c.insertOne({
      _id: 1,
      i: new Int32(1),
      d: new Double(1),
      dfrac: new Double(2.5),
      l: Long.fromString('9007199254740993'),
      dec: Decimal128.fromString('12345678901234567890.123456789'),
      when,
      bin: new Binary(Buffer.from([1, 2, 3]), 0),
      uuid: new Binary(Buffer.from('0123456789abcdef0123456789abcdef', 'hex'), 4),
      ts: new Timestamp({ t: 1700000000, i: 7 }),
      oid,
      nul: null,
      bool: true,
      nested: { a: [new Int32(1), new Double(2), { b: Long.fromNumber(3) }] },
    });
    const d = await c.findOne({ _id: 1 }, typed);
    if (!d) throw new Error('missing');
    expect(d.i).toBeInstanceOf(Int32);
    expect(d.d).toBeInstanceOf(Double);
    expect(d.d.value).toBe(1);
    expect(d.dfrac).toBeInstanceOf(Double);
    expect(d.l).toBeInstanceOf(Long);
    expect(d.l.toString()).toBe('9007199254740993');
    expect(d.dec).toBeInstanceOf(Decimal128);
    expect(d.dec.toString()).toBe('12345678901234567890.123456789');
    expect(d.when).toEqual(when);
    expect(d.bin).toBeInstanceOf(Binary);
    expect(Buffer.from(d.bin.buffer)).toEqual(Buffer.from([1, 2, 3]));
    expect(d.uuid.sub_type).toBe(4);
    expect(d.ts).toBeInstanceOf(Timestamp);
    expect([d.ts.t, d.ts.i]).toEqual([1700000000, 7]);
    expect(d.oid.equals(oid)).toBe(true);
    expect(d.nul).toBeNull();
    expect(d.bool).toBe(true);
    expect(d.nested.a[0]).toBeInstanceOf(Int32);
    expect(d.nested.a[1]).toBeInstanceOf(Double);
    expect(d.nested.a[2].b).toBeInstanceOf(Long);
  });

  it('updates leave untouched fields typed and follow MongoDB numeric promotion', async () => {
    const c = coll('promo');
    await c.insertOne({
      _id: 1,
      i: new Int32(1),
      big: new Int32(2147483647),
      d: new Double(1),
      l: Long.fromNumber(10),
      dec: Decimal128.fromString('0.1'),
      keep: new Double(3),
    });
    await c.updateOne(
      { _id: 1 },
      {
        $inc: {
          i: new Int32(1),
          big: new Int32(1),
          d: new Int32(1),
          l: new Int32(1),
          dec: Decimal128.fromString('0.2'),
        },
        $set: { other: 1 },
      },
    );
    const d = await c.findOne({ _id: 1 }, typed);
    if (!d) throw new Error('missing');
    expect(d.i).toBeInstanceOf(Int32);
    expect(d.i.value).toBe(2);
    expect(d.big).toBeInstanceOf(Long); // int32 overflow promotes to long
    expect(d.big.toString()).toBe('2147483648');
    expect(d.d).toBeInstanceOf(Double);
    expect(d.d.value).toBe(2);
    expect(d.l).toBeInstanceOf(Long);
    expect(d.l.toString()).toBe('11');
    expect(d.dec).toBeInstanceOf(Decimal128);
    expect(d.dec.toString()).toBe('0.3'); // exact decimal arithmetic, not 0.30000000000000004
    expect(d.keep).toBeInstanceOf(Double);

    await c.updateOne(
      { _id: 1 },
      { $mul: { i: new Double(1.5), dec: Decimal128.fromString('3') } },
    );
    const m = await c.findOne({ _id: 1 }, typed);
    expect(m?.i).toBeInstanceOf(Double);
    expect(m?.i.value).toBe(3);
    expect(m?.dec.toString()).toBe('0.9');
  });

  it('numeric equality crosses int/long/double/decimal', async () => {
    const c = coll('numeq');
    await c.insertMany([
      { _id: 'i', v: new Int32(5) },
      { _id: 'd', v: new Double(5) },
      { _id: 'l', v: Long.fromNumber(5) },
      { _id: 'm', v: Decimal128.fromString('5.0') },
      { _id: 'x', v: new Double(5.5) },
    ]);
    expect((await c.find({ v: 5 }).toArray()).map((d) => d._id).sort()).toEqual([
      'd',
      'i',
      'l',
      'm',
    ]);
    expect(
      (await c.find({ v: { $gt: Decimal128.fromString('5.1') } }).toArray()).map((d) => d._id),
    ).toEqual(['x']);
  });

  it('aggregate keeps stored types for fields it passes through', async () => {
    const c = coll('aggtypes');
    await c.insertOne({
      _id: 1,
      d: new Double(2),
      i: new Int32(2),
      dec: Decimal128.fromString('1.50'),
    });
    const r = await c
      .aggregate([{ $match: { _id: 1 } }, { $project: { d: 1, dec: 1 } }], typed)
      .toArray();
    expect(r[0].d).toBeInstanceOf(Double);
    expect(r[0].dec).toBeInstanceOf(Decimal128);
    expect(r[0].dec.toString()).toBe('1.50');
  });

  it('sorts mixed types in BSON order', async () => {
    const c = coll('order');
    const values: [string, unknown][] = [
      ['maxkey', new MaxKey()],
      ['regex', new BSONRegExp('a', '')],
      ['timestamp', new Timestamp({ t: 1, i: 1 })],
      ['date', new Date(0)],
      ['bool', false],
      ['objectid', new ObjectId()],
      ['bindata', new Binary(Buffer.from([0]))],
      ['object', { a: 1 }],
      ['string', 'a'],
      ['number', 1],
      ['null', null],
      ['minkey', new MinKey()],
    ];
    await c.insertMany(values.map(([name, v]) => ({ name, v })));
    const asc = (await c.find().sort({ v: 1 }).toArray()).map((d) => d.name);
    expect(asc).toEqual([
      'minkey',
      'null',
      'number',
      'string',
      'object',
      'bindata',
      'objectid',
      'bool',
      'date',
      'timestamp',
      'regex',
      'maxkey',
    ]);
    const desc = (await c.aggregate([{ $sort: { v: -1 } }]).toArray()).map((d) => d.name);
    expect(desc).toEqual([...asc].reverse());
  });
});

describe('mingo fixes (MongoDB behaviour where mingo differs)', () => {
  it('$inc on a string fails with TypeMismatch instead of being ignored', async () => {
    const c = coll('fix_inc');
    await c.insertOne({ _id: 1, n: 'ten' });
    const err = await c.updateOne({ _id: 1 }, { $inc: { n: 1 } }).catch((e) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    // writeErrors carry no codeName (in MongoDB either), only the code.
    expect(err.code).toBe(14);
  });

  it('$push onto a non-array fails instead of being ignored', async () => {
    const c = coll('fix_push');
    const id = new ObjectId();
    await c.insertOne({ _id: id, list: 'x' });
    const err = await c
      .updateOne({ _id: id }, { $push: { list: 1 } } as unknown as UpdateFilter<AnyDoc>)
      .catch((e) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(err.code).toBe(2);
    expect(err.message).toBe(
      `The field 'list' must be an array but is of type string in document {_id: ObjectId('${id.toHexString()}')}`,
    );
  });

  it("$type: 'objectId' (and other BSON type names) match", async () => {
    const c = coll('fix_type');
    await c.insertMany([
      { _id: 1, v: new ObjectId() },
      { _id: 2, v: new Int32(1) },
      { _id: 3, v: new Double(1) },
      { _id: 4, v: Long.fromNumber(1) },
      { _id: 5, v: Decimal128.fromString('1') },
      { _id: 6, v: 'x' },
      { _id: 7, v: new Date() },
      { _id: 8, v: [new ObjectId(), 1] },
      { _id: 9, v: true },
    ]);
    const ids = async (type: unknown) =>
      (
        await c
          .find({ v: { $type: type as never } })
          .sort({ _id: 1 })
          .toArray()
      ).map((d) => d._id);
    expect(await ids('objectId')).toEqual([1, 8]);
    expect(await ids(7)).toEqual([1, 8]);
    expect(await ids('int')).toEqual([2, 8]);
    expect(await ids('double')).toEqual([3]);
    expect(await ids('long')).toEqual([4]);
    expect(await ids('decimal')).toEqual([5]);
    expect(await ids('number')).toEqual([2, 3, 4, 5, 8]);
    expect(await ids(['string', 'bool'])).toEqual([6, 9]);
    expect(await ids('date')).toEqual([7]);
    expect(await ids('array')).toEqual([8]);
    const agg = await c
      .aggregate([{ $match: { v: { $type: 'objectId' } } }, { $count: 'n' }])
      .toArray();
    expect(agg).toEqual([{ n: 2 }]);
  });

  it('sorts ObjectId before Date (BSON order), in find and aggregate', async () => {
    const c = coll('fix_sort');
    await c.insertMany([
      { _id: 1, v: new Date(0) },
      { _id: 2, v: new ObjectId() },
      { _id: 3, v: 'str' },
    ]);
    expect((await c.find().sort({ v: 1 }).toArray()).map((d) => d._id)).toEqual([3, 2, 1]);
    expect((await c.aggregate([{ $sort: { v: 1 } }]).toArray()).map((d) => d._id)).toEqual([
      3, 2, 1,
    ]);
  });

  it('Decimal128 arithmetic is exact', async () => {
    const c = coll('fix_decimal');
    await c.insertOne({ _id: 1, price: Decimal128.fromString('19.99') });
    for (let i = 0; i < 3; i++)
      await c.updateOne({ _id: 1 }, { $inc: { price: Decimal128.fromString('0.01') } });
    await c.updateOne({ _id: 1 }, { $mul: { price: Decimal128.fromString('10') } });
    const d = await c.findOne({ _id: 1 }, typed);
    expect(d?.price).toBeInstanceOf(Decimal128);
    expect(Number(d?.price.toString())).toBe(200.2);
    expect(
      await c.countDocuments({
        price: { $gt: Decimal128.fromString('200.1'), $lt: Decimal128.fromString('200.3') },
      }),
    ).toBe(1);
  });
});
