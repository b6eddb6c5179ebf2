import type { MongooseQueryMiddleware } from 'mongoose';

/**
 * Every query through which mongoose writes, for schema plugins that must see each write
 * (the content version, the media library's uses): one list, so a plugin cannot miss one.
 */
export const QUERY_WRITES: MongooseQueryMiddleware[] = [
  'updateOne',
  'updateMany',
  'replaceOne',
  'deleteOne',
  'deleteMany',
  'findOneAndUpdate',
  'findOneAndReplace',
  'findOneAndDelete',
];
