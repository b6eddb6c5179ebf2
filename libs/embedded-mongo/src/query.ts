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
import { CollationSpec, keyString, parseSort, sortDocs } from './compare';
import { Matcher, fieldConditionsMatcher } from './field-conditions';
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
type QueryOperator = (
  selector: string,
  value: unknown,
  options: unknown,
) => (document: Doc) => boolean;
interface LazyLike {
  transform(apply: (docs: Doc[]) => Iterator<Doc>): LazyLike;
}
type PipelineOperator = (
  collection: LazyLike,
  expression: unknown,
  options: { collation?: unknown },
) => LazyLike;

// ---------------------------------------------------------------- views

/** view object/array -> the typed object/array it was made from */
const viewOrigin = new WeakMap<object, object>();
/** stored document -> cached view (stored documents are never mutated in place) */
const viewCache = new WeakMap<Doc, Doc>();

function makeView(value: unknown): unknown {
  if (Array.isArray(value)) {
    const out = value.map(makeView);
    viewOrigin.set(out, value);
    return out;
  }
  if (isPlainObject(value)) {
    const out: Doc = {};
    for (const key of Object.keys(value)) out[key] = makeView(value[key]);
    viewOrigin.set(out, value);
    return out;
  }
  switch (bsonTag(value)) {
    case 'Int32':
    case 'Double':
    case 'Long':
    case 'Decimal128':
      return toNumber(value);
  }
  return value;
}

/** Fresh view: safe to hand to code that might mutate it (aggregation). */
export function freshView(doc: Doc): Doc {
  return makeView(doc) as Doc;
}

/** Cached view for read-only matching. */
export function cachedView(doc: Doc): Doc {
  let view = viewCache.get(doc);
  if (!view) {
    view = makeView(doc) as Doc;
    viewCache.set(doc, view);
  }
  return view;
}

/** Maps an aggregation output (built from views) back to typed BSON values. */
export function restore(value: unknown, hint?: unknown): unknown {
  if (typeof value === 'number') {
    if (isNumeric(hint)) {
      const hintNumber = toNumber(hint);
      if (hintNumber === value || (Number.isNaN(hintNumber) && Number.isNaN(value))) return hint;
    }
    return typedNumber(value);
  }
  if (Array.isArray(value)) {
    const source = viewOrigin.get(value) ?? hint;
    const sourceArray = Array.isArray(source) ? source : undefined;
    return value.map((element, i) => restore(element, sourceArray?.[i]));
  }
  if (isPlainObject(value)) {
    const source = viewOrigin.get(value) ?? hint;
    const sourceObject = isPlainObject(source) ? source : undefined;
    const out: Doc = {};
    for (const key of Object.keys(value)) {
      if (value[key] !== undefined) out[key] = restore(value[key], sourceObject?.[key]);
    }
    return out;
  }
  return value;
}

// ---------------------------------------------------------------- custom operators

function typeMatches(value: unknown, wanted: unknown): boolean {
  let name: string | undefined =
    typeof wanted === 'string' ? wanted : TYPE_NUMBERS[toNumber(wanted)];
  if (name === 'number') return isNumeric(value);
  if (name === 'boolean') name = 'bool';
  return typeName(value) === name;
}

const $bsonType: QueryOperator = (selector, value) => {
  const wanted = Array.isArray(value) ? value : [value];
  for (const alias of wanted) {
    const ok =
      typeof alias === 'string'
        ? alias === 'number' ||
          alias === 'boolean' ||
          Object.values(TYPE_NUMBERS).includes(alias as never)
        : TYPE_NUMBERS[toNumber(alias)] !== undefined;
    if (!ok) throw new MongoError(ErrorCodes.BadValue, `Unknown type name alias: ${String(alias)}`);
  }
  return (document) => {
    // Type questions are answered from the typed original, not the view.
    const source = viewOrigin.get(document) ?? document;
    for (const found of getPathValues(source, selector, false)) {
      if (found === undefined) continue;
      for (const alias of wanted) {
        if (typeMatches(found, alias)) return true;
        if (Array.isArray(found) && found.some((element) => typeMatches(element, alias)))
          return true;
      }
    }
    return false;
  };
};

// mingo's Lazy.transform expects the callback to return an iterator, not an array.
const $bsonSort: PipelineOperator = (collection, expression, options) =>
  collection.transform((docs) =>
    sortDocs(docs.slice(), parseSort(expression), options.collation as CollationSpec | undefined)[
      Symbol.iterator
    ](),
  );

const CONTEXT = Context.init()
  .addQueryOps({ $bsonType } as unknown as QueryOps)
  .addPipelineOps({ $bsonSort } as unknown as PipelineOps);

// ---------------------------------------------------------------- translation

/** Converts a filter to view form and swaps `$type` for `$bsonType` outside `$expr`. */
export function translateFilter(filter: unknown, inExpr = false): unknown {
  if (Array.isArray(filter)) return filter.map((clause) => translateFilter(clause, inExpr));
  if (isPlainObject(filter)) {
    const out: Doc = {};
    for (const [key, value] of Object.entries(filter)) {
      if (key === '$expr' || key === '$jsonSchema' || key === '$where')
        out[key] = translateFilter(value, true);
      else if (key === '$type' && !inExpr) out.$bsonType = translateFilter(value, inExpr);
      else out[key] = translateFilter(value, inExpr);
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
        for (const [facetName, facetPipeline] of Object.entries(spec as Doc))
          facets[facetName] = translatePipeline(facetPipeline as unknown[]);
        return { $facet: facets };
      }
      case '$lookup':
      case '$unionWith': {
        const view = makeView(spec);
        if (isPlainObject(view) && Array.isArray(view.pipeline))
          view.pipeline = translatePipeline(view.pipeline);
        return { [name]: view };
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

/** The operator that hands over mingo's options; afterwards it is an unknown operator. */
const CAPTURE_OPTIONS = '$__embeddedMongoOptions';
let captured: object | undefined;

/**
 * mingo's own options object for CONTEXT (no collation), made once. `new Query(filter,
 * { context })` merges mingo's operator tables with ours into a new context and copies it
 * once more, hundreds of operators at every query: a fifth of a find the answer cache does
 * not hold. A query given mingo's options object instead shares its context. mingo hands
 * that object to every query operator, so one throwaway query with an operator that keeps
 * it yields it; the same path as any query made it, so the operators are the same.
 */
function preparedOptions(): object {
  if (!captured) {
    const capture: QueryOperator = (_selector, _value, options) => {
      if (captured)
        throw new MongoError(ErrorCodes.BadValue, `unknown operator: ${CAPTURE_OPTIONS}`);
      captured = options as object;
      return () => false;
    };
    new Query(
      { _: { [CAPTURE_OPTIONS]: 1 } },
      {
        ...mingoOptions(),
        context: Context.init()
          .addQueryOps({ $bsonType, [CAPTURE_OPTIONS]: capture } as unknown as QueryOps)
          .addPipelineOps({ $bsonSort } as unknown as PipelineOps),
      },
    );
  }
  if (!captured) throw new Error('mingo did not hand its options to a query operator');
  return captured;
}

/**
 * mingo's own Query class, which the one it exports extends only to merge its operator
 * tables into the given context (the subpath 'mingo/query' needs a resolver that reads
 * package exports, which this project's TypeScript settings do not).
 */
const PreparedQuery: typeof Query | undefined =
  typeof Object.getPrototypeOf(Query)?.prototype?.test === 'function'
    ? Object.getPrototypeOf(Query)
    : undefined;

/** A mingo query on CONTEXT; without a collation it reuses the context made once. */
function mingoQuery(filter: Doc, collation?: CollationSpec | null): { test(doc: Doc): boolean } {
  return collation || !PreparedQuery
    ? new Query(filter, mingoOptions(collation))
    : new PreparedQuery(filter, preparedOptions() as never);
}

// ---------------------------------------------------------------- filters

export type { Matcher };

export function compileFilter(filter: unknown, collation?: CollationSpec | null): Matcher {
  if (filter === undefined || filter === null) return () => true;
  if (!isPlainObject(filter))
    throw new MongoError(ErrorCodes.TypeMismatch, 'filter must be an object');
  if (Object.keys(filter).length === 0) return () => true;
  return (
    (collation ? undefined : fieldConditionsMatcher(filter)) ?? mingoMatcher(filter, collation)
  );
}

/** The filter matched by mingo, through each document's number-converted view. */
export function mingoMatcher(filter: Doc, collation?: CollationSpec | null): Matcher {
  let query: { test(doc: Doc): boolean };
  try {
    query = mingoQuery(translateFilter(filter) as Doc, collation);
  } catch (error) {
    throw toMongoError(error);
  }
  return (doc) => {
    try {
      return query.test(cachedView(doc));
    } catch (error) {
      throw toMongoError(error);
    }
  };
}

/** Tests a single (typed) value against an element-style condition, e.g. for $pull / arrayFilters. */
export function compileValueFilter(filter: Doc, field: string): (value: unknown) => boolean {
  const query = mingoQuery(translateFilter(filter) as Doc);
  return (value) => query.test({ [field]: makeView(value) } as Doc);
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
        const candidates = idCandidates(sub);
        if (candidates) return candidates;
      }
    }
    return undefined;
  }
  const condition = filter._id;
  if (condition instanceof RegExp) return undefined;
  if (!isPlainObject(condition)) return Array.isArray(condition) ? undefined : [condition];
  const keys = Object.keys(condition);
  if (keys.length === 0 || !keys[0].startsWith('$')) return [condition];
  if (
    keys.length === 1 &&
    keys[0] === '$eq' &&
    !Array.isArray(condition.$eq) &&
    !(condition.$eq instanceof RegExp)
  )
    return [condition.$eq];
  if (
    keys.length === 1 &&
    keys[0] === '$in' &&
    Array.isArray(condition.$in) &&
    !condition.$in.some(
      (item) => item instanceof RegExp || Array.isArray(item) || isPlainObject(item),
    )
  ) {
    return condition.$in;
  }
  return undefined;
}

// ---------------------------------------------------------------- aggregation

export interface PipelineContext {
  /** Typed documents of another collection in the same database ($lookup, $unionWith). */
  resolve: (collection: string) => Doc[];
  collation?: CollationSpec | null;
}

export function runPipeline(input: Doc[], pipeline: unknown[], context: PipelineContext): Doc[] {
  if (pipeline.length === 0) return input;
  try {
    const stages = translatePipeline(pipeline);
    const byId = new Map<string, Doc>();
    for (const doc of input) byId.set(keyString(doc._id), doc);
    const views = input.map(freshView);
    const aggregator = new Aggregator(stages, {
      ...mingoOptions(context.collation),
      collectionResolver: (name: string) => context.resolve(name).map(freshView),
    });
    const out = aggregator.run(views);
    return out.map((document) => {
      // Stages like $project/$lookup rebuild top-level documents; recover types from the source document by _id.
      const hint =
        isPlainObject(document) && document._id !== undefined
          ? byId.get(keyString(document._id))
          : undefined;
      return restore(document, hint) as Doc;
    });
  } catch (error) {
    throw toMongoError(error);
  }
}

export function sortTyped(docs: Doc[], sort: unknown, collation?: CollationSpec | null): Doc[] {
  const spec = parseSort(sort);
  // { $natural: ±1 } is insertion order, which is how documents are already stored.
  if (spec.length === 1 && spec[0][0] === '$natural')
    return spec[0][1] === 1 ? docs : docs.slice().reverse();
  return spec.length ? sortDocs(docs.slice(), spec, collation) : docs;
}
