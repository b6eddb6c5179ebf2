/** Index management and unique-index enforcement, through the official driver. */
import { MongoBulkWriteError } from 'mongodb';
import { AnyDoc, serverError, useTarget } from '../test-support/target';

const t = useTarget('indexes');

const coll = (name: string) => t.db.collection<AnyDoc>(name);

describe('createIndexes / listIndexes / dropIndexes', () => {
  it('creates an index, creating the collection automatically', async () => {
    const r = await t.db.command({
      createIndexes: 'ix_basic',
      indexes: [{ key: { a: 1 }, name: 'a_1' }],
    });
    expect(r).toMatchObject({
      createdCollectionAutomatically: true,
      numIndexesBefore: 1,
      numIndexesAfter: 2,
      ok: 1,
    });
    const again = await t.db.command({
      createIndexes: 'ix_basic',
      indexes: [{ key: { a: 1 }, name: 'a_1' }],
    });
    expect(again).toMatchObject({
      numIndexesBefore: 2,
      numIndexesAfter: 2,
      note: 'all indexes already exist',
      ok: 1,
    });
    const second = await t.db.command({
      createIndexes: 'ix_basic',
      indexes: [{ key: { b: -1, c: 1 }, name: 'b_-1_c_1' }],
    });
    expect(second).toMatchObject({
      createdCollectionAutomatically: false,
      numIndexesBefore: 2,
      numIndexesAfter: 3,
    });
  });

  it('lists index specs', async () => {
    await coll('ix_list').createIndex({ email: 1 }, { unique: true, name: 'email_u' });
    await coll('ix_list').createIndex({ a: 1, b: -1 }, { sparse: true });
    const specs = await coll('ix_list').listIndexes().toArray();
    expect(specs.map((s) => s.name)).toEqual(['_id_', 'email_u', 'a_1_b_-1']);
    expect(specs[0]).toMatchObject({ v: 2, key: { _id: 1 }, name: '_id_' });
    expect(specs[1]).toMatchObject({ v: 2, key: { email: 1 }, name: 'email_u', unique: true });
    expect(Object.keys(specs[2].key)).toEqual(['a', 'b']);
    expect(specs[2].sparse).toBe(true);
  });

  it('refuses a different key under an existing name (86 IndexKeySpecsConflict)', async () => {
    await coll('ix_conflict').createIndex({ a: 1 }, { name: 'idx' });
    const err = await serverError(coll('ix_conflict').createIndex({ b: 1 }, { name: 'idx' }));
    expect(err.code).toBe(86);
    expect(err.codeName).toBe('IndexKeySpecsConflict');
  });

  it('refuses different options under an existing name (85 IndexOptionsConflict)', async () => {
    await coll('ix_conflict2').createIndex({ a: 1 }, { name: 'a_1' });
    const err = await serverError(
      coll('ix_conflict2').createIndex({ a: 1 }, { name: 'a_1', unique: true }),
    );
    expect(err.code).toBe(85);
    expect(err.codeName).toBe('IndexOptionsConflict');
  });

  it('refuses the same key under another name (85)', async () => {
    await coll('ix_conflict3').createIndex({ a: 1 }, { name: 'first' });
    const err = await serverError(coll('ix_conflict3').createIndex({ a: 1 }, { name: 'second' }));
    expect(err.code).toBe(85);
    expect(err.message).toBe('Index already exists with a different name: first');
  });

  it('listIndexes on a missing collection fails with 26 NamespaceNotFound', async () => {
    const err = await serverError(t.db.command({ listIndexes: 'ix_missing' }));
    expect(err.code).toBe(26);
    expect(err.codeName).toBe('NamespaceNotFound');
  });

  it('dropIndexes: by name, by key, "*", and its errors', async () => {
    const c = coll('ix_drop');
    await c.createIndexes([{ key: { a: 1 } }, { key: { b: 1 } }, { key: { c: 1 } }]);
    expect(await t.db.command({ dropIndexes: 'ix_drop', index: 'a_1' })).toMatchObject({
      nIndexesWas: 4,
      ok: 1,
    });
    await c.dropIndex({ b: 1 } as never);
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_', 'c_1']);

    const notFound = await serverError(c.dropIndex('nope'));
    expect(notFound.code).toBe(27);
    expect(notFound.codeName).toBe('IndexNotFound');
    expect(notFound.message).toBe('index not found with name [nope]');

    const idDrop = await serverError(c.dropIndex('_id_'));
    expect(idDrop.code).toBe(72);

    await c.createIndex({ d: 1 });
    await c.dropIndexes();
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);

    const missing = await serverError(t.db.command({ dropIndexes: 'ix_drop_missing', index: '*' }));
    expect(missing.code).toBe(26);
  });
});

describe('unique indexes', () => {
  it('enforces a single-field unique index with MongoDB error shape', async () => {
    const c = coll('u_single');
    await c.createIndex({ email: 1 }, { unique: true });
    await c.insertOne({ email: 'a@x.io' });
    const err = await serverError(c.insertOne({ email: 'a@x.io' }));
    expect(err.code).toBe(11000);
    expect(err.message).toBe(
      `E11000 duplicate key error collection: ${t.dbName}.u_single index: email_1 dup key: { email: "a@x.io" }`,
    );
    expect(err.keyPattern).toEqual({ email: 1 });
    expect(err.keyValue).toEqual({ email: 'a@x.io' });
  });

  it('treats missing fields as null in a non-sparse unique index', async () => {
    const c = coll('u_null');
    await c.createIndex({ email: 1 }, { unique: true });
    await c.insertOne({ name: 'first' });
    const err = await serverError(c.insertOne({ name: 'second' }));
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ email: null });
    expect(err.message).toMatch(/dup key: \{ email: null \}$/);
  });

  it('enforces compound unique indexes', async () => {
    const c = coll('u_compound');
    await c.createIndex({ org: 1, slug: 1 }, { unique: true });
    await c.insertMany([
      { org: 1, slug: 'x' },
      { org: 2, slug: 'x' },
      { org: 1, slug: 'y' },
    ]);
    const err = await serverError(c.insertOne({ org: 1, slug: 'x' }));
    expect(err.code).toBe(11000);
    expect(err.keyPattern).toEqual({ org: 1, slug: 1 });
    expect(err.keyValue).toEqual({ org: 1, slug: 'x' });
    expect(err.message).toBe(
      `E11000 duplicate key error collection: ${t.dbName}.u_compound index: org_1_slug_1 dup key: { org: 1, slug: "x" }`,
    );
  });

  it('sparse unique indexes ignore documents without the field', async () => {
    const c = coll('u_sparse');
    await c.createIndex({ code: 1 }, { unique: true, sparse: true });
    await c.insertMany([{ n: 1 }, { n: 2 }, { code: 'A' }]);
    const err = await serverError(c.insertOne({ code: 'A' }));
    expect(err.code).toBe(11000);
    expect(await c.countDocuments()).toBe(3);
  });

  it('partial unique indexes only constrain matching documents', async () => {
    const c = coll('u_partial');
    await c.createIndex({ user: 1 }, { unique: true, partialFilterExpression: { active: true } });
    await c.insertMany([
      { user: 'u', active: false },
      { user: 'u', active: false },
      { user: 'u', active: true },
    ]);
    const err = await serverError(c.insertOne({ user: 'u', active: true }));
    expect(err.code).toBe(11000);
    // Deactivating the indexed one lets another become active.
    await c.updateOne({ active: true }, { $set: { active: false } });
    await c.insertOne({ user: 'u', active: true });
    expect(await c.countDocuments({ active: true })).toBe(1);
  });

  it('enforces uniqueness across array elements (multikey)', async () => {
    const c = coll('u_multikey');
    await c.createIndex({ tags: 1 }, { unique: true });
    await c.insertOne({ tags: ['a', 'a', 'b'] });
    const err = await serverError(c.insertOne({ tags: ['c', 'b'] }));
    expect(err.code).toBe(11000);
    expect(err.keyValue).toEqual({ tags: 'b' });
  });

  it('enforces uniqueness on update, upsert and findAndModify', async () => {
    const c = coll('u_writes');
    await c.createIndex({ k: 1 }, { unique: true });
    await c.insertMany([
      { _id: 1, k: 'a' },
      { _id: 2, k: 'b' },
    ]);
    const upd = await serverError(c.updateOne({ _id: 2 }, { $set: { k: 'a' } }));
    expect(upd.code).toBe(11000);
    expect(upd.keyValue).toEqual({ k: 'a' });
    const ups = await serverError(c.updateOne({ _id: 3 }, { $set: { k: 'b' } }, { upsert: true }));
    expect(ups.code).toBe(11000);
    const fam = await serverError(c.findOneAndUpdate({ _id: 1 }, { $set: { k: 'b' } }));
    expect(fam.code).toBe(11000);
    expect(fam.keyPattern).toEqual({ k: 1 });
    expect(fam.keyValue).toEqual({ k: 'b' });
    const bulk = await c
      .bulkWrite([{ updateOne: { filter: { _id: 1 }, update: { $set: { k: 'b' } } } }])
      .catch((e) => e);
    expect(bulk).toBeInstanceOf(MongoBulkWriteError);
    expect(bulk.code).toBe(11000);
    expect(await c.find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, k: 'a' },
      { _id: 2, k: 'b' },
    ]);
  });

  it('refuses to build a unique index over existing duplicates (11000)', async () => {
    const c = coll('u_build');
    await c.insertMany([{ k: 1 }, { k: 1 }]);
    const err = await serverError(c.createIndex({ k: 1 }, { unique: true }));
    expect(err.code).toBe(11000);
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
  });

  it('case-insensitive uniqueness with collation strength 2', async () => {
    const c = coll('u_collation');
    await c.createIndex({ email: 1 }, { unique: true, collation: { locale: 'en', strength: 2 } });
    await c.insertOne({ email: 'Ann@Example.com' });
    const err = await serverError(c.insertOne({ email: 'ann@example.COM' }));
    expect(err.code).toBe(11000);
    await c.insertOne({ email: 'bob@example.com' });
    const spec = (await c.listIndexes().toArray()).find((i) => i.name === 'email_1');
    expect(spec?.collation).toMatchObject({ locale: 'en', strength: 2 });
  });
});

// The embedded server finds these through the unique index's key map rather than a scan:
// the answers must be those of a scan, whatever else the filter asks.
describe('queries on a unique key', () => {
  it('find, update, upsert and delete the one document a compound key names', async () => {
    const c = coll('uq_compound');
    await c.createIndex({ day: 1, hash: 1 }, { unique: true });
    await c.insertMany([
      { _id: 1, day: '2026-12-01', hash: 'a', n: 1 },
      { _id: 2, day: '2026-12-01', hash: 'b', n: 2 },
      { _id: 3, day: '2026-12-02', hash: 'a', n: 3 },
    ]);
    expect(await c.find({ day: '2026-12-01', hash: 'a' }).toArray()).toEqual([
      { _id: 1, day: '2026-12-01', hash: 'a', n: 1 },
    ]);
    // The other conditions still apply to the document the key names.
    expect(await c.countDocuments({ day: '2026-12-01', hash: 'a', n: 2 })).toBe(0);
    expect(await c.countDocuments({ day: '2026-12-01', hash: 'a', n: { $lt: 2 } })).toBe(1);
    expect(await c.countDocuments({ day: '2026-12-03', hash: 'a' })).toBe(0);

    await c.bulkWrite(
      [
        {
          updateOne: {
            filter: { day: '2026-12-01', hash: 'b' },
            update: { $inc: { n: 10 } },
            upsert: true,
          },
        },
        {
          updateOne: {
            filter: { day: '2026-12-03', hash: 'c' },
            update: { $inc: { n: 1 } },
            upsert: true,
          },
        },
        {
          updateOne: {
            filter: { day: '2026-12-03', hash: 'c' },
            update: { $inc: { n: 1 } },
            upsert: true,
          },
        },
      ],
      { ordered: false },
    );
    const counts = await c
      .find({}, { projection: { _id: 0 } })
      .sort({ day: 1, hash: 1 })
      .toArray();
    expect(counts).toEqual([
      { day: '2026-12-01', hash: 'a', n: 1 },
      { day: '2026-12-01', hash: 'b', n: 12 },
      { day: '2026-12-02', hash: 'a', n: 3 },
      { day: '2026-12-03', hash: 'c', n: 2 },
    ]);
    // A key changed by an update is found by its new value only.
    await c.updateOne({ _id: 3 }, { $set: { hash: 'z' } });
    expect(await c.countDocuments({ day: '2026-12-02', hash: 'a' })).toBe(0);
    expect(await c.countDocuments({ day: '2026-12-02', hash: 'z' })).toBe(1);
    await c.deleteOne({ day: '2026-12-02', hash: 'z' });
    expect(await c.countDocuments({ day: '2026-12-02' })).toBe(0);
  });

  it('find a document by an element of an array key, and not by a number for a string', async () => {
    const c = coll('uq_multikey');
    await c.createIndex({ slugs: 1 }, { unique: true });
    await c.insertMany([
      { _id: 1, slugs: ['old-name', 'new-name'] },
      { _id: 2, slugs: ['12'] },
      { _id: 3, slugs: [12] },
    ]);
    expect((await c.findOne({ slugs: 'old-name' }))?._id).toBe(1);
    expect((await c.findOne({ slugs: 'new-name' }))?._id).toBe(1);
    expect((await c.find({ slugs: '12' }).toArray()).map((doc) => doc._id)).toEqual([2]);
    expect((await c.find({ slugs: 12 }).toArray()).map((doc) => doc._id)).toEqual([3]);
  });

  it('scan past sparse and partial unique indexes, which leave documents out', async () => {
    const sparse = coll('uq_sparse');
    await sparse.createIndex({ code: 1, kind: 1 }, { unique: true, sparse: true });
    await sparse.insertMany([
      { _id: 1, code: 'A', kind: 'x' },
      { _id: 2, code: 'A' },
    ]);
    expect(await sparse.countDocuments({ code: 'A', kind: 'x' })).toBe(1);
    const partial = coll('uq_partial');
    await partial.createIndex(
      { user: 1 },
      { unique: true, partialFilterExpression: { active: true } },
    );
    await partial.insertMany([
      { _id: 1, user: 'u', active: false },
      { _id: 2, user: 'u', active: false },
      { _id: 3, user: 'u', active: true },
    ]);
    expect((await partial.find({ user: 'u' }).toArray()).map((doc) => doc._id)).toEqual([1, 2, 3]);
  });

  it('compare a query without a collation exactly, past an index that ignores case', async () => {
    const c = coll('uq_collation');
    await c.createIndex({ email: 1 }, { unique: true, collation: { locale: 'en', strength: 2 } });
    await c.insertOne({ _id: 1, email: 'Asha@Example.com' });
    expect(await c.find({ email: 'asha@example.com' }).toArray()).toEqual([]);
    expect((await c.findOne({ email: 'Asha@Example.com' }))?._id).toBe(1);
  });
});
