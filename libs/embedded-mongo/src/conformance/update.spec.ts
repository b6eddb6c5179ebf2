/**
 * Updates (update, findAndModify) through the official driver. Expected values follow
 * MongoDB's documented behaviour (MongoDB 7.0 manual), so the suite also
 * passes against a real mongod (MONGODB_URI=...).
 */
import { ObjectId, UpdateFilter } from 'mongodb';
import { AnyDoc, serverError, useTarget } from '../test-support/target';

const t = useTarget('update');

const coll = (name: string) => t.db.collection<AnyDoc>(name);

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
