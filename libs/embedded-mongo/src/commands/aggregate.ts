/** aggregate: a pipeline over a collection (or the database), with $out and a fast countDocuments(). */
import { Long } from 'bson';
import { ErrorCodes, MongoError, isMongoError, toMongoError } from '../errors';
import { runPipeline } from '../query';
import { Doc, isNumeric, isPlainObject, toNumber, typedNumber } from '../values';
import { batchSizeOf, collationOf, collectionName } from './arguments';
import type { CommandContext, Handler } from './context';
import { prepareInsert } from './insert-document';
import { countMatching, matching } from './matching';

interface Namespace {
  db: string;
  collection: string;
}

function outTarget(stage: unknown, db: string): Namespace | undefined {
  if (!isPlainObject(stage) || !('$out' in stage)) return undefined;
  const spec = stage.$out;
  if (typeof spec === 'string') return { db, collection: spec };
  if (isPlainObject(spec) && typeof spec.coll === 'string')
    return { db: typeof spec.db === 'string' ? spec.db : db, collection: spec.coll };
  throw new MongoError(ErrorCodes.FailedToParse, '$out requires a collection name');
}

/** $out replaces the target collection's documents and keeps its indexes. */
function writeOut(context: CommandContext, target: Namespace, documents: Doc[]): void {
  const prepared = documents.map(prepareInsert);
  const existing = context.engine.collection(target.db, target.collection);
  const indexSpecs = existing ? existing.indexes.slice(1).map((index) => index.spec) : [];
  if (existing) context.engine.dropCollection(target.db, target.collection);
  const { collection } = context.engine.ensureCollection(target.db, target.collection);
  for (const spec of indexSpecs) collection.createIndex(spec);
  for (const document of prepared) collection.insert(document);
}

/**
 * The pipeline the driver's countDocuments() sends after its $match: optional $skip and
 * $limit, then `{ $group: { _id: <constant>, n: { $sum: 1 } } }`. Returns the window and
 * the group's shape, or undefined for any other pipeline.
 */
function countShape(
  pipeline: unknown[],
): { skip: number; limit: number; id: unknown; field: string } | undefined {
  let skip = 0;
  let limit = Infinity;
  for (const stage of pipeline.slice(0, -1)) {
    if (!isPlainObject(stage) || Object.keys(stage).length !== 1) return undefined;
    if (isNumeric(stage.$skip) && skip === 0 && limit === Infinity) skip = toNumber(stage.$skip);
    else if (isNumeric(stage.$limit) && limit === Infinity) limit = toNumber(stage.$limit);
    else return undefined;
  }
  if (!Number.isSafeInteger(skip) || skip < 0 || !(limit > 0)) return undefined;
  const group = pipeline[pipeline.length - 1];
  if (!isPlainObject(group) || Object.keys(group).length !== 1 || !isPlainObject(group.$group))
    return undefined;
  const { _id: id, ...accumulators } = group.$group;
  const fields = Object.keys(accumulators);
  if (fields.length !== 1 || !('_id' in group.$group)) return undefined;
  // A constant key: anything but a $path, an expression object or an array.
  if ((typeof id === 'string' && id.startsWith('$')) || isPlainObject(id) || Array.isArray(id))
    return undefined;
  const sum = accumulators[fields[0]];
  if (!isPlainObject(sum) || Object.keys(sum).length !== 1 || !isNumeric(sum.$sum))
    return undefined;
  if (toNumber(sum.$sum) !== 1) return undefined;
  return { skip, limit, id, field: fields[0] };
}

function checkOptions(command: Doc): void {
  if (!Array.isArray(command.pipeline))
    throw new MongoError(
      ErrorCodes.TypeMismatch,
      "'pipeline' option must be specified as an array",
    );
  if (command.explain === true)
    throw new MongoError(ErrorCodes.NotImplemented, 'explain is not supported by embedded-mongo');
  if (!isPlainObject(command.cursor) && command.explain !== true) {
    throw new MongoError(
      ErrorCodes.FailedToParse,
      "The 'cursor' option is required, except for aggregate with the explain argument",
    );
  }
}

const aggregate: Handler = (command, db, context) => {
  checkOptions(command);
  const isDatabaseLevel = isNumeric(command.aggregate) && toNumber(command.aggregate) === 1;
  const name = isDatabaseLevel ? '$cmd.aggregate' : collectionName(command, 'aggregate');
  const collation = collationOf(command.collation);
  let pipeline = command.pipeline as unknown[];
  for (const stage of pipeline) {
    if (isPlainObject(stage) && '$merge' in stage)
      throw new MongoError(ErrorCodes.NotImplemented, '$merge is not supported by embedded-mongo');
  }
  const out = outTarget(pipeline[pipeline.length - 1], db);
  if (out) pipeline = pipeline.slice(0, -1);

  const collection = isDatabaseLevel ? undefined : context.engine.collection(db, name);
  const ns = `${db}.${name}`;
  const first = pipeline[0];
  const counting = !isDatabaseLevel && !out && countShape(pipeline.slice(1));
  if (counting && isPlainObject(first) && '$match' in first) {
    // countDocuments(): counted as it is matched, without building a copy of each document
    // for the pipeline (which cost more than the rest of the command together).
    let count = countMatching(collection, first.$match, collation);
    count = Math.min(Math.max(count - counting.skip, 0), counting.limit);
    const firstBatch =
      count > 0 ? [{ _id: counting.id, [counting.field]: typedNumber(count) }] : [];
    return { cursor: { firstBatch, id: Long.ZERO, ns }, ok: 1 };
  }
  let input: Doc[];
  if (isPlainObject(first) && '$match' in first && !isDatabaseLevel) {
    // A leading $match runs through the regular query path (uses the _id map, BSON-aware $type).
    input = Array.from(matching(collection, first.$match, collation));
    pipeline = pipeline.slice(1);
  } else {
    input = collection ? collection.all() : [];
  }
  let result: Doc[];
  try {
    result = runPipeline(input, pipeline, {
      resolve: (from) => context.engine.collection(db, from)?.all() ?? [],
      collation,
    });
  } catch (error) {
    throw isMongoError(error) ? error : toMongoError(error);
  }
  if (out) {
    writeOut(context, out, result);
    return { cursor: { firstBatch: [], id: Long.ZERO, ns }, ok: 1 };
  }
  const { id, batch } = context.cursors.open(ns, result, batchSizeOf(command), false);
  return { cursor: { firstBatch: batch, id, ns }, ok: 1 };
};

export const aggregateCommands: Record<string, Handler> = { aggregate };
