/** Namespace and index management: create/drop, list*, createIndexes/listIndexes/dropIndexes, renameCollection, stats. */
import { calculateObjectSize } from 'bson';
import { keyString } from '../compare';
import { ErrorCodes, MongoError } from '../errors';
import { compileFilter } from '../query';
import type { Collection } from '../collection';
import { checkNamespace } from '../storage';
import { Doc, formatValue, isNumeric, isPlainObject, optInt, toNumber, typeName } from '../values';
import type { Handler } from './context';
import { collectionName } from './arguments';

/** Command fields that are transport/session metadata, not collection options. */
const GENERIC_FIELDS = new Set([
  '$db',
  'lsid',
  'txnNumber',
  '$clusterTime',
  '$readPreference',
  'writeConcern',
  'readConcern',
  'comment',
  'maxTimeMS',
  'apiVersion',
  'apiStrict',
  'apiDeprecationErrors',
]);

const create: Handler = (command, db, context) => {
  const name = collectionName(command, 'create');
  const options: Doc = {};
  for (const [k, v] of Object.entries(command))
    if (k !== 'create' && !GENERIC_FIELDS.has(k)) options[k] = v;
  if ('viewOn' in options)
    throw new MongoError(ErrorCodes.NotImplemented, 'views are not supported by embedded-mongo');
  context.engine.createCollection(db, name, options);
  return { ok: 1 };
};

/**
 * MongoDB 7.0 no longer fails when dropping a collection that does not exist
 * (older servers returned 26 NamespaceNotFound); we follow 7.0.
 */
const drop: Handler = (command, db, context) => {
  const name = collectionName(command, 'drop');
  const dropped = context.engine.dropCollection(db, name);
  if (!dropped) return { ok: 1 };
  return { nIndexesWas: dropped.indexes.length, ns: `${db}.${name}`, ok: 1 };
};

const dropDatabase: Handler = (_command, db, context) => {
  context.engine.dropDatabase(db);
  return { ok: 1 };
};

function collectionInfo(collection: Collection, nameOnly: boolean): Doc {
  if (nameOnly) return { name: collection.name, type: 'collection' };
  return {
    name: collection.name,
    type: 'collection',
    options: collection.options,
    info: { readOnly: false, uuid: collection.uuid },
    idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
  };
}

const listCollections: Handler = (command, db, context) => {
  const nameOnly = command.nameOnly === true;
  const filter = isPlainObject(command.filter) ? compileFilter(command.filter) : () => true;
  const entries = context.engine
    .collections(db)
    .map((collection) => collectionInfo(collection, nameOnly))
    .filter(filter)
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
  const ns = `${db}.$cmd.listCollections`;
  const batchSize = isPlainObject(command.cursor) ? optInt(command.cursor.batchSize) : undefined;
  const { id, batch } = context.cursors.open(ns, entries, batchSize, false);
  return { cursor: { id, ns, firstBatch: batch }, ok: 1 };
};

function approxSize(collections: Collection[]): number {
  let bytes = 0;
  for (const collection of collections)
    for (const doc of collection.docs.values()) bytes += calculateObjectSize(doc);
  return bytes;
}

const listDatabases: Handler = (command, _db, context) => {
  const filter = isPlainObject(command.filter) ? compileFilter(command.filter) : () => true;
  const names = Array.from(context.engine.dbs.keys()).sort();
  if (command.nameOnly === true)
    return { databases: names.map((name) => ({ name })).filter(filter), ok: 1 };
  const databases = names
    .map((name) => ({
      name,
      sizeOnDisk: approxSize(context.engine.collections(name)),
      empty: false,
    }))
    .filter(filter);
  const totalSize = databases.reduce((total, database) => total + database.sizeOnDisk, 0);
  return { databases, totalSize, totalSizeMb: Math.floor(totalSize / 1024 / 1024), ok: 1 };
};

// ---------------------------------------------------------------- indexes

const INDEX_TYPES = new Set(['text', '2d', '2dsphere', 'hashed', 'geoHaystack']);

/** Normalizes an index spec to mongod's stored shape: { v: 2, key, name, ...options }. */
function normalizeIndexSpec(raw: unknown): Doc {
  if (!isPlainObject(raw))
    throw new MongoError(
      ErrorCodes.TypeMismatch,
      "The elements of the 'indexes' array must be objects",
    );
  const key = raw.key;
  if (!isPlainObject(key) || !Object.keys(key).length) {
    throw new MongoError(
      ErrorCodes.FailedToParse,
      "The 'key' field is a required property of an index specification",
    );
  }
  for (const [field, dir] of Object.entries(key)) {
    const ok =
      (isNumeric(dir) && toNumber(dir) !== 0) || (typeof dir === 'string' && INDEX_TYPES.has(dir));
    if (!ok) {
      throw new MongoError(
        ErrorCodes.CannotCreateIndex,
        `Values in the index key pattern can only be numbers or strings. Found: ${field}: ${formatValue(dir)}`,
      );
    }
  }
  if (typeof raw.name !== 'string' || !raw.name) {
    throw new MongoError(
      ErrorCodes.FailedToParse,
      "The 'name' field is a required property of an index specification",
    );
  }
  if (raw.name === '_id_' && keyString(key) !== keyString({ _id: 1 })) {
    throw new MongoError(
      ErrorCodes.BadValue,
      "The index name '_id_' is reserved for the _id index",
    );
  }
  if (
    raw.collation !== undefined &&
    !(isPlainObject(raw.collation) && typeof raw.collation.locale === 'string')
  ) {
    throw new MongoError(ErrorCodes.BadValue, "collation must be an object with a 'locale' field");
  }
  if (raw.partialFilterExpression !== undefined && !isPlainObject(raw.partialFilterExpression)) {
    throw new MongoError(
      ErrorCodes.TypeMismatch,
      'partialFilterExpression for an index must be a document',
    );
  }
  const spec: Doc = { v: 2, key, name: raw.name };
  for (const [key, value] of Object.entries(raw))
    if (key !== 'v' && key !== 'key' && key !== 'name' && key !== 'ns') spec[key] = value;
  if (isPlainObject(spec.collation) && spec.collation.locale === 'simple') delete spec.collation;
  return spec;
}

const createIndexes: Handler = (command, db, context) => {
  const name = collectionName(command, 'createIndexes');
  if (!Array.isArray(command.indexes) || !command.indexes.length) {
    throw new MongoError(ErrorCodes.BadValue, 'Must specify at least one index to create');
  }
  const specs = command.indexes.map(normalizeIndexSpec);
  checkNamespace(db, name);
  const { collection, created } = context.engine.ensureCollection(db, name);
  const before = collection.indexes.length;
  const made: string[] = [];
  try {
    for (const spec of specs) if (collection.createIndex(spec)) made.push(String(spec.name));
  } catch (error) {
    // All or nothing, like mongod: undo the indexes this command already built.
    for (const indexName of made) collection.dropIndex(indexName);
    throw error;
  }
  const after = collection.indexes.length;
  if (!made.length) {
    return {
      numIndexesBefore: before,
      numIndexesAfter: after,
      note: 'all indexes already exist',
      ok: 1,
    };
  }
  return {
    createdCollectionAutomatically: created,
    numIndexesBefore: before,
    numIndexesAfter: after,
    ok: 1,
  };
};

const listIndexes: Handler = (command, db, context) => {
  const name = collectionName(command, 'listIndexes');
  const collection = context.engine.collection(db, name);
  if (!collection)
    throw new MongoError(ErrorCodes.NamespaceNotFound, `ns does not exist: ${db}.${name}`);
  const ns = `${db}.${name}`;
  const batchSize = isPlainObject(command.cursor) ? optInt(command.cursor.batchSize) : undefined;
  const { id, batch } = context.cursors.open(
    ns,
    collection.indexes.map((index) => index.spec),
    batchSize,
    false,
  );
  return { cursor: { id, ns, firstBatch: batch }, ok: 1 };
};

const dropIndexes: Handler = (command, db, context) => {
  const name = collectionName(
    command,
    command.dropIndexes !== undefined ? 'dropIndexes' : 'deleteIndexes',
  );
  const collection = context.engine.collection(db, name);
  if (!collection) throw new MongoError(ErrorCodes.NamespaceNotFound, `ns not found ${db}.${name}`);
  const was = collection.indexes.length;
  const spec = command.index;
  let names: string[];
  if (spec === '*') {
    names = collection.indexes.slice(1).map((index) => index.name);
  } else if (typeof spec === 'string') {
    names = [spec];
  } else if (Array.isArray(spec)) {
    names = spec.map(String);
  } else if (isPlainObject(spec)) {
    const found = collection.indexes.find((index) => keyString(index.spec.key) === keyString(spec));
    if (!found)
      throw new MongoError(
        ErrorCodes.IndexNotFound,
        `can't find index with key: ${formatValue(spec)}`,
      );
    names = [found.name];
  } else {
    throw new MongoError(
      ErrorCodes.TypeMismatch,
      `BSON field 'dropIndexes.index' is the wrong type '${typeName(spec)}'`,
    );
  }
  for (const indexName of names) {
    if (indexName === '_id_')
      throw new MongoError(ErrorCodes.InvalidOptions, 'cannot drop _id index');
    if (!collection.findIndex(indexName))
      throw new MongoError(ErrorCodes.IndexNotFound, `index not found with name [${indexName}]`);
  }
  for (const indexName of names) collection.dropIndex(indexName);
  return { nIndexesWas: was, ok: 1 };
};

// ---------------------------------------------------------------- misc

function splitNs(ns: unknown): [string, string] {
  if (typeof ns !== 'string' || !ns.includes('.'))
    throw new MongoError(
      ErrorCodes.InvalidNamespace,
      `Invalid namespace specified '${String(ns)}'`,
    );
  const dot = ns.indexOf('.');
  return [ns.slice(0, dot), ns.slice(dot + 1)];
}

const renameCollection: Handler = (command, _db, context) => {
  const [fromDb, from] = splitNs(command.renameCollection);
  const [toDb, to] = splitNs(command.to);
  checkNamespace(toDb, to);
  if (!context.engine.collection(fromDb, from))
    throw new MongoError(
      ErrorCodes.NamespaceNotFound,
      `Source collection ${fromDb}.${from} does not exist`,
    );
  if (context.engine.collection(toDb, to)) {
    if (command.dropTarget !== true)
      throw new MongoError(ErrorCodes.NamespaceExists, 'target namespace exists');
    context.engine.dropCollection(toDb, to);
  }
  context.engine.renameCollection(fromDb, from, toDb, to);
  return { ok: 1 };
};

const dbStats: Handler = (_command, db, context) => {
  const collections = context.engine.collections(db);
  const objects = collections.reduce((total, collection) => total + collection.size, 0);
  const dataSize = approxSize(collections);
  return {
    db,
    collections: collections.length,
    views: 0,
    objects,
    avgObjSize: objects ? dataSize / objects : 0,
    dataSize,
    storageSize: dataSize,
    indexes: collections.reduce((total, collection) => total + collection.indexes.length, 0),
    indexSize: 0,
    ok: 1,
  };
};

const collStats: Handler = (command, db, context) => {
  const name = collectionName(command, 'collStats');
  const collection = context.engine.collection(db, name);
  if (!collection)
    throw new MongoError(ErrorCodes.NamespaceNotFound, `Collection [${db}.${name}] not found.`);
  const size = approxSize([collection]);
  return {
    ns: collection.ns,
    count: collection.size,
    size,
    avgObjSize: collection.size ? size / collection.size : 0,
    storageSize: size,
    nindexes: collection.indexes.length,
    indexSizes: Object.fromEntries(collection.indexes.map((index) => [index.name, 0])),
    ok: 1,
  };
};

export const ddlCommands: Record<string, Handler> = {
  create,
  drop,
  dropDatabase,
  listCollections,
  listDatabases,
  createIndexes,
  listIndexes,
  dropIndexes,
  deleteIndexes: dropIndexes,
  renameCollection,
  dbStats,
  collStats,
};
