/** Unit tests for compiled filters: mingo's operators and ours, on one context made once. */
import { Double, Int32, ObjectId } from 'bson';
import { MongoError } from './errors';
import { compileFilter, compileValueFilter } from './query';
import type { Doc } from './values';

const documents: Doc[] = [
  { _id: 1, name: 'Linen', price: new Int32(1200), owner: new ObjectId() },
  { _id: 2, name: 'linen blend', price: new Double(1250.5), owner: 'studio' },
  { _id: 3, name: 'Silk', price: new Int32(900), tags: ['new', 'sale'] },
];
const ids = (filter: Doc) =>
  documents.filter(compileFilter(filter)).map((document) => document._id);

describe('compileFilter', () => {
  it('answers every query the same way, however many were compiled before it', () => {
    const first = [
      ids({ price: { $gte: 1000 } }),
      ids({ owner: { $type: 'objectId' } }),
      ids({ name: { $regex: '^linen', $options: 'i' } }),
      ids({ $or: [{ tags: 'sale' }, { price: { $lt: 1000 } }] }),
    ];
    for (let i = 0; i < 50; i++) ids({ price: { $gt: i } });
    expect(first).toEqual([[1, 2], [1], [1, 2], [3]]);
    expect([
      ids({ price: { $gte: 1000 } }),
      ids({ owner: { $type: 'objectId' } }),
      ids({ name: { $regex: '^linen', $options: 'i' } }),
      ids({ $or: [{ tags: 'sale' }, { price: { $lt: 1000 } }] }),
    ]).toEqual(first);
  });

  it('tells an int from a double with $type, which mingo alone cannot', () => {
    expect(ids({ price: { $type: 'int' } })).toEqual([1, 3]);
    expect(ids({ price: { $type: 'double' } })).toEqual([2]);
  });

  it('refuses the operator that hands mingo its options over as an unknown operator', () => {
    ids({ price: { $gt: 0 } });
    const refused = () => compileFilter({ price: { $__embeddedMongoOptions: 1 } });
    expect(refused).toThrow(MongoError);
    expect(refused).toThrow('unknown operator: $__embeddedMongoOptions');
  });

  it('matches array elements with the same operators ($pull conditions)', () => {
    const test = compileValueFilter({ value: { $gte: 5 } }, 'value');
    expect([1, 5, new Int32(7)].map(test)).toEqual([false, true, true]);
  });
});
