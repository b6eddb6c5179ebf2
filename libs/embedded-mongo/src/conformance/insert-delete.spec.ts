/**
 * Inserts and deletes through the official driver. Expected values follow
 * MongoDB's documented behaviour (MongoDB 7.0 manual), so the suite also
 * passes against a real mongod (MONGODB_URI=...).
 */
import { MongoBulkWriteError, MongoServerError, ObjectId } from 'mongodb';
import { AnyDoc, serverError, useTarget } from '../test-support/target';

const t = useTarget('insert');

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
