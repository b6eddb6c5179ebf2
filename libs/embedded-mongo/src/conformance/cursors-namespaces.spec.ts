/** Cursors (batches, getMore, killCursors) and namespace commands (create/drop/list*). */
import { Document, Long } from 'mongodb';
import { AnyDoc, serverError, useTarget } from '../test-support/target';

const t = useTarget('cursors', async ({ db }) => {
  await db
    .collection<AnyDoc>('many')
    .insertMany(Array.from({ length: 250 }, (_, i) => ({ _id: i, i })));
});

/** Runs commands with int64 values kept as Long, to check the server's cursor id type. */
const raw = (cmd: Document) => t.db.command(cmd, { promoteLongs: false });

describe('cursors', () => {
  it('returns 101 documents in the first batch and the rest through getMore', async () => {
    const first = await raw({ find: 'many', filter: {}, sort: { _id: 1 } });
    expect(first.cursor.firstBatch).toHaveLength(101);
    expect(first.cursor.id).toBeInstanceOf(Long);
    expect(first.cursor.id.isZero()).toBe(false);
    expect(first.cursor.ns).toBe(`${t.dbName}.many`);

    const second = await raw({ getMore: first.cursor.id, collection: 'many', batchSize: 100 });
    expect(second.cursor.nextBatch.map((d: Document) => d._id)).toEqual(
      Array.from({ length: 100 }, (_, i) => 101 + i),
    );
    expect(second.cursor.id.equals(first.cursor.id)).toBe(true);

    const last = await raw({ getMore: first.cursor.id, collection: 'many' });
    expect(last.cursor.nextBatch).toHaveLength(49);
    expect(last.cursor.id.isZero()).toBe(true);

    const gone = await serverError(raw({ getMore: first.cursor.id, collection: 'many' }));
    expect(gone.code).toBe(43);
    expect(gone.codeName).toBe('CursorNotFound');
  });

  it('iterates past 101 documents through the driver, with batchSize and limit', async () => {
    const all = await t.db.collection<AnyDoc>('many').find().sort({ _id: 1 }).toArray();
    expect(all).toHaveLength(250);
    expect(all[249]).toEqual({ _id: 249, i: 249 });
    const batched = await t.db
      .collection<AnyDoc>('many')
      .find({ i: { $gte: 50 } }, { batchSize: 7 })
      .toArray();
    expect(batched).toHaveLength(200);
    const limited = await t.db
      .collection<AnyDoc>('many')
      .find({}, { limit: 150, sort: { i: -1 } })
      .toArray();
    expect(limited).toHaveLength(150);
    expect(limited[0].i).toBe(249);
    expect(limited[149].i).toBe(100);
  });

  it('honours batchSize on the first batch and singleBatch', async () => {
    const r = await raw({ find: 'many', batchSize: 5 });
    expect(r.cursor.firstBatch).toHaveLength(5);
    await raw({ killCursors: 'many', cursors: [r.cursor.id] });
    const single = await raw({ find: 'many', batchSize: 5, singleBatch: true });
    expect(single.cursor.firstBatch).toHaveLength(5);
    expect(single.cursor.id.isZero()).toBe(true);
    const empty = await raw({ find: 'many', batchSize: 0 });
    expect(empty.cursor.firstBatch).toHaveLength(0);
    expect(empty.cursor.id.isZero()).toBe(false);
    const next = await raw({ getMore: empty.cursor.id, collection: 'many', batchSize: 3 });
    expect(next.cursor.nextBatch).toHaveLength(3);
    await raw({ killCursors: 'many', cursors: [empty.cursor.id] });
  });

  it('killCursors reports killed and unknown cursors', async () => {
    const r = await raw({ find: 'many' });
    const bogus = Long.fromNumber(123456789);
    const k = await raw({ killCursors: 'many', cursors: [r.cursor.id, bogus] });
    expect(k.cursorsKilled.map(String)).toEqual([r.cursor.id.toString()]);
    expect(k.cursorsNotFound.map(String)).toEqual([bogus.toString()]);
    expect(k.cursorsAlive).toEqual([]);
    expect(k.cursorsUnknown).toEqual([]);
    expect(k.ok).toBe(1);
    const err = await serverError(raw({ getMore: r.cursor.id, collection: 'many' }));
    expect(err.code).toBe(43);
  });
});

describe('namespaces', () => {
  it('create fails with 48 NamespaceExists when the collection exists', async () => {
    await t.db.createCollection('ns_create');
    const err = await serverError(t.db.command({ create: 'ns_create' }));
    expect(err.code).toBe(48);
    expect(err.codeName).toBe('NamespaceExists');
  });

  it('drop: existing collection, and a missing one (MongoDB 7.0 answers ok)', async () => {
    await t.db.collection<AnyDoc>('ns_drop').insertOne({ a: 1 });
    const r = await t.db.command({ drop: 'ns_drop' });
    expect(r).toMatchObject({ ns: `${t.dbName}.ns_drop`, nIndexesWas: 1, ok: 1 });
    // Before 7.0 this was error 26 NamespaceNotFound; 7.0 returns ok for a missing collection.
    const missing = await t.db.command({ drop: 'ns_drop' });
    expect(missing.ok).toBe(1);
    expect(await t.db.collection<AnyDoc>('ns_drop').drop()).toBe(true);
  });

  it('listCollections: cursor reply, nameOnly and filter', async () => {
    await t.db.createCollection('ns_list_a');
    await t.db.createCollection('ns_list_b');
    const r = await t.db.command({ listCollections: 1, filter: { name: 'ns_list_a' } });
    expect(r.cursor.ns).toBe(`${t.dbName}.$cmd.listCollections`);
    expect(Number(r.cursor.id)).toBe(0);
    expect(r.cursor.firstBatch).toHaveLength(1);
    expect(r.cursor.firstBatch[0]).toMatchObject({
      name: 'ns_list_a',
      type: 'collection',
      options: {},
      idIndex: { key: { _id: 1 }, name: '_id_' },
    });
    expect(r.cursor.firstBatch[0].info.readOnly).toBe(false);
    const names = await t.db.listCollections({}, { nameOnly: true }).toArray();
    expect(names.map((c) => c.name)).toEqual(
      expect.arrayContaining(['ns_list_a', 'ns_list_b', 'many']),
    );
    expect(Object.keys(names[0]).sort()).toEqual(['name', 'type']);
    const filtered = await t.db.listCollections({ name: { $regex: '^ns_list_' } }).toArray();
    expect(filtered.map((c) => c.name).sort()).toEqual(['ns_list_a', 'ns_list_b']);
  });

  it('listDatabases includes this database; nameOnly returns names only', async () => {
    const r = await t.client.db('admin').command({ listDatabases: 1 });
    const mine = r.databases.find((d: Document) => d.name === t.dbName);
    expect(mine).toBeDefined();
    expect(typeof mine.sizeOnDisk).toBe('number');
    expect(mine.empty).toBe(false);
    expect(typeof r.totalSize).toBe('number');
    const names = await t.client.db('admin').command({ listDatabases: 1, nameOnly: true });
    expect(names.databases.find((d: Document) => d.name === t.dbName)).toEqual({ name: t.dbName });
  });

  it('dropDatabase removes every collection', async () => {
    const other = t.client.db(`${t.dbName}_x`);
    await other.collection<AnyDoc>('a').insertOne({ a: 1 });
    await other.dropDatabase();
    expect(await other.listCollections().toArray()).toEqual([]);
  });

  it('renameCollection moves documents and indexes', async () => {
    const c = t.db.collection<AnyDoc>('ns_rename');
    await c.insertOne({ _id: 1, k: 'v' });
    await c.createIndex({ k: 1 }, { unique: true });
    await c.rename('ns_renamed');
    const renamed = t.db.collection<AnyDoc>('ns_renamed');
    expect(await renamed.findOne({ _id: 1 })).toEqual({ _id: 1, k: 'v' });
    expect((await renamed.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_', 'k_1']);
    expect(await c.countDocuments()).toBe(0);
  });

  it('renameCollection refuses an existing target unless dropTarget, and takes names with dots and dashes', async () => {
    // What a restore's switch relies on: staged collections named `restore-<id>.<name>`
    // go in place by rename, and a rename onto a name in use fails rather than replace it.
    const staged = t.db.collection<AnyDoc>('restore-0123abcd.ns_site');
    await staged.insertOne({ _id: 1, v: 'staged' });
    await staged.createIndex({ v: 1 }, { unique: true });
    const site = t.db.collection<AnyDoc>('ns_site');
    await site.insertOne({ _id: 1, v: 'site' });
    await expect(staged.rename('ns_site')).rejects.toMatchObject({ codeName: 'NamespaceExists' });
    expect(await site.findOne({ _id: 1 })).toEqual({ _id: 1, v: 'site' });

    await site.rename('replaced-0123abcd.ns_site');
    await staged.rename('ns_site');
    expect(await site.findOne({ _id: 1 })).toEqual({ _id: 1, v: 'staged' });
    expect((await site.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_', 'v_1']);
    const aside = t.db.collection<AnyDoc>('replaced-0123abcd.ns_site');
    expect(await aside.findOne({ _id: 1 })).toEqual({ _id: 1, v: 'site' });
    await t.db.collection<AnyDoc>('ns_other').insertOne({ _id: 2 });
    await t.db.renameCollection('ns_other', 'ns_site', { dropTarget: true });
    expect(await site.find().toArray()).toEqual([{ _id: 2 }]);
  });
});
