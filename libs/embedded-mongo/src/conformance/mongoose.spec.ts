/** The mongoose 9 flows a NestJS application uses, end to end. */
import mongoose, { Connection, Schema, Types } from 'mongoose';
import { Target, openTarget } from '../test-support/target';

let t: Target;
let conn: Connection;

interface User {
  email: string;
  name: string;
  age?: number;
  roles: string[];
  balance?: Types.Decimal128;
  createdAt?: Date;
  updatedAt?: Date;
}
interface Post {
  title: string;
  author: Types.ObjectId;
  likes: number;
}

const userSchema = new Schema<User>(
  {
    email: { type: String, required: true },
    name: { type: String, required: true, minlength: 2 },
    age: { type: Number, min: 0 },
    roles: { type: [String], default: [] },
    balance: { type: Schema.Types.Decimal128 },
  },
  { timestamps: true },
);
userSchema.index({ email: 1 }, { unique: true, collation: { locale: 'en', strength: 2 } });
userSchema.index({ name: 1, age: -1 });

const postSchema = new Schema<Post>({
  title: String,
  author: { type: Schema.Types.ObjectId, ref: 'User' },
  likes: { type: Number, default: 0 },
});

let Users: mongoose.Model<User>;
let Posts: mongoose.Model<Post>;

beforeAll(async () => {
  t = await openTarget('mongoose');
  const started = Date.now();
  conn = mongoose.createConnection(t.uri, { dbName: t.dbName, serverSelectionTimeoutMS: 5000 });
  await conn.asPromise();
  expect(conn.readyState).toBe(1);
  expect(Date.now() - started).toBeLessThan(3000);
  Users = conn.model<User>('User', userSchema);
  Posts = conn.model<Post>('Post', postSchema);
  await Users.init();
  await Posts.init();
});

afterAll(async () => {
  const started = Date.now();
  await conn?.close();
  expect(Date.now() - started).toBeLessThan(3000);
  await t?.close();
});

describe('mongoose', () => {
  it('creates documents with timestamps and finds them by id', async () => {
    const u = await Users.create({
      email: 'ann@example.com',
      name: 'Ann',
      age: 30,
      roles: ['admin'],
    });
    expect(u._id).toBeInstanceOf(Types.ObjectId);
    expect(u.createdAt).toBeInstanceOf(Date);
    const found = await Users.findById(u._id).lean();
    expect(found).toMatchObject({
      email: 'ann@example.com',
      name: 'Ann',
      age: 30,
      roles: ['admin'],
    });
    expect(found?.updatedAt).toBeInstanceOf(Date);
    expect(await Users.findById(new Types.ObjectId())).toBeNull();
  });

  it('syncIndexes builds the schema indexes (unique + collation)', async () => {
    await Users.syncIndexes();
    const indexes = await Users.listIndexes();
    const email = indexes.find((i) => i.name === 'email_1');
    expect(email).toMatchObject({
      unique: true,
      key: { email: 1 },
      collation: { locale: 'en', strength: 2 },
    });
    expect(indexes.map((i) => i.name)).toContain('name_1_age_-1');
    // Running it again is a no-op.
    expect(await Users.syncIndexes()).toEqual([]);
    await Users.createIndexes();
  });

  it('enforces the case-insensitive unique email', async () => {
    const err = await Users.create({ email: 'ANN@example.com', name: 'Other' }).catch((e) => e);
    expect(err.code).toBe(11000);
    expect(err.name).toBe('MongoServerError');
  });

  it('find().sort().skip().limit().lean(), countDocuments, estimatedDocumentCount, exists, distinct', async () => {
    await Users.insertMany([
      { email: 'b@x.io', name: 'Bob', age: 20, roles: ['user'] },
      { email: 'c@x.io', name: 'Cid', age: 40, roles: ['user', 'ops'] },
      { email: 'd@x.io', name: 'Dee', age: 25, roles: [] },
    ]);
    const page = await Users.find({ age: { $gte: 20 } })
      .sort({ age: -1 })
      .skip(1)
      .limit(2)
      .select('name age -_id')
      .lean();
    expect(page).toEqual([
      { name: 'Ann', age: 30 },
      { name: 'Dee', age: 25 },
    ]);
    expect(await Users.countDocuments({ roles: 'user' })).toBe(2);
    expect(await Users.estimatedDocumentCount()).toBe(4);
    expect(await Users.exists({ name: 'Cid' })).toMatchObject({ _id: expect.any(Types.ObjectId) });
    expect(await Users.exists({ name: 'Nobody' })).toBeNull();
    expect((await Users.distinct('roles')).sort()).toEqual(['admin', 'ops', 'user']);
  });

  it('findByIdAndUpdate with new + runValidators', async () => {
    const bob = await Users.findOne({ name: 'Bob' }).orFail();
    const updated = await Users.findByIdAndUpdate(
      bob._id,
      { $set: { age: 21 }, $push: { roles: 'editor' } },
      { new: true, runValidators: true },
    ).lean();
    expect(updated).toMatchObject({ name: 'Bob', age: 21, roles: ['user', 'editor'] });
    expect(updated?.updatedAt?.getTime()).toBeGreaterThanOrEqual(bob.updatedAt?.getTime() ?? 0);
    const invalid = await Users.findByIdAndUpdate(
      bob._id,
      { age: -5 },
      { new: true, runValidators: true },
    ).catch((e) => e);
    expect(invalid).toBeInstanceOf(mongoose.Error.ValidationError);
    expect((await Users.findById(bob._id).lean())?.age).toBe(21);
  });

  it('Decimal128 fields round-trip', async () => {
    const u = await Users.create({
      email: 'dec@x.io',
      name: 'Dec',
      balance: Types.Decimal128.fromString('10.25'),
    });
    await Users.updateOne(
      { _id: u._id },
      { $inc: { balance: Types.Decimal128.fromString('0.10') } },
    );
    const back = await Users.findById(u._id).lean();
    expect(back?.balance?.toString()).toBe('10.35');
  });

  it('aggregate', async () => {
    const r = await Users.aggregate<{ _id: string; n: number }>([
      { $unwind: '$roles' },
      { $group: { _id: '$roles', n: { $sum: 1 } } },
      { $sort: { n: -1, _id: 1 } },
    ]);
    expect(r[0]).toEqual({ _id: 'user', n: 2 });
  });

  it('populate resolves references with $in', async () => {
    const ann = await Users.findOne({ email: 'ann@example.com' }).orFail();
    const cid = await Users.findOne({ name: 'Cid' }).orFail();
    await Posts.insertMany([
      { title: 'p1', author: ann._id },
      { title: 'p2', author: cid._id },
      { title: 'p3', author: ann._id },
    ]);
    const posts = await Posts.find()
      .sort({ title: 1 })
      .populate<{ author: User }>('author', 'name')
      .lean();
    expect(posts.map((p) => [p.title, p.author.name])).toEqual([
      ['p1', 'Ann'],
      ['p2', 'Cid'],
      ['p3', 'Ann'],
    ]);
  });

  it('bulkWrite, updateMany, deleteMany, findOneAndDelete', async () => {
    const res = await Posts.bulkWrite([
      { insertOne: { document: { title: 'p4', author: new Types.ObjectId() } } },
      { updateOne: { filter: { title: 'p1' }, update: { $inc: { likes: 5 } } } },
      { updateMany: { filter: {}, update: { $inc: { likes: 1 } } } },
      { deleteOne: { filter: { title: 'p2' } } },
      {
        replaceOne: {
          filter: { title: 'p3' },
          replacement: { title: 'p3b', likes: 100, author: new Types.ObjectId() } as Post,
        },
      },
      { updateOne: { filter: { title: 'p9' }, update: { $set: { likes: 9 } }, upsert: true } },
    ]);
    expect(res.insertedCount).toBe(1);
    expect(res.matchedCount).toBe(1 + 4 + 1);
    expect(res.deletedCount).toBe(1);
    expect(res.upsertedCount).toBe(1);
    expect((await Posts.findOne({ title: 'p1' }).lean())?.likes).toBe(6);

    const um = await Posts.updateMany({ likes: { $lt: 10 } }, { $set: { likes: 0 } });
    expect(um.matchedCount).toBe(3);
    const gone = await Posts.findOneAndDelete({ title: 'p3b' });
    expect(gone?.likes).toBe(100);
    const dm = await Posts.deleteMany({ likes: 0 });
    expect(dm.deletedCount).toBe(3);
    expect(await Posts.countDocuments()).toBe(0);
  });

  it('sanitizeFilter neutralises query-selector injection', async () => {
    // Untrusted input such as { $ne: 'x' } must be matched literally, not run as an operator.
    const input = { $ne: 'nobody' };
    expect(
      await Users.find({ email: input as unknown as string }).countDocuments(),
    ).toBeGreaterThan(1);
    const sanitized = await Users.find({ nickname: input })
      .setOptions({ sanitizeFilter: true, strictQuery: false })
      .lean();
    expect(sanitized).toEqual([]);
    const castErr = await Users.find({ email: input as unknown as string })
      .setOptions({ sanitizeFilter: true })
      .catch((e) => e);
    expect(castErr).toBeInstanceOf(mongoose.Error.CastError);
  });

  it('transactions fail loudly on a standalone server', async () => {
    const hello = await t.client.db('admin').command({ hello: 1 });
    if (hello.setName !== undefined || hello.msg === 'isdbgrid') {
      console.log(
        'SKIPPED mongoose transaction refusal: MONGODB_URI points at a replica set or mongos.',
      );
      return;
    }
    const err = await conn
      .transaction(async (session) => {
        await Users.create([{ email: 'txn@x.io', name: 'Txn' }], { session });
      })
      .catch((e) => e);
    expect(err).toBeInstanceOf(Error);
    expect(String(err.message)).toMatch(/retryable writes|Transaction numbers are only allowed/);
    expect(await Users.exists({ email: 'txn@x.io' })).toBeNull();
  });
});
