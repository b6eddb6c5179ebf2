/** Namespace and index management: create/drop, list*, createIndexes/listIndexes/dropIndexes, renameCollection, stats. */
import { calculateObjectSize } from 'bson';
import { keyString } from '../compare';
import { ErrorCodes, MongoError } from '../errors';
import { compileFilter } from '../query';
import { Collection, checkNamespace } from '../storage';
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

const create: Handler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'create');
  const options: Doc = {};
  for (const [k, v] of Object.entries(cmd))
    if (k !== 'create' && !GENERIC_FIELDS.has(k)) options[k] = v;
  if ('viewOn' in options)
    throw new MongoError(ErrorCodes.NotImplemented, 'views are not supported by embedded-mongo');
  ctx.engine.createCollection(db, name, options);
  return { ok: 1 };
};

/**
 * MongoDB 7.0 no longer fails when dropping a collection that does not exist
 * (older servers returned 26 NamespaceNotFound); we follow 7.0.
 */
const drop: Handler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'drop');
  const dropped = ctx.engine.dropCollection(db, name);
  if (!dropped) return { ok: 1 };
  return { nIndexesWas: dropped.indexes.length, ns: `${db}.${name}`, ok: 1 };
};

const dropDatabase: Handler = (_cmd, db, ctx) => {
  ctx.engine.dropDatabase(db);
  return { ok: 1 };
};

function collectionInfo(c: Collection, nameOnly: boolean): Doc {
  if (nameOnly) return { name: c.name, type: 'collection' };
  return {
    name: c.name,
    type: 'collection',
    options: c.options,
    info: { readOnly: false, uuid: c.uuid },
    idIndex: { v: 2, key: { _id: 1 }, name: '_id_' },
  };
}

const listCollections: Handler = (cmd, db, ctx) => {
  const nameOnly = cmd.nameOnly === true;
  const filter = isPlainObject(cmd.filter) ? compileFilter(cmd.filter) : () => true;
  const entries = ctx.engine
    .collections(db)
    .map((c) => collectionInfo(c, nameOnly))
    .filter(filter)
    .sort((a, b) => String(a.name).localeCompare(String(b.name)));
  const ns = `${db}.$cmd.listCollections`;
  const batchSize = isPlainObject(cmd.cursor) ? optInt(cmd.cursor.batchSize) : undefined;
  const { id, batch } = ctx.cursors.open(ns, entries, batchSize, false);
  return { cursor: { id, ns, firstBatch: batch }, ok: 1 };
};

function approxSize(colls: Collection[]): number {
  let bytes = 0;
  for (const c of colls) for (const d of c.docs.values()) bytes += calculateObjectSize(d);
  return bytes;
}

const listDatabases: Handler = (cmd, _db, ctx) => {
  const filter = isPlainObject(cmd.filter) ? compileFilter(cmd.filter) : () => true;
  const names = Array.from(ctx.engine.dbs.keys()).sort();
  if (cmd.nameOnly === true)
    return { databases: names.map((name) => ({ name })).filter(filter), ok: 1 };
  const databases = names
    .map((name) => ({ name, sizeOnDisk: approxSize(ctx.engine.collections(name)), empty: false }))
    .filter(filter);
  const totalSize = databases.reduce((s, d) => s + d.sizeOnDisk, 0);
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
  for (const [k, v] of Object.entries(raw))
    if (k !== 'v' && k !== 'key' && k !== 'name' && k !== 'ns') spec[k] = v;
  if (isPlainObject(spec.collation) && spec.collation.locale === 'simple') delete spec.collation;
  return spec;
}

const createIndexes: Handler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'createIndexes');
  if (!Array.isArray(cmd.indexes) || !cmd.indexes.length) {
    throw new MongoError(ErrorCodes.BadValue, 'Must specify at least one index to create');
  }
  const specs = cmd.indexes.map(normalizeIndexSpec);
  checkNamespace(db, name);
  const { coll, created } = ctx.engine.ensureCollection(db, name);
  const before = coll.indexes.length;
  const made: string[] = [];
  try {
    for (const spec of specs) if (coll.createIndex(spec)) made.push(String(spec.name));
  } catch (e) {
    // All or nothing, like mongod: undo the indexes this command already built.
    for (const n of made) coll.dropIndex(n);
    throw e;
  }
  const after = coll.indexes.length;
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

const listIndexes: Handler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'listIndexes');
  const coll = ctx.engine.collection(db, name);
  if (!coll) throw new MongoError(ErrorCodes.NamespaceNotFound, `ns does not exist: ${db}.${name}`);
  const ns = `${db}.${name}`;
  const batchSize = isPlainObject(cmd.cursor) ? optInt(cmd.cursor.batchSize) : undefined;
  const { id, batch } = ctx.cursors.open(
    ns,
    coll.indexes.map((i) => i.spec),
    batchSize,
    false,
  );
  return { cursor: { id, ns, firstBatch: batch }, ok: 1 };
};

const dropIndexes: Handler = (cmd, db, ctx) => {
  const name = collectionName(cmd, cmd.dropIndexes !== undefined ? 'dropIndexes' : 'deleteIndexes');
  const coll = ctx.engine.collection(db, name);
  if (!coll) throw new MongoError(ErrorCodes.NamespaceNotFound, `ns not found ${db}.${name}`);
  const was = coll.indexes.length;
  const spec = cmd.index;
  let names: string[];
  if (spec === '*') {
    names = coll.indexes.slice(1).map((i) => i.name);
  } else if (typeof spec === 'string') {
    names = [spec];
  } else if (Array.isArray(spec)) {
    names = spec.map(String);
  } else if (isPlainObject(spec)) {
    const found = coll.indexes.find((i) => keyString(i.spec.key) === keyString(spec));
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
  for (const n of names) {
    if (n === '_id_') throw new MongoError(ErrorCodes.InvalidOptions, 'cannot drop _id index');
    if (!coll.findIndex(n))
      throw new MongoError(ErrorCodes.IndexNotFound, `index not found with name [${n}]`);
  }
  for (const n of names) coll.dropIndex(n);
  return { nIndexesWas: was, ok: 1 };
};

// ---------------------------------------------------------------- misc

function splitNs(ns: unknown): [string, string] {
  if (typeof ns !== 'string' || !ns.includes('.'))
    throw new MongoError(
      ErrorCodes.InvalidNamespace,
      `Invalid namespace specified '${String(ns)}'`,
    );
  const i = ns.indexOf('.');
  return [ns.slice(0, i), ns.slice(i + 1)];
}

const renameCollection: Handler = (cmd, _db, ctx) => {
  const [fromDb, from] = splitNs(cmd.renameCollection);
  const [toDb, to] = splitNs(cmd.to);
  checkNamespace(toDb, to);
  if (!ctx.engine.collection(fromDb, from))
    throw new MongoError(
      ErrorCodes.NamespaceNotFound,
      `Source collection ${fromDb}.${from} does not exist`,
    );
  if (ctx.engine.collection(toDb, to)) {
    if (cmd.dropTarget !== true)
      throw new MongoError(ErrorCodes.NamespaceExists, 'target namespace exists');
    ctx.engine.dropCollection(toDb, to);
  }
  ctx.engine.renameCollection(fromDb, from, toDb, to);
  return { ok: 1 };
};

const dbStats: Handler = (_cmd, db, ctx) => {
  const colls = ctx.engine.collections(db);
  const objects = colls.reduce((s, c) => s + c.size, 0);
  const dataSize = approxSize(colls);
  return {
    db,
    collections: colls.length,
    views: 0,
    objects,
    avgObjSize: objects ? dataSize / objects : 0,
    dataSize,
    storageSize: dataSize,
    indexes: colls.reduce((s, c) => s + c.indexes.length, 0),
    indexSize: 0,
    ok: 1,
  };
};

const collStats: Handler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'collStats');
  const coll = ctx.engine.collection(db, name);
  if (!coll)
    throw new MongoError(ErrorCodes.NamespaceNotFound, `Collection [${db}.${name}] not found.`);
  const size = approxSize([coll]);
  return {
    ns: coll.ns,
    count: coll.size,
    size,
    avgObjSize: coll.size ? size / coll.size : 0,
    storageSize: size,
    nindexes: coll.indexes.length,
    indexSizes: Object.fromEntries(coll.indexes.map((i) => [i.name, 0])),
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
