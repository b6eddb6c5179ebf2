/**
 * Reads (find, count, distinct) through the official driver. Expected values follow
 * MongoDB's documented behaviour (MongoDB 7.0 manual), so the suite also
 * passes against a real mongod (MONGODB_URI=...).
 */
import { Document, Double, Int32, Long, ObjectId } from 'mongodb';
import { AnyDoc, serverError, useTarget } from '../test-support/target';

const t = useTarget('find');

const coll = (name: string) => t.db.collection<AnyDoc>(name);

describe('find', () => {
  beforeAll(async () => {
    await coll('people').insertMany([
      {
        _id: 1,
        name: 'ann',
        age: 31,
        tags: ['a', 'b'],
        addr: { city: 'Oslo', zip: '0150' },
        scores: [{ s: 10 }, { s: 80 }],
      },
      {
        _id: 2,
        name: 'bob',
        age: 25,
        tags: ['b'],
        addr: { city: 'Bergen', zip: '5003' },
        scores: [{ s: 50 }],
      },
      { _id: 3, name: 'cid', age: 40, tags: [], addr: { city: 'Oslo', zip: '0151' } },
      { _id: 4, name: 'dee', age: 25, tags: ['c', 'a'] },
      { _id: 5, name: 'eve', age: null },
    ]);
  });
  const people = () => coll('people');
  const ids = (docs: Document[]) => docs.map((d) => d._id);

  it('filters with comparison, logical, array, element and regex operators', async () => {
    expect(
      ids(
        await people()
          .find({ age: { $gte: 30 } })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toEqual([1, 3]);
    expect(
      ids(
        await people()
          .find({ $or: [{ age: 25 }, { name: 'cid' }] })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toEqual([2, 3, 4]);
    expect(ids(await people().find({ tags: 'a' }).sort({ _id: 1 }).toArray())).toEqual([1, 4]);
    expect(
      ids(
        await people()
          .find({ tags: { $all: ['a', 'b'] } })
          .toArray(),
      ),
    ).toEqual([1]);
    expect(
      ids(
        await people()
          .find({ tags: { $size: 0 } })
          .toArray(),
      ),
    ).toEqual([3]);
    expect(ids(await people().find({ 'addr.city': 'Oslo' }).sort({ _id: 1 }).toArray())).toEqual([
      1, 3,
    ]);
    expect(
      ids(
        await people()
          .find({ scores: { $elemMatch: { s: { $gt: 60 } } } })
          .toArray(),
      ),
    ).toEqual([1]);
    expect(ids(await people().find({ 'scores.s': 50 }).toArray())).toEqual([2]);
    expect(
      ids(
        await people()
          .find({ addr: { $exists: false } })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toEqual([4, 5]);
    expect(ids(await people().find({ name: /^[ab]/ }).sort({ _id: 1 }).toArray())).toEqual([1, 2]);
    expect(
      ids(
        await people()
          .find({ name: { $regex: 'E', $options: 'i' } })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toEqual([4, 5]);
    expect(
      ids(
        await people()
          .find({ age: { $not: { $gt: 30 } } })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toEqual([2, 4, 5]);
    expect(
      ids(
        await people()
          .find({ $nor: [{ age: 25 }, { age: null }] })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toEqual([1, 3]);
    expect(
      ids(
        await people()
          .find({ _id: { $in: [5, 2, 99] } })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toEqual([2, 5]);
    expect(
      ids(
        await people()
          .find({ $expr: { $gt: ['$age', 30] } })
          .sort({ _id: 1 })
          .toArray(),
      ),
    ).toEqual([1, 3]);
  });

  it('matches a field by equality across number types and array elements, never across types', async () => {
    const when = new Date('2026-11-01T10:00:00Z');
    const ref = new ObjectId();
    await coll('equal').insertMany([
      { _id: 1, v: new Int32(1), on: true, at: when, ref },
      { _id: 2, v: new Double(1.0), on: false, at: new Date(0), ref: new ObjectId() },
      { _id: 3, v: Long.fromNumber(1), on: 1 },
      { _id: 4, v: [3, 1], on: [false, true] },
      { _id: 5, v: '1', on: 'true' },
      { _id: 6, v: [[1]], on: null },
      { _id: 7, v: { a: 1 } },
      { _id: 8, v: 2 },
      { _id: 9 },
    ]);
    const find = async (filter: AnyDoc) =>
      ids(await coll('equal').find(filter).sort({ _id: 1 }).toArray());
    expect(await find({ v: 1 })).toEqual([1, 2, 3, 4]);
    expect(await find({ v: new Double(1) })).toEqual([1, 2, 3, 4]);
    expect(await find({ v: '1' })).toEqual([5]);
    expect(await find({ on: true })).toEqual([1, 4]);
    expect(await find({ at: when })).toEqual([1]);
    expect(await find({ ref })).toEqual([1]);
    expect(await find({ v: 1, on: true })).toEqual([1, 4]);
    expect(await find({ _id: 4, v: 3 })).toEqual([4]);
    expect(await find({ _id: 4, v: 2 })).toEqual([]);
    expect(await coll('equal').countDocuments({ v: 1, on: false })).toBe(2);
  });

  it('null matches null and missing', async () => {
    await coll('nulls').insertMany([{ _id: 1, a: null }, { _id: 2 }, { _id: 3, a: 0 }]);
    expect(ids(await coll('nulls').find({ a: null }).sort({ _id: 1 }).toArray())).toEqual([1, 2]);
    expect(
      ids(
        await coll('nulls')
          .find({ a: { $type: 'null' } })
          .toArray(),
      ),
    ).toEqual([1]);
  });

  it('sorts, skips and limits', async () => {
    expect(ids(await people().find().sort({ age: -1, _id: 1 }).toArray())).toEqual([3, 1, 2, 4, 5]);
    expect(ids(await people().find().sort({ age: 1, _id: -1 }).skip(1).limit(2).toArray())).toEqual(
      [4, 2],
    );
    expect(ids(await people().find().sort({ 'addr.zip': 1, _id: 1 }).toArray())).toEqual([
      4, 5, 1, 3, 2,
    ]);
    // Arrays sort by their smallest element ascending and their largest descending; an empty
    // array before null and missing fields.
    expect(ids(await people().find().sort({ tags: 1, _id: 1 }).toArray())).toEqual([3, 5, 1, 4, 2]);
    expect(ids(await people().find().sort({ tags: -1, _id: 1 }).toArray())).toEqual([
      4, 1, 2, 5, 3,
    ]);
  });

  it('a negative limit returns a single batch and closes the cursor', async () => {
    const r = await t.db.command({ find: 'people', sort: { _id: 1 }, limit: -2 });
    expect(r.cursor.firstBatch.map((d: Document) => d._id)).toEqual([1, 2]);
    expect(Number(r.cursor.id)).toBe(0);
    expect(r.cursor.ns).toBe(`${t.dbName}.people`);
  });

  it('projects with inclusion, exclusion, dotted paths, $slice and $elemMatch', async () => {
    expect(await people().findOne({ _id: 1 }, { projection: { name: 1 } })).toEqual({
      _id: 1,
      name: 'ann',
    });
    expect(await people().findOne({ _id: 1 }, { projection: { name: 1, _id: 0 } })).toEqual({
      name: 'ann',
    });
    expect(
      await people().findOne({ _id: 2 }, { projection: { tags: 0, scores: 0, addr: 0 } }),
    ).toEqual({ _id: 2, name: 'bob', age: 25 });
    expect(await people().findOne({ _id: 1 }, { projection: { 'addr.city': 1 } })).toEqual({
      _id: 1,
      addr: { city: 'Oslo' },
    });
    expect(
      await people().findOne({ _id: 1 }, { projection: { 'addr.zip': 0, tags: 0, scores: 0 } }),
    ).toEqual({
      _id: 1,
      name: 'ann',
      age: 31,
      addr: { city: 'Oslo' },
    });
    expect(await people().findOne({ _id: 1 }, { projection: { 'scores.s': 1 } })).toEqual({
      _id: 1,
      scores: [{ s: 10 }, { s: 80 }],
    });
    expect(
      await people().findOne({ _id: 4 }, { projection: { tags: { $slice: 1 }, name: 1 } }),
    ).toEqual({ _id: 4, name: 'dee', tags: ['c'] });
    expect(
      await people().findOne(
        { _id: 1 },
        { projection: { scores: { $elemMatch: { s: { $gt: 50 } } } } },
      ),
    ).toEqual({
      _id: 1,
      scores: [{ s: 80 }],
    });
  });

  it('rejects mixing inclusion and exclusion (31254)', async () => {
    const err = await serverError(people().findOne({}, { projection: { name: 1, age: 0 } }));
    expect(err.code).toBe(31254);
  });

  it('looks up by _id including $in (populate-style)', async () => {
    const c = coll('byid');
    const a = new ObjectId();
    const b = new ObjectId();
    await c.insertMany([{ _id: a, v: 1 }, { _id: b, v: 2 }, { v: 3 }]);
    expect(await c.findOne({ _id: new ObjectId(a.toHexString()) })).toEqual({ _id: a, v: 1 });
    expect(
      (
        await c
          .find({ _id: { $in: [b, a] } })
          .sort({ v: 1 })
          .toArray()
      ).map((d) => d.v),
    ).toEqual([1, 2]);
    expect(await c.findOne({ _id: a, v: 2 })).toBeNull();
  });

  it('$text search over a text index (words OR, phrases, negation, diacritics)', async () => {
    const c = coll('texts');
    await c.insertMany([
      { _id: 1, title: 'Coffee and cake' },
      { _id: 2, title: 'coffee shop' },
      { _id: 3, title: 'Tea shop' },
      { _id: 4, title: 'Café latte' },
    ]);
    const noIndex = await serverError(c.find({ $text: { $search: 'coffee' } }).toArray());
    expect(noIndex.code).toBe(27);
    await c.createIndex({ title: 'text' });
    const q = async (search: string) =>
      ids(
        await c
          .find({ $text: { $search: search } })
          .sort({ _id: 1 })
          .toArray(),
      );
    expect(await q('coffee')).toEqual([1, 2]);
    expect(await q('coffee -shop')).toEqual([1]);
    expect(await q('tea cake')).toEqual([1, 3]);
    expect(await q('"tea shop"')).toEqual([3]);
    expect(await q('cafe')).toEqual([4]);
  });

  it('returns nothing (not an error) for a missing collection', async () => {
    expect(await coll('does_not_exist').find({}).toArray()).toEqual([]);
    expect(await coll('does_not_exist').countDocuments()).toBe(0);
  });
});

describe('count and distinct', () => {
  beforeAll(async () => {
    await coll('cd').insertMany([
      { _id: 1, c: 'red', t: ['x', 'y'], n: 1 },
      { _id: 2, c: 'blue', t: ['y'], n: 2 },
      { _id: 3, c: 'red', t: 'z', n: 3 },
      { _id: 4, n: 4 },
    ]);
  });

  it('counts with query, skip and limit', async () => {
    expect(await coll('cd').countDocuments({ c: 'red' })).toBe(2);
    expect(await coll('cd').countDocuments({}, { skip: 1, limit: 2 })).toBe(2);
    expect(await coll('cd').estimatedDocumentCount()).toBe(4);
    expect(await t.db.command({ count: 'cd', query: { n: { $gt: 1 } } })).toMatchObject({
      n: 3,
      ok: 1,
    });
    expect(await t.db.command({ count: 'cd', query: {}, skip: 3, limit: 5 })).toMatchObject({
      n: 1,
    });
    expect(await t.db.command({ count: 'missing_coll' })).toMatchObject({ n: 0, ok: 1 });
  });

  it('counts through aggregation as countDocuments does, with any constant group key', async () => {
    expect(await coll('cd').countDocuments({ c: 'red' }, { skip: 1 })).toBe(1);
    expect(await coll('cd').countDocuments({ c: 'red' }, { skip: 5 })).toBe(0);
    expect(await coll('cd').countDocuments({ c: 'green' })).toBe(0);
    expect(await coll('cd').countDocuments({ n: { $gte: 2 } }, { limit: 2 })).toBe(2);
    const group = (_id: unknown, match: AnyDoc = { c: 'red' }) =>
      coll('cd')
        .aggregate([{ $match: match }, { $group: { _id, total: { $sum: 1 } } }])
        .toArray();
    expect(await group(1)).toEqual([{ _id: 1, total: 2 }]);
    expect(await group(null)).toEqual([{ _id: null, total: 2 }]);
    expect(await group('all')).toEqual([{ _id: 'all', total: 2 }]);
    expect(await group(null, { c: 'green' })).toEqual([]);
    // A key that is a path groups by it: not a count of everything.
    expect(await group('$c', {})).toHaveLength(3);
  });

  it('returns distinct values, flattening arrays', async () => {
    expect((await coll('cd').distinct('c')).sort()).toEqual(['blue', 'red']);
    expect((await coll('cd').distinct('t')).sort()).toEqual(['x', 'y', 'z']);
    expect((await coll('cd').distinct('n', { c: 'red' })).sort()).toEqual([1, 3]);
    expect(await coll('missing_coll').distinct('x')).toEqual([]);
  });
});
