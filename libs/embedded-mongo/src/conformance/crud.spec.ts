/**
 * CRUD conformance through the official driver. Expected values follow
 * MongoDB's documented behaviour (MongoDB 7.0 manual), so the suite also
 * passes against a real mongod (MONGODB_URI=...).
 */
import {
  Document,
  Double,
  Int32,
  Long,
  MongoBulkWriteError,
  MongoServerError,
  ObjectId,
  UpdateFilter,
} from 'mongodb';
import { AnyDoc, serverError, useTarget } from '../test-support/target';

const t = useTarget('crud');

const coll = (name: string) => t.db.collection<AnyDoc>(name);

describe('insert', () => {
  it('generates an ObjectId _id and stores it as the first field', async () => {
    const c = coll('ins_gen');
    const r = await c.insertOne({ name: 'a' });
    expect(r.insertedId).toBeInstanceOf(ObjectId);
    const doc = await c.findOne({ _id: r.insertedId });
    expect(Object.keys(doc ?? {})).toEqual(['_id', 'name']);
  });

  it('moves a client-supplied _id to the front of the document', async () => {
    const c = coll('ins_front');
    await c.insertOne({ a: 1, b: 2, _id: 'x' });
    expect(Object.keys((await c.findOne({ _id: 'x' })) ?? {})).toEqual(['_id', 'a', 'b']);
  });

  it('answers the raw insert command with n and ok', async () => {
    const r = await t.db.command({ insert: 'ins_raw', documents: [{ _id: 1 }, { _id: 2 }] });
    expect(r).toMatchObject({ n: 2, ok: 1 });
    expect(r.writeErrors).toBeUndefined();
  });

  it('reports duplicate _id as a writeError with MongoDB shape', async () => {
    await t.db.command({ insert: 'ins_dup', documents: [{ _id: 1 }] });
    const r = await t.db.command({
      insert: 'ins_dup',
      documents: [{ _id: 2 }, { _id: 1 }, { _id: 3 }],
    });
    expect(r.n).toBe(1);
    expect(r.writeErrors).toHaveLength(1);
    expect(r.writeErrors[0]).toMatchObject({
      index: 1,
      code: 11000,
      errmsg: `E11000 duplicate key error collection: ${t.dbName}.ins_dup index: _id_ dup key: { _id: 1 }`,
      keyPattern: { _id: 1 },
      keyValue: { _id: 1 },
    });
    expect(await coll('ins_dup').countDocuments()).toBe(2);
  });

  it('ordered insertMany stops at the first error (MongoBulkWriteError 11000)', async () => {
    const c = coll('ins_ordered');
    await c.insertOne({ _id: 2 });
    const err = await c.insertMany([{ _id: 1 }, { _id: 2 }, { _id: 3 }]).catch((e) => e);
    expect(err).toBeInstanceOf(MongoBulkWriteError);
    expect(err.code).toBe(11000);
    expect(err.result.insertedCount).toBe(1);
    expect(err.writeErrors[0].index).toBe(1);
    expect((await c.find().sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual([1, 2]);
  });

  it('unordered insertMany continues after an error', async () => {
    const c = coll('ins_unordered');
    await c.insertOne({ _id: 2 });
    const err = await c
      .insertMany([{ _id: 1 }, { _id: 2 }, { _id: 3 }], { ordered: false })
      .catch((e) => e);
    expect(err).toBeInstanceOf(MongoBulkWriteError);
    expect(err.result.insertedCount).toBe(2);
    expect((await c.find().sort({ _id: 1 }).toArray()).map((d) => d._id)).toEqual([1, 2, 3]);
  });

  it('insertOne duplicate surfaces as MongoServerError with keyPattern/keyValue', async () => {
    const c = coll('ins_one_dup');
    await c.insertOne({ _id: 'k' });
    const err = await serverError(c.insertOne({ _id: 'k' }));
    expect(err.code).toBe(11000);
    expect(err.keyPattern).toEqual({ _id: 1 });
    expect(err.keyValue).toEqual({ _id: 'k' });
    expect(err.message).toBe(
      `E11000 duplicate key error collection: ${t.dbName}.ins_one_dup index: _id_ dup key: { _id: "k" }`,
    );
  });

  it('refuses an array _id with InvalidIdField (53)', async () => {
    const err = await serverError(coll('ins_badid').insertOne({ _id: [1, 2] as never }));
    expect(err.code).toBe(53);
    expect(err.message).toContain("The '_id' value cannot be of type array");
  });

  it('refuses documents over 16 MiB and writes nothing', async () => {
    const c = coll('ins_big');
    const err = await c.insertOne({ s: 'x'.repeat(16 * 1024 * 1024 + 100) }).catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    // mongod answers BadValue "object to insert too large" (or the driver refuses before sending).
    if (err instanceof MongoServerError) {
      expect(err.code).toBe(2);
      expect(err.message).toMatch(/object to insert too large/);
    }
    expect(await c.countDocuments()).toBe(0);
  });
});

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

describe('update', () => {
  it('applies field operators', async () => {
    const c = coll('upd_ops');
    await c.insertOne({ _id: 1, a: 1, b: 'x', n: 5, m: 2, lo: 5, hi: 5, old: 'r', gone: true });
    await c.updateOne(
      { _id: 1 },
      {
        $set: { b: 'y', 'nested.deep': 1 },
        $unset: { gone: '' },
        $inc: { a: 2 },
        $mul: { m: 3 },
        $min: { lo: 3 },
        $max: { hi: 9 },
        $rename: { old: 'renamed' },
        $currentDate: { at: true },
      },
    );
    const d = await c.findOne({ _id: 1 });
    expect(d).toMatchObject({
      _id: 1,
      a: 3,
      b: 'y',
      m: 6,
      lo: 3,
      hi: 9,
      renamed: 'r',
      nested: { deep: 1 },
    });
    expect(d).not.toHaveProperty('gone');
    expect(d).not.toHaveProperty('old');
    expect(d?.at).toBeInstanceOf(Date);
  });

  it('applies array operators', async () => {
    const c = coll('upd_arr');
    await c.insertOne({
      _id: 1,
      a: [3, 1],
      s: ['x'],
      p: [1, 2, 3, 4, 5, 2],
      q: [1, 2, 3],
      r: [{ k: 1 }, { k: 2 }],
    });
    await c.updateOne({ _id: 1 }, {
      $push: { a: { $each: [5, 0], $sort: 1, $slice: 3 } },
      $addToSet: { s: { $each: ['x', 'y'] } },
      $pull: { p: { $gte: 4 }, r: { k: 2 } },
      $pop: { q: -1 },
    } as unknown as UpdateFilter<AnyDoc>);
    expect(await c.findOne({ _id: 1 })).toEqual({
      _id: 1,
      a: [0, 1, 3],
      s: ['x', 'y'],
      p: [1, 2, 3, 2],
      q: [2, 3],
      r: [{ k: 1 }],
    });
    await c.updateOne({ _id: 1 }, {
      $pullAll: { p: [2, 3] },
      $push: { q: { $each: [9], $position: 0 } },
    } as unknown as UpdateFilter<AnyDoc>);
    expect(await c.findOne({ _id: 1 }, { projection: { p: 1, q: 1 } })).toEqual({
      _id: 1,
      p: [1],
      q: [9, 2, 3],
    });
  });

  it('reports matched/modified counts and the raw reply shape', async () => {
    const c = coll('upd_counts');
    await c.insertMany([
      { _id: 1, v: 1 },
      { _id: 2, v: 1 },
      { _id: 3, v: 2 },
    ]);
    const noop = await c.updateOne({ _id: 1 }, { $set: { v: 1 } });
    expect(noop).toMatchObject({ matchedCount: 1, modifiedCount: 0, upsertedCount: 0 });
    const many = await c.updateMany({ v: 1 }, { $set: { v: 3 } });
    expect(many).toMatchObject({ matchedCount: 2, modifiedCount: 2 });
    const raw = await t.db.command({
      update: 'upd_counts',
      updates: [{ q: { v: 3 }, u: { $inc: { v: 1 } }, multi: true }],
    });
    expect(raw).toMatchObject({ n: 2, nModified: 2, ok: 1 });
    expect(raw.upserted).toBeUndefined();
  });

  it('upserts with $setOnInsert and reports upserted [{index, _id}]', async () => {
    const c = coll('upd_upsert');
    const raw = await t.db.command({
      update: 'upd_upsert',
      updates: [
        { q: { sku: 'a' }, u: { $set: { qty: 1 }, $setOnInsert: { created: true } }, upsert: true },
        {
          q: { sku: 'a' },
          u: { $set: { qty: 2 }, $setOnInsert: { created: false } },
          upsert: true,
        },
      ],
    });
    expect(raw.n).toBe(2);
    expect(raw.nModified).toBe(1);
    expect(raw.upserted).toHaveLength(1);
    expect(raw.upserted[0].index).toBe(0);
    expect(raw.upserted[0]._id).toBeInstanceOf(ObjectId);
    const doc = await c.findOne({ sku: 'a' });
    expect(doc).toEqual({ _id: raw.upserted[0]._id, sku: 'a', qty: 2, created: true });

    const r = await c.updateOne(
      { _id: 'fixed', kind: { $eq: 'k' } },
      { $inc: { hits: 1 } },
      { upsert: true },
    );
    expect(r).toMatchObject({ upsertedId: 'fixed', upsertedCount: 1, matchedCount: 0 });
    expect(await c.findOne({ _id: 'fixed' })).toEqual({ _id: 'fixed', kind: 'k', hits: 1 });
  });

  it('upserts a replacement taking _id from the query', async () => {
    const c = coll('upd_repl');
    await c.replaceOne({ _id: 7 }, { name: 'seven' }, { upsert: true });
    expect(await c.findOne({ _id: 7 })).toEqual({ _id: 7, name: 'seven' });
    await c.replaceOne({ _id: 7 }, { other: true });
    expect(await c.findOne({ _id: 7 })).toEqual({ _id: 7, other: true });
  });

  it('updates array elements with arrayFilters, $[] and the positional $', async () => {
    const c = coll('upd_positional');
    await c.insertOne({
      _id: 1,
      grades: [
        { score: 50, passed: false },
        { score: 70, passed: false },
        { score: 90, passed: false },
      ],
      items: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: 1 },
      ],
      nums: [1, 2, 3],
    });
    await c.updateOne(
      { _id: 1 },
      { $set: { 'grades.$[g].passed': true } },
      { arrayFilters: [{ 'g.score': { $gte: 60 } }] },
    );
    await c.updateOne({ _id: 1, 'items.sku': 'b' }, { $inc: { 'items.$.qty': 5 } });
    await c.updateOne({ _id: 1 }, { $inc: { 'nums.$[]': 10 } });
    await c.updateOne(
      { _id: 1 },
      { $set: { 'nums.$[n]': 0 } },
      { arrayFilters: [{ n: { $gt: 12 } }] },
    );
    expect(await c.findOne({ _id: 1 })).toEqual({
      _id: 1,
      grades: [
        { score: 50, passed: false },
        { score: 70, passed: true },
        { score: 90, passed: true },
      ],
      items: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: 6 },
      ],
      nums: [11, 12, 0],
    });
  });

  it('supports pipeline-style updates', async () => {
    const c = coll('upd_pipeline');
    await c.insertOne({ _id: 1, a: 2, b: 3 });
    await c.updateOne({ _id: 1 }, [{ $set: { total: { $add: ['$a', '$b'] } } }, { $unset: 'b' }]);
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, a: 2, total: 5 });
  });

  it('refuses to change _id (66 ImmutableField)', async () => {
    const c = coll('upd_immutable');
    await c.insertOne({ _id: 1, a: 1 });
    const e1 = await serverError(c.updateOne({ _id: 1 }, { $set: { _id: 2 } }));
    expect(e1.code).toBe(66);
    expect(e1.message).toBe(
      "Performing an update on the path '_id' would modify the immutable field '_id'",
    );
    const e2 = await serverError(c.replaceOne({ _id: 1 }, { _id: 3, a: 2 }));
    expect(e2.code).toBe(66);
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, a: 1 });
    // Setting _id to its current value is allowed.
    await c.updateOne({ _id: 1 }, { $set: { _id: 1, a: 5 } });
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, a: 5 });
  });

  it('fails $inc on a non-numeric field with TypeMismatch (14)', async () => {
    const c = coll('upd_inc_string');
    await c.insertOne({ _id: 1, name: 'x' });
    const err = await serverError(c.updateOne({ _id: 1 }, { $inc: { name: 1 } }));
    expect(err.code).toBe(14);
    expect(err.message).toBe(
      "Cannot apply $inc to a value of non-numeric type. {_id: 1} has the field 'name' of non-numeric type string",
    );
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, name: 'x' });
  });

  it('fails $inc with a non-numeric argument (14)', async () => {
    const c = coll('upd_inc_arg');
    await c.insertOne({ _id: 1, n: 1 });
    const err = await serverError(c.updateOne({ _id: 1 }, { $inc: { n: 'a' as never } }));
    expect(err.code).toBe(14);
    expect(err.message).toBe('Cannot increment with non-numeric argument: {n: "a"}');
  });

  it('fails $push onto a non-array with BadValue (2)', async () => {
    const c = coll('upd_push_string');
    await c.insertOne({ _id: 'p', tags: 'x' });
    const err = await serverError(
      c.updateOne({ _id: 'p' }, { $push: { tags: 'y' } } as unknown as UpdateFilter<AnyDoc>),
    );
    expect(err.code).toBe(2);
    expect(err.message).toBe(
      `The field 'tags' must be an array but is of type string in document {_id: "p"}`,
    );
    expect(await c.findOne({ _id: 'p' })).toEqual({ _id: 'p', tags: 'x' });
  });

  it('rejects conflicting operators (40) and unknown modifiers (9)', async () => {
    const c = coll('upd_conflict');
    await c.insertOne({ _id: 1, a: 1 });
    const e1 = await serverError(c.updateOne({ _id: 1 }, { $set: { a: 2 }, $inc: { a: 1 } }));
    expect(e1.code).toBe(40);
    expect(e1.message).toMatch(/^Updating the path 'a' would create a conflict at 'a'$/);
    const e2 = await serverError(c.updateOne({ _id: 1 }, { $foo: { a: 1 } } as never));
    expect(e2.code).toBe(9);
    expect(e2.message).toBe(
      'Unknown modifier: $foo. Expected a valid update modifier or pipeline-style update specified as an array',
    );
  });

  it('ordered updates stop at the first write error; unordered continue', async () => {
    const c = coll('upd_order');
    await c.insertMany([
      { _id: 1, s: 'x' },
      { _id: 2, n: 1 },
    ]);
    const ordered = await t.db.command({
      update: 'upd_order',
      updates: [
        { q: { _id: 1 }, u: { $inc: { s: 1 } } },
        { q: { _id: 2 }, u: { $inc: { n: 1 } } },
      ],
    });
    expect(ordered.n).toBe(0);
    expect(ordered.writeErrors).toHaveLength(1);
    expect(ordered.writeErrors[0]).toMatchObject({ index: 0, code: 14 });
    expect((await c.findOne({ _id: 2 }))?.n).toBe(1);
    const unordered = await t.db.command({
      update: 'upd_order',
      ordered: false,
      updates: [
        { q: { _id: 1 }, u: { $inc: { s: 1 } } },
        { q: { _id: 2 }, u: { $inc: { n: 1 } } },
      ],
    });
    expect(unordered).toMatchObject({ n: 1, nModified: 1 });
    expect(unordered.writeErrors[0]).toMatchObject({ index: 0, code: 14 });
    expect((await c.findOne({ _id: 2 }))?.n).toBe(2);
  });

  it('rejects update results over 16 MiB (17419) and keeps the old document', async () => {
    const c = coll('upd_big');
    await c.insertOne({ _id: 1, s: 'x' });
    const err = await serverError(
      c.updateOne({ _id: 1 }, { $set: { s: 'y'.repeat(16 * 1024 * 1024) } }),
    );
    expect(err.code).toBe(17419);
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, s: 'x' });
  });
});

describe('delete', () => {
  it('deletes one or many', async () => {
    const c = coll('del');
    await c.insertMany([{ k: 1 }, { k: 1 }, { k: 1 }, { k: 2 }]);
    expect((await c.deleteOne({ k: 1 })).deletedCount).toBe(1);
    expect((await c.deleteMany({ k: 1 })).deletedCount).toBe(2);
    expect(await c.countDocuments()).toBe(1);
    const raw = await t.db.command({ delete: 'del', deletes: [{ q: {}, limit: 0 }] });
    expect(raw).toMatchObject({ n: 1, ok: 1 });
  });

  it('rejects a delete limit other than 0 or 1 (9)', async () => {
    const err = await serverError(t.db.command({ delete: 'del', deletes: [{ q: {}, limit: 2 }] }));
    expect(err.code).toBe(9);
  });
});

describe('findAndModify', () => {
  beforeEach(async () => {
    await coll('fam').deleteMany({});
    await coll('fam').insertMany([
      { _id: 1, k: 'a', v: 1 },
      { _id: 2, k: 'a', v: 2 },
      { _id: 3, k: 'b', v: 3 },
    ]);
  });

  it('returns the document before or after the update, honouring sort and projection', async () => {
    const before = await coll('fam').findOneAndUpdate(
      { k: 'a' },
      { $inc: { v: 10 } },
      { sort: { v: -1 } },
    );
    expect(before).toEqual({ _id: 2, k: 'a', v: 2 });
    const after = await coll('fam').findOneAndUpdate(
      { k: 'a' },
      { $inc: { v: 10 } },
      { sort: { v: 1 }, returnDocument: 'after', projection: { v: 1, _id: 0 } },
    );
    expect(after).toEqual({ v: 11 });
  });

  it('upserts and reports lastErrorObject', async () => {
    const res = await coll('fam').findOneAndUpdate(
      { k: 'z' },
      { $set: { v: 0 }, $setOnInsert: { fresh: true } },
      { upsert: true, returnDocument: 'after', includeResultMetadata: true },
    );
    expect(res.value).toMatchObject({ k: 'z', v: 0, fresh: true });
    expect(res.lastErrorObject).toMatchObject({ n: 1, updatedExisting: false });
    expect(res.lastErrorObject?.upserted).toEqual(res.value?._id);

    const none = await coll('fam').findOneAndUpdate(
      { k: 'y' },
      { $set: { v: 0 } },
      { upsert: true, returnDocument: 'before' },
    );
    expect(none).toBeNull();

    const raw = await t.db.command({
      findAndModify: 'fam',
      query: { _id: 1 },
      update: { $set: { v: 5 } },
      new: true,
    });
    expect(raw.lastErrorObject).toEqual({ n: 1, updatedExisting: true });
    expect(raw.value).toEqual({ _id: 1, k: 'a', v: 5 });
    expect(raw.ok).toBe(1);
  });

  it('removes and replaces', async () => {
    const removed = await coll('fam').findOneAndDelete({ k: 'b' });
    expect(removed).toEqual({ _id: 3, k: 'b', v: 3 });
    expect(await coll('fam').findOneAndDelete({ k: 'b' })).toBeNull();
    const raw = await t.db.command({ findAndModify: 'fam', query: { _id: 1 }, remove: true });
    expect(raw.lastErrorObject).toEqual({ n: 1 });
    const replaced = await coll('fam').findOneAndReplace(
      { _id: 2 },
      { k: 'r' },
      { returnDocument: 'after' },
    );
    expect(replaced).toEqual({ _id: 2, k: 'r' });
    const nothing = await t.db.command({
      findAndModify: 'fam',
      query: { _id: 99 },
      update: { $set: { a: 1 } },
    });
    expect(nothing.value).toBeNull();
    expect(nothing.lastErrorObject).toEqual({ n: 0, updatedExisting: false });
  });

  it('rejects remove together with update (9)', async () => {
    const err = await serverError(
      t.db.command({ findAndModify: 'fam', query: {}, remove: true, update: { $set: { a: 1 } } }),
    );
    expect(err.code).toBe(9);
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
