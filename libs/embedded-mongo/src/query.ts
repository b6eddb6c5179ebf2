/**
 * Glue between typed BSON documents and mingo.
 *
 * mingo compares plain JS numbers, so documents are matched through a "view"
 * in which Int32/Double/Long/Decimal128 are JS numbers. Results are always
 * taken from the stored (typed) documents, never from the views, so matching
 * cannot change a stored type. Aggregation outputs are mapped back to typed
 * values by `restore`, which reuses the original typed value wherever the
 * number is unchanged.
 *
 * Where mingo disagrees with MongoDB we swap in our own operators under
 * private names (mingo's default context wins over custom operators of the
 * same name): `$type` -> `$bsonType` (mingo never matches 'objectId' and
 * cannot tell int from double in a view) and `$sort` -> `$bsonSort` (mingo
 * orders by JS type name, MongoDB by BSON type order).
 */
import { Aggregator, Context, Query } from 'mingo';
import { ErrorCodes, MongoError, toMongoError } from './errors';
import { CollationSpec, keyString, parseSort, sortDocs, valuesEqual } from './compare';
import {
  Doc,
  TYPE_NUMBERS,
  bsonTag,
  getPathValues,
  isNumeric,
  isPlainObject,
  toNumber,
  typeName,
  typedNumber,
} from './values';

type PipelineOps = Parameters<Context['addPipelineOps']>[0];
type QueryOps = Parameters<Context['addQueryOps']>[0];
/** Shapes of mingo's custom operators (its own typings are a union that is awkward to implement). */
type QueryOperator = (selector: string, value: unknown, options: unknown) => (obj: Doc) => boolean;
interface LazyLike {
  transform(f: (xs: Doc[]) => Iterator<Doc>): LazyLike;
}
type PipelineOperator = (
  coll: LazyLike,
  expr: unknown,
  options: { collation?: unknown },
) => LazyLike;

// ---------------------------------------------------------------- views

/** view object/array -> the typed object/array it was made from */
const viewOrigin = new WeakMap<object, object>();
/** stored document -> cached view (stored documents are never mutated in place) */
const viewCache = new WeakMap<Doc, Doc>();

function makeView(v: unknown): unknown {
  if (Array.isArray(v)) {
    const out = v.map(makeView);
    viewOrigin.set(out, v);
    return out;
  }
  if (isPlainObject(v)) {
    const out: Doc = {};
    for (const k of Object.keys(v)) out[k] = makeView(v[k]);
    viewOrigin.set(out, v);
    return out;
  }
  switch (bsonTag(v)) {
    case 'Int32':
    case 'Double':
    case 'Long':
    case 'Decimal128':
      return toNumber(v);
  }
  return v;
}

/** Fresh view: safe to hand to code that might mutate it (aggregation). */
export function freshView(doc: Doc): Doc {
  return makeView(doc) as Doc;
}

/** Cached view for read-only matching. */
export function cachedView(doc: Doc): Doc {
  let v = viewCache.get(doc);
  if (!v) {
    v = makeView(doc) as Doc;
    viewCache.set(doc, v);
  }
  return v;
}

/** Maps an aggregation output (built from views) back to typed BSON values. */
export function restore(v: unknown, hint?: unknown): unknown {
  if (typeof v === 'number') {
    if (isNumeric(hint)) {
      const h = toNumber(hint);
      if (h === v || (Number.isNaN(h) && Number.isNaN(v))) return hint;
    }
    return typedNumber(v);
  }
  if (Array.isArray(v)) {
    const h = viewOrigin.get(v) ?? hint;
    const ha = Array.isArray(h) ? h : undefined;
    return v.map((e, i) => restore(e, ha?.[i]));
  }
  if (isPlainObject(v)) {
    const h = viewOrigin.get(v) ?? hint;
    const ho = isPlainObject(h) ? h : undefined;
    const out: Doc = {};
    for (const k of Object.keys(v)) {
      if (v[k] !== undefined) out[k] = restore(v[k], ho?.[k]);
    }
    return out;
  }
  return v;
}

// ---------------------------------------------------------------- custom operators

function typeMatches(v: unknown, wanted: unknown): boolean {
  let name: string | undefined =
    typeof wanted === 'string' ? wanted : TYPE_NUMBERS[toNumber(wanted)];
  if (name === 'number') return isNumeric(v);
  if (name === 'boolean') name = 'bool';
  return typeName(v) === name;
}

const $bsonType: QueryOperator = (selector, value) => {
  const wanted = Array.isArray(value) ? value : [value];
  for (const w of wanted) {
    const ok =
      typeof w === 'string'
        ? w === 'number' || w === 'boolean' || Object.values(TYPE_NUMBERS).includes(w as never)
        : TYPE_NUMBERS[toNumber(w)] !== undefined;
    if (!ok) throw new MongoError(ErrorCodes.BadValue, `Unknown type name alias: ${String(w)}`);
  }
  return (obj) => {
    // Type questions are answered from the typed original, not the view.
    const source = viewOrigin.get(obj) ?? obj;
    for (const v of getPathValues(source, selector, false)) {
      if (v === undefined) continue;
      for (const w of wanted) {
        if (typeMatches(v, w)) return true;
        if (Array.isArray(v) && v.some((e) => typeMatches(e, w))) return true;
      }
    }
    return false;
  };
};

// mingo's Lazy.transform expects the callback to return an iterator, not an array.
const $bsonSort: PipelineOperator = (coll, expr, options) =>
  coll.transform((xs) =>
    sortDocs(xs.slice(), parseSort(expr), options.collation as CollationSpec | undefined)[
      Symbol.iterator
    ](),
  );

const CONTEXT = Context.init()
  .addQueryOps({ $bsonType } as unknown as QueryOps)
  .addPipelineOps({ $bsonSort } as unknown as PipelineOps);

// ---------------------------------------------------------------- translation

/** Converts a filter to view form and swaps `$type` for `$bsonType` outside `$expr`. */
export function translateFilter(filter: unknown, inExpr = false): unknown {
  if (Array.isArray(filter)) return filter.map((f) => translateFilter(f, inExpr));
  if (isPlainObject(filter)) {
    const out: Doc = {};
    for (const [k, v] of Object.entries(filter)) {
      if (k === '$expr' || k === '$jsonSchema' || k === '$where') out[k] = translateFilter(v, true);
      else if (k === '$type' && !inExpr) out.$bsonType = translateFilter(v, inExpr);
      else out[k] = translateFilter(v, inExpr);
    }
    return out;
  }
  return makeView(filter);
}

export function translatePipeline(pipeline: unknown[]): Doc[] {
  return pipeline.map((stage) => {
    if (!isPlainObject(stage))
      throw new MongoError(
        ErrorCodes.TypeMismatch,
        "Each element of the 'pipeline' array must be an object",
      );
    const [name, spec] = Object.entries(stage)[0] ?? [];
    if (name === undefined)
      throw new MongoError(
        ErrorCodes.Location40324,
        'A pipeline stage specification object must contain exactly one field.',
      );
    switch (name) {
      case '$match':
        return { $match: translateFilter(spec) };
      case '$sort':
        return { $bsonSort: makeView(spec) };
      case '$facet': {
        const facets: Doc = {};
        for (const [k, p] of Object.entries(spec as Doc))
          facets[k] = translatePipeline(p as unknown[]);
        return { $facet: facets };
      }
      case '$lookup':
      case '$unionWith': {
        const s = makeView(spec);
        if (isPlainObject(s) && Array.isArray(s.pipeline))
          s.pipeline = translatePipeline(s.pipeline);
        return { [name]: s };
      }
      default:
        return { [name]: makeView(spec) };
    }
  });
}

export function mingoOptions(collation?: CollationSpec | null) {
  return {
    context: CONTEXT,
    scriptEnabled: false,
    ...(collation ? { collation: collation as never } : {}),
  };
}

// ---------------------------------------------------------------- filters

export type Matcher = (doc: Doc) => boolean;

export function compileFilter(filter: unknown, collation?: CollationSpec | null): Matcher {
  if (filter === undefined || filter === null) return () => true;
  if (!isPlainObject(filter))
    throw new MongoError(ErrorCodes.TypeMismatch, 'filter must be an object');
  if (Object.keys(filter).length === 0) return () => true;
  const equalities = collation ? undefined : equalityMatcher(filter);
  if (equalities) return equalities;
  let q: Query;
  try {
    q = new Query(translateFilter(filter) as Doc, mingoOptions(collation));
  } catch (e) {
    throw toMongoError(e);
  }
  return (doc) => {
    try {
      return q.test(cachedView(doc));
    } catch (e) {
      throw toMongoError(e);
    }
  };
}

/** Values an equality fast path compares exactly as MongoDB does (see equalityMatcher). */
function isPlainScalar(v: unknown): boolean {
  switch (typeName(v)) {
    case 'string':
    case 'bool':
    case 'objectId':
    case 'date':
      return true;
    case 'int':
    case 'long':
    case 'double':
      return !Number.isNaN(toNumber(v));
  }
  return false;
}

/**
 * The filters applications send most, `{ field: value, … }` with top-level fields and
 * scalar values (a string, a boolean, a number, an ObjectId, a date), matched without
 * mingo: compiling a mingo query and a number-converted view of each document cost more
 * than the rest of a find. A field matches when it equals the value in BSON order (1, 1.0
 * and NumberLong(1) alike) or is an array holding such an element, as in MongoDB. Anything
 * else (operators, dotted paths, null, regular expressions, documents) goes to mingo.
 */
function equalityMatcher(filter: Doc): Matcher | undefined {
  const conditions = Object.entries(filter);
  for (const [field, value] of conditions) {
    if (field.startsWith('$') || field.includes('.') || !isPlainScalar(value)) return undefined;
  }
  return (doc) => {
    for (const [field, value] of conditions) {
      if (!Object.prototype.hasOwnProperty.call(doc, field)) return false;
      const found = doc[field];
      if (
        Array.isArray(found)
          ? !found.some((e) => valuesEqual(e, value))
          : !valuesEqual(found, value)
      )
        return false;
    }
    return true;
  };
}

/** Tests a single (typed) value against an element-style condition, e.g. for $pull / arrayFilters. */
export function compileValueFilter(filter: Doc, field: string): (value: unknown) => boolean {
  const q = new Query(translateFilter(filter) as Doc, mingoOptions());
  return (value) => q.test({ [field]: makeView(value) } as Doc);
}

/**
 * `_id` values the filter pins down exactly (`{_id: x}`, `{_id: {$eq: x}}`,
 * `{_id: {$in: [...]}}`), so the caller can use the _id hash map instead of a
 * scan. Returns undefined when the filter does not pin _id.
 */
export function idCandidates(filter: unknown): unknown[] | undefined {
  if (!isPlainObject(filter) || !('_id' in filter)) {
    if (isPlainObject(filter) && Array.isArray(filter.$and)) {
      for (const sub of filter.$and) {
        const c = idCandidates(sub);
        if (c) return c;
      }
    }
    return undefined;
  }
  const v = filter._id;
  if (v instanceof RegExp) return undefined;
  if (!isPlainObject(v)) return Array.isArray(v) ? undefined : [v];
  const keys = Object.keys(v);
  if (keys.length === 0 || !keys[0].startsWith('$')) return [v];
  if (keys.length === 1 && keys[0] === '$eq' && !Array.isArray(v.$eq) && !(v.$eq instanceof RegExp))
    return [v.$eq];
  if (
    keys.length === 1 &&
    keys[0] === '$in' &&
    Array.isArray(v.$in) &&
    !v.$in.some((x) => x instanceof RegExp || Array.isArray(x) || isPlainObject(x))
  ) {
    return v.$in;
  }
  return undefined;
}

// ---------------------------------------------------------------- aggregation

export interface PipelineContext {
  /** Typed documents of another collection in the same database ($lookup, $unionWith). */
  resolve: (collection: string) => Doc[];
  collation?: CollationSpec | null;
}

export function runPipeline(input: Doc[], pipeline: unknown[], ctx: PipelineContext): Doc[] {
  if (pipeline.length === 0) return input;
  try {
    const stages = translatePipeline(pipeline);
    const byId = new Map<string, Doc>();
    for (const d of input) byId.set(keyString(d._id), d);
    const views = input.map(freshView);
    const agg = new Aggregator(stages, {
      ...mingoOptions(ctx.collation),
      collectionResolver: (name: string) => ctx.resolve(name).map(freshView),
    });
    const out = agg.run(views);
    return out.map((o) => {
      // Stages like $project/$lookup rebuild top-level documents; recover types from the source document by _id.
      const hint = isPlainObject(o) && o._id !== undefined ? byId.get(keyString(o._id)) : undefined;
      return restore(o, hint) as Doc;
    });
  } catch (e) {
    throw toMongoError(e);
  }
}

export function sortTyped(docs: Doc[], sort: unknown, collation?: CollationSpec | null): Doc[] {
  const spec = parseSort(sort);
  // { $natural: ±1 } is insertion order, which is how documents are already stored.
  if (spec.length === 1 && spec[0][0] === '$natural')
    return spec[0][1] === 1 ? docs : docs.slice().reverse();
  return spec.length ? sortDocs(docs.slice(), spec, collation) : docs;
}
