/** Aggregation pipelines through the driver. */
import { Long, MongoServerError, ObjectId } from 'mongodb';
import { AnyDoc, useTarget } from '../test-support/target';

const u1 = new ObjectId();
const u2 = new ObjectId();
const u3 = new ObjectId();

const t = useTarget('aggregate', async ({ db }) => {
  await db.collection<AnyDoc>('users').insertMany([
    { _id: u1, name: 'ann', city: 'Oslo' },
    { _id: u2, name: 'bob', city: 'Bergen' },
    { _id: u3, name: 'cid', city: 'Oslo' },
  ]);
  await db.collection<AnyDoc>('orders').insertMany([
    { _id: 1, user: u1, total: 10, items: ['a', 'b'], at: new Date('2024-01-01T00:00:00Z') },
    { _id: 2, user: u1, total: 5, items: ['a'], at: new Date('2024-02-01T00:00:00Z') },
    { _id: 3, user: u2, total: 20, items: ['c'], at: new Date('2024-03-01T00:00:00Z') },
    { _id: 4, user: u3, total: 1, items: [], at: new Date('2024-04-01T00:00:00Z') },
  ]);
});

const orders = () => t.db.collection<AnyDoc>('orders');

describe('aggregate', () => {
  it('$match + $group + $sort + $project', async () => {
    const r = await orders()
      .aggregate([
        { $match: { total: { $gte: 5 } } },
        { $group: { _id: '$user', sum: { $sum: '$total' }, n: { $sum: 1 } } },
        { $sort: { sum: -1 } },
        { $project: { _id: 0, user: '$_id', sum: 1, n: 1 } },
      ])
      .toArray();
    expect(r).toEqual([
      { sum: 20, n: 1, user: u2 },
      { sum: 15, n: 2, user: u1 },
    ]);
  });

  it('$count', async () => {
    expect(
      await orders()
        .aggregate([{ $match: { total: { $lt: 10 } } }, { $count: 'n' }])
        .toArray(),
    ).toEqual([{ n: 2 }]);
  });

  it('$lookup across collections of the same database', async () => {
    const r = await t.db
      .collection<AnyDoc>('users')
      .aggregate([
        { $match: { city: 'Oslo' } },
        { $lookup: { from: 'orders', localField: '_id', foreignField: 'user', as: 'orders' } },
        {
          $project: {
            name: 1,
            n: { $size: '$orders' },
            first: { $arrayElemAt: ['$orders._id', 0] },
          },
        },
        { $sort: { name: 1 } },
      ])
      .toArray();
    expect(r).toEqual([
      { _id: u1, name: 'ann', n: 2, first: 1 },
      { _id: u3, name: 'cid', n: 1, first: 4 },
    ]);
  });

  it('$lookup with a sub-pipeline', async () => {
    const r = await t.db
      .collection<AnyDoc>('users')
      .aggregate([
        { $match: { _id: u1 } },
        {
          $lookup: {
            from: 'orders',
            let: { uid: '$_id' },
            pipeline: [
              { $match: { $expr: { $eq: ['$user', '$$uid'] } } },
              { $sort: { total: 1 } },
              { $project: { _id: 0, total: 1 } },
            ],
            as: 'o',
          },
        },
      ])
      .toArray();
    expect(r[0].o).toEqual([{ total: 5 }, { total: 10 }]);
  });

  it('$unwind and $facet', async () => {
    const r = await orders()
      .aggregate([
        {
          $facet: {
            items: [
              { $unwind: '$items' },
              { $group: { _id: '$items', c: { $sum: 1 } } },
              { $sort: { _id: 1 } },
            ],
            total: [{ $group: { _id: null, t: { $sum: '$total' } } }, { $project: { _id: 0 } }],
          },
        },
      ])
      .toArray();
    expect(r).toEqual([
      {
        items: [
          { _id: 'a', c: 2 },
          { _id: 'b', c: 1 },
          { _id: 'c', c: 1 },
        ],
        total: [{ t: 36 }],
      },
    ]);
  });

  it('date and string expressions', async () => {
    const r = await orders()
      .aggregate([
        { $match: { _id: 3 } },
        {
          $project: {
            _id: 0,
            m: { $month: '$at' },
            y: { $year: '$at' },
            s: { $concat: ['#', { $toString: '$_id' }] },
          },
        },
      ])
      .toArray();
    expect(r).toEqual([{ m: 3, y: 2024, s: '#3' }]);
  });

  it('returns a cursor that continues with getMore', async () => {
    await t.db
      .collection<AnyDoc>('agg_many')
      .insertMany(Array.from({ length: 130 }, (_, i) => ({ i })));
    const first = await t.db.command(
      { aggregate: 'agg_many', pipeline: [{ $sort: { i: 1 } }], cursor: { batchSize: 50 } },
      { promoteLongs: false },
    );
    expect(first.cursor.firstBatch).toHaveLength(50);
    expect(first.cursor.id).toBeInstanceOf(Long);
    const more = await t.db.command(
      { getMore: first.cursor.id, collection: 'agg_many' },
      { promoteLongs: false },
    );
    expect(more.cursor.nextBatch).toHaveLength(80);
    expect(more.cursor.id.isZero()).toBe(true);
    expect(
      (
        await t.db
          .collection<AnyDoc>('agg_many')
          .aggregate([{ $skip: 100 }])
          .toArray()
      ).length,
    ).toBe(30);
  });

  it('$out writes the result into a collection', async () => {
    await orders()
      .aggregate([
        { $match: { total: { $gt: 5 } } },
        { $project: { total: 1 } },
        { $out: 'big_orders' },
      ])
      .toArray();
    expect(await t.db.collection<AnyDoc>('big_orders').find().sort({ _id: 1 }).toArray()).toEqual([
      { _id: 1, total: 10 },
      { _id: 3, total: 20 },
    ]);
  });

  it('rejects an unknown stage (40324)', async () => {
    const err = await orders()
      .aggregate([{ $nope: {} }])
      .toArray()
      .catch((e) => e);
    expect(err).toBeInstanceOf(MongoServerError);
    expect(err.code).toBe(40324);
  });
});
