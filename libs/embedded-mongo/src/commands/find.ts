/** Reads: find and its cursors (getMore, killCursors), count, distinct. */
import { Long } from 'bson';
import { compareValues, keyString } from '../compare';
import { ErrorCodes, MongoError } from '../errors';
import { compileProjection } from '../projection';
import { sortTyped } from '../query';
import { resultKey } from '../result-cache';
import type { Collection } from '../collection';
import {
  Doc,
  EMPTY_ARRAY,
  bsonTag,
  getPathValues,
  isNumeric,
  isPlainObject,
  optInt,
  toNumber,
  typeName,
} from '../values';
import { collationOf, collectionName, optionalDocument } from './arguments';
import type { Handler } from './context';
import { countMatching, matching } from './matching';

function checkHint(collection: Collection | undefined, hint: unknown): void {
  if (hint === undefined || !collection) return;
  const found =
    typeof hint === 'string'
      ? collection.findIndex(hint)
      : isPlainObject(hint) && Object.keys(hint).length
        ? collection.indexes.find((index) => keyString(index.spec.key) === keyString(hint))
        : true;
  if (!found) {
    throw new MongoError(
      ErrorCodes.BadValue,
      'error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index',
    );
  }
}

const find: Handler = (command, db, context) => {
  const name = collectionName(command, 'find');
  const collection = context.engine.collection(db, name);
  const collation = collationOf(command.collation);
  checkHint(collection, command.hint);
  let limit = optInt(command.limit) ?? 0;
  let singleBatch = command.singleBatch === true;
  if (limit < 0) {
    limit = -limit;
    singleBatch = true;
  }
  const skip = optInt(command.skip) ?? 0;
  if (skip < 0) throw new MongoError(ErrorCodes.BadValue, 'skip value must be non-negative');
  const batchSize = optInt(command.batchSize);
  if (batchSize !== undefined && batchSize < 0)
    throw new MongoError(ErrorCodes.BadValue, 'batchSize value must be non-negative');
  const sort = optionalDocument(command.sort, 'sort');
  const projection = optionalDocument(command.projection, 'projection');
  const project = compileProjection(projection);
  const { filter } = command;
  const select = (): Doc[] => {
    let documents: Doc[];
    if (!sort || !Object.keys(sort).length) {
      // No sort: stop scanning as soon as skip + limit documents are found.
      documents = [];
      const wanted = limit ? skip + limit : Infinity;
      for (const document of matching(collection, filter, collation)) {
        documents.push(document);
        if (documents.length >= wanted) break;
      }
      documents = documents.slice(skip);
    } else {
      documents = sortTyped(Array.from(matching(collection, filter, collation)), sort, collation);
      documents = documents.slice(skip, limit ? skip + limit : undefined);
    }
    return project ? documents.map(project) : documents;
  };
  // Frozen, as the cache hands the same array (and the same projected documents) to every
  // reader: the reply then reuses its encoding too (wire.ts).
  const documents = collection
    ? collection.results.answer(
        resultKey('find', { filter, sort, skip, limit, projection, collation }),
        () => Object.freeze(select()) as Doc[],
      )
    : [];
  const ns = `${db}.${name}`;
  const { id, batch } = context.cursors.open(ns, documents, batchSize, singleBatch);
  return { cursor: { firstBatch: batch, id, ns }, ok: 1 };
};

function cursorIdOf(value: unknown): Long {
  if (bsonTag(value) === 'Long') return value as Long;
  if (isNumeric(value)) return Long.fromNumber(toNumber(value));
  throw new MongoError(
    ErrorCodes.TypeMismatch,
    `BSON field 'getMore.getMore' is the wrong type '${typeName(value)}', expected type 'long'`,
  );
}

const getMore: Handler = (command, db, context) => {
  const id = cursorIdOf(command.getMore);
  const name = collectionName(command, 'collection');
  const cursor = context.cursors.get(id);
  if (!cursor)
    throw new MongoError(ErrorCodes.CursorNotFound, `cursor id ${id.toString()} not found`);
  if (cursor.ns !== `${db}.${name}` && !cursor.ns.startsWith(`${db}.$cmd`)) {
    throw new MongoError(
      ErrorCodes.Unauthorized,
      `Requested getMore on namespace '${db}.${name}', but cursor belongs to a different namespace ${cursor.ns}`,
    );
  }
  const { id: nextId, batch } = context.cursors.next(cursor, optInt(command.batchSize));
  return { cursor: { nextBatch: batch, id: nextId, ns: cursor.ns }, ok: 1 };
};

const killCursors: Handler = (command, _db, context) => {
  collectionName(command, 'killCursors');
  if (!Array.isArray(command.cursors))
    throw new MongoError(
      ErrorCodes.FailedToParse,
      "BSON field 'killCursors.cursors' is missing but a required field",
    );
  const killed: Long[] = [];
  const notFound: Long[] = [];
  for (const raw of command.cursors) {
    const id = cursorIdOf(raw);
    (context.cursors.kill(id) ? killed : notFound).push(id);
  }
  return {
    cursorsKilled: killed,
    cursorsNotFound: notFound,
    cursorsAlive: [],
    cursorsUnknown: [],
    ok: 1,
  };
};

const count: Handler = (command, db, context) => {
  const collection = context.engine.collection(db, collectionName(command, 'count'));
  const skip = Math.max(optInt(command.skip) ?? 0, 0);
  const limit = Math.abs(optInt(command.limit) ?? 0);
  const query = optionalDocument(command.query, 'query');
  let total = 0;
  if (collection) {
    if (!query || !Object.keys(query).length) total = collection.size;
    else total = countMatching(collection, query, collationOf(command.collation));
  }
  total = Math.max(total - skip, 0);
  if (limit) total = Math.min(total, limit);
  return { n: total, ok: 1 };
};

const distinct: Handler = (command, db, context) => {
  const collection = context.engine.collection(db, collectionName(command, 'distinct'));
  if (typeof command.key !== 'string')
    throw new MongoError(
      ErrorCodes.TypeMismatch,
      "BSON field 'distinct.key' is missing but a required field",
    );
  const key = command.key;
  const seen = new Map<string, unknown>();
  const query = optionalDocument(command.query, 'query');
  for (const document of matching(collection, query, collationOf(command.collation))) {
    for (const value of getPathValues(document, key)) {
      if (value === undefined || value === EMPTY_ARRAY) continue;
      const valueKey = keyString(value);
      if (!seen.has(valueKey)) seen.set(valueKey, value);
    }
  }
  // mongod collects distinct values into an ordered set, so they come back in BSON order.
  const values = Array.from(seen.values()).sort((a, b) => compareValues(a, b));
  return { values, ok: 1 };
};

export const findCommands: Record<string, Handler> = {
  find,
  getMore,
  killCursors,
  count,
  distinct,
};
