/** Reads and writes: find/getMore/killCursors, insert/update/delete, findAndModify, count, distinct, aggregate. */
import { Long, ObjectId, serialize } from 'bson';
import { CollationSpec, compareValues, keyString } from '../compare';
import { ErrorCodes, MongoError, isMongoError, toMongoError } from '../errors';
import { compileFilter, compileProjection, idCandidates, runPipeline, sortTyped } from '../query';
import { Collection } from '../storage';
import {
  applyOperatorUpdate,
  applyPipelineUpdate,
  applyReplacement,
  checkReplacement,
  isOperatorUpdate,
  isPipelineUpdate,
  seedFromQuery,
} from '../update';
import {
  Doc,
  EMPTY_ARRAY,
  bsonTag,
  deepClone,
  getPathValues,
  isNumeric,
  isPlainObject,
  optInt,
  toNumber,
  typeName,
  typedNumber,
} from '../values';
import type { CommandContext, Handler } from './context';

// ---------------------------------------------------------------- helpers

export function collectionName(cmd: Doc, field: string): string {
  const v = cmd[field];
  if (typeof v !== 'string') {
    throw new MongoError(
      ErrorCodes.InvalidNamespace,
      `collection name has invalid type ${typeName(v)}`,
    );
  }
  return v;
}

function docOrUndefined(v: unknown, field: string): Doc | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isPlainObject(v)) {
    throw new MongoError(
      ErrorCodes.TypeMismatch,
      `BSON field '${field}' is the wrong type '${typeName(v)}', expected type 'object'`,
    );
  }
  return v;
}

function collationOf(v: unknown): CollationSpec | undefined {
  return isPlainObject(v) && typeof v.locale === 'string'
    ? (v as unknown as CollationSpec)
    : undefined;
}

function bsonEqual(a: Doc, b: Doc): boolean {
  return Buffer.compare(serialize(a), serialize(b)) === 0;
}

/**
 * Top-level `$text` (mingo has no text search): OR of the search words, AND of
 * quoted phrases, minus negated words, case- and diacritic-insensitive, over
 * the fields of the collection's text index. No stemming or stop words.
 */
function textMatcher(coll: Collection, spec: unknown): (doc: Doc) => boolean {
  const idx = coll.indexes.find((i) => i.fields.some(([, dir]) => dir === 'text'));
  if (!idx) throw new MongoError(ErrorCodes.IndexNotFound, 'text index required for $text query');
  if (!isPlainObject(spec) || typeof spec.$search !== 'string') {
    throw new MongoError(ErrorCodes.BadValue, '$text requires a $search string');
  }
  const norm = (x: string) =>
    x
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const fields = idx.fields.filter(([, dir]) => dir === 'text').map(([f]) => f);
  const search = norm(spec.$search);
  const phrases = Array.from(search.matchAll(/"([^"]+)"/g), (m) => m[1]);
  const words = search
    .replace(/"[^"]*"/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const negated = words.filter((w) => w.startsWith('-')).map((w) => w.slice(1));
  const terms = words.filter((w) => !w.startsWith('-'));
  return (doc) => {
    const text = norm(
      fields
        .flatMap((f) => getPathValues(doc, f).filter((v): v is string => typeof v === 'string'))
        .join(' \n '),
    );
    const tokens = new Set(text.split(/[^\p{L}\p{N}]+/u));
    if (negated.some((w) => tokens.has(w))) return false;
    if (!phrases.every((p) => text.includes(p))) return false;
    return terms.length ? terms.some((w) => tokens.has(w)) : phrases.length > 0;
  };
}

/** Documents matching `filter` in natural order, using the _id map when the filter pins _id. */
export function* matching(
  coll: Collection | undefined,
  filter: unknown,
  collation?: CollationSpec,
): Generator<Doc> {
  if (!coll) return;
  let f = docOrUndefined(filter, 'filter') ?? {};
  let text: ((doc: Doc) => boolean) | undefined;
  if ('$text' in f) {
    const { $text, ...rest } = f;
    text = textMatcher(coll, $text);
    f = rest;
  }
  const ids = idCandidates(f);
  // A filter on _id alone is answered entirely by the hash map (findById); no matcher needed.
  const idOnly = ids && !collation && Object.keys(f).length === 1 && '_id' in f;
  const base = idOnly ? () => true : compileFilter(f, collation);
  const test = text ? (d: Doc) => text(d) && base(d) : base;
  if (ids) {
    const seen = new Set<string>();
    for (const id of ids) {
      const k = keyString(id);
      if (seen.has(k)) continue;
      seen.add(k);
      const d = coll.get(id);
      if (d && test(d)) yield d;
    }
    return;
  }
  for (const d of coll.docs.values()) if (test(d)) yield d;
}

function checkHint(coll: Collection | undefined, hint: unknown): void {
  if (hint === undefined || !coll) return;
  const found =
    typeof hint === 'string'
      ? coll.findIndex(hint)
      : isPlainObject(hint) && Object.keys(hint).length
        ? coll.indexes.find((i) => keyString(i.spec.key) === keyString(hint))
        : true;
  if (!found) {
    throw new MongoError(
      ErrorCodes.BadValue,
      'error processing query: planner returned error :: caused by :: hint provided does not correspond to an existing index',
    );
  }
}

function batchSizeOf(cmd: Doc): number | undefined {
  const cursor = cmd.cursor;
  if (isPlainObject(cursor)) return optInt(cursor.batchSize);
  return optInt(cmd.batchSize);
}

function writeErrorsReply(reply: Doc, writeErrors: Doc[]): Doc {
  return writeErrors.length ? { ...reply, writeErrors } : reply;
}

// ---------------------------------------------------------------- find / cursors

const find: Handler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'find');
  const coll = ctx.engine.collection(db, name);
  const collation = collationOf(cmd.collation);
  checkHint(coll, cmd.hint);
  let limit = optInt(cmd.limit) ?? 0;
  let singleBatch = cmd.singleBatch === true;
  if (limit < 0) {
    limit = -limit;
    singleBatch = true;
  }
  const skip = optInt(cmd.skip) ?? 0;
  if (skip < 0) throw new MongoError(ErrorCodes.BadValue, 'skip value must be non-negative');
  const batchSize = optInt(cmd.batchSize);
  if (batchSize !== undefined && batchSize < 0)
    throw new MongoError(ErrorCodes.BadValue, 'batchSize value must be non-negative');
  const sort = docOrUndefined(cmd.sort, 'sort');
  const project = compileProjection(docOrUndefined(cmd.projection, 'projection'));

  let docs: Doc[];
  if (!sort || !Object.keys(sort).length) {
    // No sort: stop scanning as soon as skip + limit documents are found.
    docs = [];
    const want = limit ? skip + limit : Infinity;
    for (const d of matching(coll, cmd.filter, collation)) {
      docs.push(d);
      if (docs.length >= want) break;
    }
    docs = docs.slice(skip);
  } else {
    docs = sortTyped(Array.from(matching(coll, cmd.filter, collation)), sort, collation);
    docs = docs.slice(skip, limit ? skip + limit : undefined);
  }
  if (project) docs = docs.map(project);
  const ns = `${db}.${name}`;
  const { id, batch } = ctx.cursors.open(ns, docs, batchSize, singleBatch);
  return { cursor: { firstBatch: batch, id, ns }, ok: 1 };
};

function cursorIdOf(v: unknown): Long {
  if (bsonTag(v) === 'Long') return v as Long;
  if (isNumeric(v)) return Long.fromNumber(toNumber(v));
  throw new MongoError(
    ErrorCodes.TypeMismatch,
    `BSON field 'getMore.getMore' is the wrong type '${typeName(v)}', expected type 'long'`,
  );
}

const getMore: Handler = (cmd, db, ctx) => {
  const id = cursorIdOf(cmd.getMore);
  const name = collectionName(cmd, 'collection');
  const cursor = ctx.cursors.get(id);
  if (!cursor)
    throw new MongoError(ErrorCodes.CursorNotFound, `cursor id ${id.toString()} not found`);
  if (cursor.ns !== `${db}.${name}` && !cursor.ns.startsWith(`${db}.$cmd`)) {
    throw new MongoError(
      13,
      `Requested getMore on namespace '${db}.${name}', but cursor belongs to a different namespace ${cursor.ns}`,
    );
  }
  const { id: next, batch } = ctx.cursors.next(cursor, optInt(cmd.batchSize));
  return { cursor: { nextBatch: batch, id: next, ns: cursor.ns }, ok: 1 };
};

const killCursors: Handler = (cmd, _db, ctx) => {
  collectionName(cmd, 'killCursors');
  if (!Array.isArray(cmd.cursors))
    throw new MongoError(
      ErrorCodes.FailedToParse,
      "BSON field 'killCursors.cursors' is missing but a required field",
    );
  const killed: Long[] = [];
  const notFound: Long[] = [];
  for (const raw of cmd.cursors) {
    const id = cursorIdOf(raw);
    (ctx.cursors.kill(id) ? killed : notFound).push(id);
  }
  return {
    cursorsKilled: killed,
    cursorsNotFound: notFound,
    cursorsAlive: [],
    cursorsUnknown: [],
    ok: 1,
  };
};

// ---------------------------------------------------------------- insert

/** New ObjectId when _id is missing; _id always becomes the first field. */
export function prepareInsert(doc: unknown): Doc {
  if (!isPlainObject(doc))
    throw new MongoError(ErrorCodes.TypeMismatch, 'document to insert must be an object');
  if (!('_id' in doc)) return { _id: new ObjectId(), ...doc };
  const id = doc._id;
  if (Array.isArray(id) || id instanceof RegExp || id === undefined) {
    throw new MongoError(
      ErrorCodes.InvalidIdField,
      `The '_id' value cannot be of type ${typeName(id)}`,
    );
  }
  const { _id, ...rest } = doc;
  return { _id, ...rest };
}

function arrayField(cmd: Doc, field: string, command: string): Doc[] {
  const v = cmd[field];
  if (!Array.isArray(v))
    throw new MongoError(
      ErrorCodes.FailedToParse,
      `BSON field '${command}.${field}' is missing but a required field`,
    );
  if (v.length > 100_000)
    throw new MongoError(
      ErrorCodes.InvalidOptions,
      `Write batch sizes must be between 1 and 100000. Got ${v.length} operations.`,
    );
  return v as Doc[];
}

const insert: Handler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'insert');
  const docs = arrayField(cmd, 'documents', 'insert');
  const ordered = cmd.ordered !== false;
  const { coll } = ctx.engine.ensureCollection(db, name);
  let n = 0;
  const writeErrors: Doc[] = [];
  docs.forEach((raw, index) => {
    if (ordered && writeErrors.length) return;
    try {
      coll.insert(prepareInsert(raw));
      n++;
    } catch (e) {
      writeErrors.push(toMongoError(e).toWriteError(index));
    }
  });
  return writeErrorsReply({ n, ok: 1 }, writeErrors);
};

// ---------------------------------------------------------------- update

interface UpdateOptions {
  q: Doc;
  u: unknown;
  arrayFilters?: Doc[];
}

function checkUpdateSpec(u: unknown): void {
  if (isPipelineUpdate(u)) return;
  if (!isPlainObject(u))
    throw new MongoError(
      ErrorCodes.FailedToParse,
      'Update argument must be either an object or an array',
    );
  if (!isOperatorUpdate(u)) checkReplacement(u);
}

function computeUpdate(old: Doc, o: UpdateOptions): Doc {
  const u = o.u;
  if (isPipelineUpdate(u)) return applyPipelineUpdate(old, u);
  if (isOperatorUpdate(u)) {
    const copy = deepClone(old);
    applyOperatorUpdate(copy, u, { query: o.q, arrayFilters: o.arrayFilters });
    return copy;
  }
  return applyReplacement(old, u as Doc);
}

/** Applies an update to one stored document; returns the new version (or the old one when nothing changed). */
function updateOne(coll: Collection, old: Doc, o: UpdateOptions): { doc: Doc; modified: boolean } {
  const next = computeUpdate(old, o);
  if (bsonEqual(old, next)) return { doc: old, modified: false };
  coll.replace(old, next);
  return { doc: next, modified: true };
}

function upsertDoc(coll: Collection, o: UpdateOptions): Doc {
  const u = o.u;
  let doc: Doc;
  if (isPipelineUpdate(u)) {
    const seed = seedFromQuery(o.q);
    if (!('_id' in seed)) seed._id = new ObjectId();
    doc = applyPipelineUpdate(seed, u);
  } else if (isOperatorUpdate(u)) {
    doc = seedFromQuery(o.q);
    applyOperatorUpdate(doc, u, { query: o.q, arrayFilters: o.arrayFilters, isInsert: true });
  } else {
    checkReplacement(u as Doc);
    const seedId = seedFromQuery(o.q)._id;
    doc = deepClone(u as Doc);
    if (!('_id' in doc) && seedId !== undefined) doc = { _id: seedId, ...doc };
  }
  const prepared = prepareInsert(doc);
  coll.insert(prepared);
  return prepared;
}

function arrayFiltersOf(v: unknown): Doc[] | undefined {
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || !v.every(isPlainObject))
    throw new MongoError(ErrorCodes.TypeMismatch, 'arrayFilters must be an array of objects');
  return v as Doc[];
}

const update: Handler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'update');
  const specs = arrayField(cmd, 'updates', 'update');
  const ordered = cmd.ordered !== false;
  let n = 0;
  let nModified = 0;
  const upserted: Doc[] = [];
  const writeErrors: Doc[] = [];
  specs.forEach((spec, index) => {
    if (ordered && writeErrors.length) return;
    try {
      const q = docOrUndefined(spec.q, 'q') ?? {};
      const o: UpdateOptions = { q, u: spec.u, arrayFilters: arrayFiltersOf(spec.arrayFilters) };
      checkUpdateSpec(spec.u);
      if (spec.multi === true && isPlainObject(spec.u) && !isOperatorUpdate(spec.u)) {
        throw new MongoError(
          ErrorCodes.FailedToParse,
          'multi update is not supported for replacement-style update',
        );
      }
      const collation = collationOf(spec.collation);
      let coll = ctx.engine.collection(db, name);
      const targets: Doc[] = [];
      for (const d of matching(coll, q, collation)) {
        targets.push(d);
        if (spec.multi !== true) break;
      }
      if (targets.length && coll) {
        let matched = 0;
        let modified = 0;
        for (const d of targets) {
          matched++;
          if (updateOne(coll, d, o).modified) modified++;
        }
        n += matched;
        nModified += modified;
      } else if (spec.upsert === true) {
        coll = ctx.engine.ensureCollection(db, name).coll;
        const doc = upsertDoc(coll, o);
        n += 1;
        upserted.push({ index, _id: doc._id });
      }
    } catch (e) {
      writeErrors.push(toMongoError(e).toWriteError(index));
    }
  });
  const reply: Doc = { n, nModified };
  if (upserted.length) reply.upserted = upserted;
  return writeErrorsReply({ ...reply, ok: 1 }, writeErrors);
};

// ---------------------------------------------------------------- delete

const del: Handler = (cmd, db, ctx) => {
  const name = collectionName(cmd, 'delete');
  const specs = arrayField(cmd, 'deletes', 'delete');
  const ordered = cmd.ordered !== false;
  const coll = ctx.engine.collection(db, name);
  // Parse errors fail the whole command before anything is deleted, as in mongod.
  for (const spec of specs) {
    const limit = optInt(spec.limit) ?? 0;
    if (limit !== 0 && limit !== 1) {
      throw new MongoError(
        ErrorCodes.FailedToParse,
        `The limit field in delete objects must be 0 or 1. Got ${limit}`,
      );
    }
  }
  let n = 0;
  const writeErrors: Doc[] = [];
  specs.forEach((spec, index) => {
    if (ordered && writeErrors.length) return;
    try {
      const limit = optInt(spec.limit) ?? 0;
      const targets: Doc[] = [];
      for (const d of matching(
        coll,
        docOrUndefined(spec.q, 'q') ?? {},
        collationOf(spec.collation),
      )) {
        targets.push(d);
        if (limit === 1) break;
      }
      for (const d of targets) coll?.remove(d);
      n += targets.length;
    } catch (e) {
      writeErrors.push(toMongoError(e).toWriteError(index));
    }
  });
  return writeErrorsReply({ n, ok: 1 }, writeErrors);
};

// ---------------------------------------------------------------- findAndModify

const findAndModify: Handler = (cmd, db, ctx) => {
  const name = collectionName(
    cmd,
    cmd.findAndModify !== undefined ? 'findAndModify' : 'findandmodify',
  );
  const query = docOrUndefined(cmd.query, 'query') ?? {};
  const remove = cmd.remove === true;
  const returnNew = cmd.new === true;
  const upsert = cmd.upsert === true;
  const hasUpdate = cmd.update !== undefined && cmd.update !== null;
  if (remove && hasUpdate)
    throw new MongoError(ErrorCodes.FailedToParse, 'Cannot specify both an update and remove=true');
  if (!remove && !hasUpdate)
    throw new MongoError(
      ErrorCodes.FailedToParse,
      'Either an update or remove=true must be specified',
    );
  if (remove && returnNew) {
    throw new MongoError(
      ErrorCodes.FailedToParse,
      "Cannot specify both new=true and remove=true; 'remove' always returns the deleted document",
    );
  }
  if (remove && upsert)
    throw new MongoError(
      ErrorCodes.FailedToParse,
      'Cannot specify both upsert=true and remove=true',
    );
  if (hasUpdate) checkUpdateSpec(cmd.update);
  const collation = collationOf(cmd.collation);
  const project = compileProjection(docOrUndefined(cmd.fields, 'fields'));
  const shape = (d: Doc | null): Doc | null => (d && project ? project(d) : d);
  let coll = ctx.engine.collection(db, name);
  const sort = docOrUndefined(cmd.sort, 'sort');
  let target: Doc | undefined;
  if (sort && Object.keys(sort).length)
    target = sortTyped(Array.from(matching(coll, query, collation)), sort, collation)[0];
  else target = matching(coll, query, collation).next().value ?? undefined;

  if (remove) {
    if (target && coll) coll.remove(target);
    return { lastErrorObject: { n: target ? 1 : 0 }, value: shape(target ?? null), ok: 1 };
  }
  const o: UpdateOptions = {
    q: query,
    u: cmd.update,
    arrayFilters: arrayFiltersOf(cmd.arrayFilters),
  };
  if (target && coll) {
    const { doc } = updateOne(coll, target, o);
    return {
      lastErrorObject: { n: 1, updatedExisting: true },
      value: shape(returnNew ? doc : target),
      ok: 1,
    };
  }
  if (upsert) {
    coll = ctx.engine.ensureCollection(db, name).coll;
    const doc = upsertDoc(coll, o);
    return {
      lastErrorObject: { n: 1, updatedExisting: false, upserted: doc._id },
      value: shape(returnNew ? doc : null),
      ok: 1,
    };
  }
  return { lastErrorObject: { n: 0, updatedExisting: false }, value: null, ok: 1 };
};

// ---------------------------------------------------------------- count / distinct

const count: Handler = (cmd, db, ctx) => {
  const coll = ctx.engine.collection(db, collectionName(cmd, 'count'));
  const skip = Math.max(optInt(cmd.skip) ?? 0, 0);
  const limit = Math.abs(optInt(cmd.limit) ?? 0);
  const query = docOrUndefined(cmd.query, 'query');
  let n = 0;
  if (coll) {
    if (!query || !Object.keys(query).length) n = coll.size;
    else for (const _ of matching(coll, query, collationOf(cmd.collation))) n++;
  }
  n = Math.max(n - skip, 0);
  if (limit) n = Math.min(n, limit);
  return { n, ok: 1 };
};

const distinct: Handler = (cmd, db, ctx) => {
  const coll = ctx.engine.collection(db, collectionName(cmd, 'distinct'));
  if (typeof cmd.key !== 'string')
    throw new MongoError(
      ErrorCodes.TypeMismatch,
      "BSON field 'distinct.key' is missing but a required field",
    );
  const key = cmd.key;
  const seen = new Map<string, unknown>();
  for (const d of matching(coll, docOrUndefined(cmd.query, 'query'), collationOf(cmd.collation))) {
    for (const v of getPathValues(d, key)) {
      if (v === undefined || v === EMPTY_ARRAY) continue;
      const k = keyString(v);
      if (!seen.has(k)) seen.set(k, v);
    }
  }
  // mongod collects distinct values into an ordered set, so they come back in BSON order.
  const values = Array.from(seen.values()).sort((a, b) => compareValues(a, b));
  return { values, ok: 1 };
};

// ---------------------------------------------------------------- aggregate

function outTarget(stage: unknown, db: string): { db: string; coll: string } | undefined {
  if (!isPlainObject(stage) || !('$out' in stage)) return undefined;
  const spec = stage.$out;
  if (typeof spec === 'string') return { db, coll: spec };
  if (isPlainObject(spec) && typeof spec.coll === 'string')
    return { db: typeof spec.db === 'string' ? spec.db : db, coll: spec.coll };
  throw new MongoError(ErrorCodes.FailedToParse, '$out requires a collection name');
}

function writeOut(ctx: CommandContext, target: { db: string; coll: string }, docs: Doc[]): void {
  const prepared = docs.map(prepareInsert);
  const existing = ctx.engine.collection(target.db, target.coll);
  const specs = existing ? existing.indexes.slice(1).map((i) => i.spec) : [];
  if (existing) ctx.engine.dropCollection(target.db, target.coll);
  const { coll } = ctx.engine.ensureCollection(target.db, target.coll);
  for (const spec of specs) coll.createIndex(spec);
  for (const d of prepared) coll.insert(d);
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

const aggregate: Handler = (cmd, db, ctx) => {
  if (!Array.isArray(cmd.pipeline))
    throw new MongoError(
      ErrorCodes.TypeMismatch,
      "'pipeline' option must be specified as an array",
    );
  if (cmd.explain === true)
    throw new MongoError(ErrorCodes.NotImplemented, 'explain is not supported by embedded-mongo');
  if (!isPlainObject(cmd.cursor) && cmd.explain !== true) {
    throw new MongoError(
      ErrorCodes.FailedToParse,
      "The 'cursor' option is required, except for aggregate with the explain argument",
    );
  }
  const isDbLevel = isNumeric(cmd.aggregate) && toNumber(cmd.aggregate) === 1;
  const name = isDbLevel ? '$cmd.aggregate' : collectionName(cmd, 'aggregate');
  const collation = collationOf(cmd.collation);
  let pipeline = cmd.pipeline as unknown[];
  for (const stage of pipeline) {
    if (isPlainObject(stage) && '$merge' in stage)
      throw new MongoError(ErrorCodes.NotImplemented, '$merge is not supported by embedded-mongo');
  }
  const out = outTarget(pipeline[pipeline.length - 1], db);
  if (out) pipeline = pipeline.slice(0, -1);

  const coll = isDbLevel ? undefined : ctx.engine.collection(db, name);
  const first = pipeline[0];
  const counting = !isDbLevel && !out && countShape(pipeline.slice(1));
  if (counting && isPlainObject(first) && '$match' in first) {
    // countDocuments(): counted as it is matched, without building a copy of each document
    // for the pipeline (which cost more than the rest of the command together).
    let n = 0;
    for (const _ of matching(coll, first.$match, collation)) n++;
    n = Math.min(Math.max(n - counting.skip, 0), counting.limit);
    const firstBatch = n > 0 ? [{ _id: counting.id, [counting.field]: typedNumber(n) }] : [];
    return { cursor: { firstBatch, id: Long.ZERO, ns: `${db}.${name}` }, ok: 1 };
  }
  let input: Doc[];
  if (isPlainObject(first) && '$match' in first && !isDbLevel) {
    // A leading $match runs through the regular query path (uses the _id map, BSON-aware $type).
    input = Array.from(matching(coll, first.$match, collation));
    pipeline = pipeline.slice(1);
  } else {
    input = coll ? coll.all() : [];
  }
  let result: Doc[];
  try {
    result = runPipeline(input, pipeline, {
      resolve: (c) => ctx.engine.collection(db, c)?.all() ?? [],
      collation,
    });
  } catch (e) {
    throw isMongoError(e) ? e : toMongoError(e);
  }
  const ns = `${db}.${name}`;
  if (out) {
    writeOut(ctx, out, result);
    return { cursor: { firstBatch: [], id: Long.ZERO, ns }, ok: 1 };
  }
  const { id, batch } = ctx.cursors.open(ns, result, batchSizeOf(cmd), false);
  return { cursor: { firstBatch: batch, id, ns }, ok: 1 };
};

export const crudCommands: Record<string, Handler> = {
  find,
  getMore,
  killCursors,
  insert,
  update,
  delete: del,
  findAndModify,
  findandmodify: findAndModify,
  count,
  distinct,
  aggregate,
};
