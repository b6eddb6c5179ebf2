/**
 * Update operators.
 *
 * mingo/updater is not used for operator updates: it works on JS numbers (so
 * `$inc` would turn an Int32 into whatever JS gives back), and it silently
 * ignores `$inc` on a string or `$push` onto a non-array where MongoDB fails
 * with TypeMismatch/BadValue. This module applies the operators to the typed
 * documents itself and uses mingo (via query.ts) only to evaluate conditions:
 * arrayFilters, `$pull` conditions and the positional `$` match.
 * Pipeline-style updates (an array of stages) run through mingo's pipeline.
 */
import { Int32, Long, Timestamp } from 'bson';
import { compareValues, docComparator, parseSort, valuesEqual } from './compare';
import { ErrorCodes, MongoError } from './errors';
import { compileFilter, runPipeline } from './query';
import {
  Doc,
  arith,
  deepClone,
  formatIdDoc,
  formatValue,
  getPath,
  isNumeric,
  isPlainObject,
  toNumber,
  typeName,
  zeroLike,
} from './values';

export interface UpdateContext {
  /** The filter that selected the document (needed for the positional `$`). */
  query?: Doc;
  arrayFilters?: Doc[];
  /** True when the update builds a document for an upsert: $setOnInsert applies. */
  isInsert?: boolean;
}

const OPERATORS = [
  '$set',
  '$unset',
  '$inc',
  '$mul',
  '$min',
  '$max',
  '$rename',
  '$setOnInsert',
  '$currentDate',
  '$push',
  '$addToSet',
  '$pop',
  '$pull',
  '$pullAll',
  '$bit',
] as const;
type Operator = (typeof OPERATORS)[number];

export type UpdateSpec = Doc | Doc[];

export function isPipelineUpdate(u: unknown): u is Doc[] {
  return Array.isArray(u);
}

export function isOperatorUpdate(u: unknown): u is Doc {
  if (!isPlainObject(u)) return false;
  const first = Object.keys(u)[0];
  return first !== undefined && first.startsWith('$');
}

/** Validates the shape of a replacement document (no operators allowed). */
export function checkReplacement(u: Doc): void {
  for (const k of Object.keys(u)) {
    if (k.startsWith('$')) {
      throw new MongoError(
        52,
        `The dollar ($) prefixed field '${k}' in '${k}' is not allowed in the context of an update's replacement document. Consider using an aggregation pipeline with $replaceWith.`,
      );
    }
  }
}

/** The replacement keeps the original _id (first), and may not change it. */
export function applyReplacement(old: Doc, replacement: Doc): Doc {
  checkReplacement(replacement);
  if ('_id' in replacement && !sameId(old._id, replacement._id)) {
    throw new MongoError(
      ErrorCodes.ImmutableField,
      `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${formatValue(replacement._id)}`,
    );
  }
  const out: Doc = { _id: old._id };
  for (const [k, v] of Object.entries(replacement)) if (k !== '_id') out[k] = deepClone(v);
  return out;
}

function sameId(a: unknown, b: unknown): boolean {
  return typeName(a) === typeName(b) && valuesEqual(a, b);
}

/** Runs a pipeline-style update ([{ $set: ... }, ...]) on one document. */
export function applyPipelineUpdate(doc: Doc, pipeline: Doc[]): Doc {
  const allowed = new Set([
    '$addFields',
    '$set',
    '$project',
    '$unset',
    '$replaceRoot',
    '$replaceWith',
  ]);
  for (const stage of pipeline) {
    const name = Object.keys(stage)[0];
    if (!allowed.has(name)) {
      throw new MongoError(
        ErrorCodes.InvalidOptions,
        `${name} is not allowed to be used within an update`,
      );
    }
  }
  const [out] = runPipeline([doc], pipeline, { resolve: () => [] });
  if (!out || !sameId(doc._id, out._id)) {
    throw new MongoError(
      ErrorCodes.ImmutableField,
      `After applying the update, the (immutable) field '_id' was found to have been altered to _id: ${formatValue(out?._id)}`,
    );
  }
  return out;
}

// ---------------------------------------------------------------- operator updates

interface Step {
  op: Operator;
  path: string;
  arg: unknown;
}

function parseSteps(update: Doc): Step[] {
  const steps: Step[] = [];
  const paths: string[] = [];
  for (const [op, spec] of Object.entries(update)) {
    if (!(OPERATORS as readonly string[]).includes(op)) {
      throw new MongoError(
        ErrorCodes.FailedToParse,
        `Unknown modifier: ${op}. Expected a valid update modifier or pipeline-style update specified as an array`,
      );
    }
    if (!isPlainObject(spec)) {
      throw new MongoError(
        ErrorCodes.FailedToParse,
        `Modifiers operate on fields but we found type ${typeName(spec)} instead. For example: {$mod: {<field>: ...}} not {${op}: ${formatValue(spec)}}`,
      );
    }
    for (const [path, arg] of Object.entries(spec)) {
      if (path === '') throw new MongoError(56, 'An empty update path is not valid.');
      for (const part of path.split('.')) {
        if (part === '')
          throw new MongoError(
            56,
            `The update path '${path}' contains an empty field name, which is not allowed.`,
          );
        if (part.startsWith('$') && part !== '$' && !/^\$\[\w*\]$/.test(part)) {
          throw new MongoError(
            52,
            `The dollar ($) prefixed field '${part}' in '${path}' is not valid for storage.`,
          );
        }
      }
      checkArg(op as Operator, path, arg);
      steps.push({ op: op as Operator, path, arg });
      paths.push(path);
      if (op === '$rename') paths.push(String(arg));
    }
  }
  // Two operators touching the same path (or a prefix of it) is ambiguous.
  for (let i = 0; i < paths.length; i++) {
    for (let j = 0; j < paths.length; j++) {
      if (i === j) continue;
      const a = paths[i];
      const b = paths[j];
      if (a === b || b.startsWith(`${a}.`)) {
        throw new MongoError(
          ErrorCodes.ConflictingUpdateOperators,
          `Updating the path '${b}' would create a conflict at '${a}'`,
        );
      }
    }
  }
  // MongoDB applies updates in field-name order, which also fixes the order of new fields.
  return steps.sort((x, y) => (x.path < y.path ? -1 : x.path > y.path ? 1 : 0));
}

function checkArg(op: Operator, path: string, arg: unknown): void {
  const shown = `{${path}: ${formatValue(arg)}}`;
  switch (op) {
    case '$inc':
      if (!isNumeric(arg))
        throw new MongoError(
          ErrorCodes.TypeMismatch,
          `Cannot increment with non-numeric argument: ${shown}`,
        );
      break;
    case '$mul':
      if (!isNumeric(arg))
        throw new MongoError(
          ErrorCodes.TypeMismatch,
          `Cannot multiply with non-numeric argument: ${shown}`,
        );
      break;
    case '$pop': {
      const n = isNumeric(arg) ? toNumber(arg) : NaN;
      if (n !== 1 && n !== -1)
        throw new MongoError(
          ErrorCodes.FailedToParse,
          `$pop expects 1 or -1, found: ${formatValue(arg)}`,
        );
      break;
    }
    case '$pullAll':
      if (!Array.isArray(arg)) {
        throw new MongoError(
          ErrorCodes.BadValue,
          `$pullAll requires an array argument but was given a ${typeName(arg)}`,
        );
      }
      break;
    case '$rename':
      if (typeof arg !== 'string') {
        throw new MongoError(
          ErrorCodes.BadValue,
          `The 'to' field for $rename must be a string: ${shown}`,
        );
      }
      if (arg === path)
        throw new MongoError(
          ErrorCodes.BadValue,
          `The source and target field for $rename must differ: ${shown}`,
        );
      break;
    case '$push':
    case '$addToSet':
      if (isPlainObject(arg) && '$each' in arg && !Array.isArray(arg.$each)) {
        throw new MongoError(
          ErrorCodes.BadValue,
          `The argument to $each in ${op} must be an array but it was of type: ${typeName(arg.$each)}`,
        );
      }
      break;
  }
}

type Container = Doc | unknown[];

interface Target {
  parent: Container;
  key: string;
}

function getChild(c: Container, key: string): unknown {
  if (Array.isArray(c)) return c[Number(key)];
  return Object.prototype.hasOwnProperty.call(c, key) ? c[key] : undefined;
}

function setChild(c: Container, key: string, v: unknown): void {
  if (Array.isArray(c)) {
    const i = Number(key);
    while (c.length < i) c.push(null); // MongoDB pads arrays with nulls
    c[i] = v;
  } else {
    c[key] = v;
  }
}

const isIndex = (s: string): boolean => /^\d+$/.test(s);

class Resolver {
  private positional: number | undefined;
  private readonly filterTests = new Map<string, (v: unknown) => boolean>();

  constructor(
    private readonly doc: Doc,
    private readonly ctx: UpdateContext,
  ) {}

  private arrayFilter(id: string, path: string): (v: unknown) => boolean {
    let t = this.filterTests.get(id);
    if (!t) {
      const filter = (this.ctx.arrayFilters ?? []).find((f) =>
        Object.keys(f).some((k) => k.split('.')[0] === id),
      );
      if (!filter)
        throw new MongoError(
          ErrorCodes.BadValue,
          `No array filter found for identifier '${id}' in path '${path}'`,
        );
      const m = compileFilter(filter);
      t = (v) => m({ [id]: v });
      this.filterTests.set(id, t);
    }
    return t;
  }

  private positionalIndex(arrayPath: string, arr: unknown[]): number {
    if (this.positional !== undefined) return this.positional;
    const query = this.ctx.query ?? {};
    const keys = Object.keys(query).filter((k) => k === arrayPath || k.startsWith(`${arrayPath}.`));
    const fail = () =>
      new MongoError(
        ErrorCodes.BadValue,
        'The positional operator did not find the match needed from the query.',
      );
    if (!keys.length) throw fail();
    const sub: Doc = {};
    for (const k of keys) sub[k] = query[k];
    const m = compileFilter(sub);
    const parts = arrayPath.split('.');
    const wrap = (e: unknown): Doc => {
      let v: unknown = [e];
      for (let i = parts.length - 1; i >= 0; i--) v = { [parts[i]]: v };
      return v as Doc;
    };
    const i = arr.findIndex((e) => m(wrap(e)));
    if (i < 0) throw fail();
    this.positional = i;
    return i;
  }

  /** Keys of `c` addressed by one path segment, expanding positional operators. */
  private keysFor(
    c: Container,
    part: string,
    pathSoFar: string,
    fullPath: string,
    create: boolean,
  ): string[] {
    if (part === '$' || part.startsWith('$[')) {
      if (!Array.isArray(c)) {
        throw new MongoError(
          ErrorCodes.BadValue,
          `Cannot apply array updates to non-array element ${pathSoFar}: ${formatValue(c)}`,
        );
      }
      if (part === '$') return [String(this.positionalIndex(pathSoFar, c))];
      if (part === '$[]') return c.map((_, i) => String(i));
      const test = this.arrayFilter(part.slice(2, -1), fullPath);
      return c.flatMap((e, i) => (test(e) ? [String(i)] : []));
    }
    if (Array.isArray(c) && !isIndex(part)) {
      if (create) {
        throw new MongoError(
          ErrorCodes.PathNotViable,
          `Cannot create field '${part}' in element {${pathSoFar.split('.').pop()}: ${formatValue(c)}}`,
        );
      }
      return [];
    }
    return [part];
  }

  /** Every (parent, key) slot a path addresses; with `create`, missing intermediate documents are made. */
  targets(path: string, create: boolean): Target[] {
    const parts = path.split('.');
    let frontier: { c: Container; at: string }[] = [{ c: this.doc, at: '' }];
    for (let i = 0; i < parts.length; i++) {
      const part = parts[i];
      const last = i === parts.length - 1;
      const next: { c: Container; at: string }[] = [];
      const out: Target[] = [];
      for (const { c, at } of frontier) {
        for (const key of this.keysFor(c, part, at, path, create)) {
          const here = at ? `${at}.${key}` : key;
          if (last) {
            out.push({ parent: c, key });
            continue;
          }
          const child = getChild(c, key);
          if (Array.isArray(child) || isPlainObject(child)) {
            next.push({ c: child, at: here });
          } else if (child === undefined) {
            if (!create) continue;
            const nextPart = parts[i + 1];
            if (nextPart === '$' || nextPart.startsWith('$[')) {
              throw new MongoError(
                ErrorCodes.BadValue,
                `The path '${here}' must exist in the document in order to apply array updates.`,
              );
            }
            const made: Doc = {};
            setChild(c, key, made);
            next.push({ c: made, at: here });
          } else if (create) {
            throw new MongoError(
              ErrorCodes.PathNotViable,
              `Cannot create field '${parts[i + 1]}' in element {${key}: ${formatValue(child)}}`,
            );
          }
        }
      }
      if (last) return out;
      frontier = next;
    }
    return [];
  }
}

function nowTimestamp(): Timestamp {
  return new Timestamp({ t: Math.floor(Date.now() / 1000), i: 1 });
}

function eachOf(arg: unknown): unknown[] {
  return isPlainObject(arg) && '$each' in arg ? (arg.$each as unknown[]) : [arg];
}

/**
 * Applies an operator update in place to `doc` (callers pass a copy).
 * Throws MongoError with MongoDB's code and message on invalid input.
 */
export function applyOperatorUpdate(doc: Doc, update: Doc, ctx: UpdateContext = {}): void {
  const steps = parseSteps(update);
  checkArrayFilters(steps, update, ctx.arrayFilters ?? []);
  const r = new Resolver(doc, ctx);
  const originalId = doc._id;
  const idDoc = () => formatIdDoc(doc);

  for (const { op, path, arg } of steps) {
    const name = path.split('.').pop() as string;
    switch (op) {
      case '$set':
        for (const t of r.targets(path, true)) setChild(t.parent, t.key, deepClone(arg));
        break;
      case '$setOnInsert':
        if (ctx.isInsert)
          for (const t of r.targets(path, true)) setChild(t.parent, t.key, deepClone(arg));
        break;
      case '$unset':
        for (const t of r.targets(path, false)) {
          if (Array.isArray(t.parent)) {
            if (Number(t.key) < t.parent.length) t.parent[Number(t.key)] = null;
          } else delete t.parent[t.key];
        }
        break;
      case '$inc':
      case '$mul':
        for (const t of r.targets(path, true)) {
          const cur = getChild(t.parent, t.key);
          if (cur === undefined) {
            setChild(t.parent, t.key, op === '$inc' ? arg : zeroLike(arg));
          } else if (!isNumeric(cur)) {
            throw new MongoError(
              ErrorCodes.TypeMismatch,
              `Cannot apply ${op} to a value of non-numeric type. ${idDoc()} has the field '${name}' of non-numeric type ${typeName(cur)}`,
            );
          } else {
            setChild(t.parent, t.key, arith(op === '$inc' ? 'add' : 'mul', cur, arg));
          }
        }
        break;
      case '$min':
      case '$max':
        for (const t of r.targets(path, true)) {
          const cur = getChild(t.parent, t.key);
          const c = cur === undefined ? 0 : compareValues(arg, cur);
          if (cur === undefined || (op === '$min' ? c < 0 : c > 0))
            setChild(t.parent, t.key, deepClone(arg));
        }
        break;
      case '$currentDate': {
        const wantsTs = isPlainObject(arg) && arg.$type === 'timestamp';
        if (!(
          arg === true ||
          (isPlainObject(arg) && (arg.$type === 'date' || arg.$type === 'timestamp'))
        )) {
          throw new MongoError(
            ErrorCodes.BadValue,
            `${formatValue(arg)} is not valid type for $currentDate. Please use a boolean ('true') or a $type expression ({$type: 'timestamp/date'}).`,
          );
        }
        for (const t of r.targets(path, true))
          setChild(t.parent, t.key, wantsTs ? nowTimestamp() : new Date());
        break;
      }
      case '$rename': {
        const to = String(arg);
        const value = getPath(doc, path);
        if (value === undefined) break;
        for (const t of r.targets(path, false)) {
          if (Array.isArray(t.parent))
            throw new MongoError(
              ErrorCodes.BadValue,
              `The source field cannot be an array element, '${path}' in doc with ${idDoc()} has an array field called '${path.split('.')[0]}'`,
            );
          delete t.parent[t.key];
        }
        for (const t of r.targets(to, true)) setChild(t.parent, t.key, value);
        break;
      }
      case '$push':
        for (const t of r.targets(path, true)) {
          let cur = getChild(t.parent, t.key);
          if (cur === undefined) {
            cur = [];
            setChild(t.parent, t.key, cur);
          }
          if (!Array.isArray(cur)) {
            throw new MongoError(
              ErrorCodes.BadValue,
              `The field '${name}' must be an array but is of type ${typeName(cur)} in document ${idDoc()}`,
            );
          }
          pushInto(cur, arg);
        }
        break;
      case '$addToSet':
        for (const t of r.targets(path, true)) {
          let cur = getChild(t.parent, t.key);
          if (cur === undefined) {
            cur = [];
            setChild(t.parent, t.key, cur);
          }
          if (!Array.isArray(cur)) {
            throw new MongoError(
              ErrorCodes.BadValue,
              `Cannot apply $addToSet to non-array field. Field named '${name}' has non-array type ${typeName(cur)}`,
            );
          }
          const arr = cur;
          for (const v of eachOf(arg))
            if (!arr.some((e) => valuesEqual(e, v))) arr.push(deepClone(v));
        }
        break;
      case '$pop':
        for (const t of r.targets(path, false)) {
          const cur = getChild(t.parent, t.key);
          if (cur === undefined) continue;
          if (!Array.isArray(cur)) {
            throw new MongoError(
              ErrorCodes.TypeMismatch,
              `Path '${path}' contains an element of non-array type '${typeName(cur)}'`,
            );
          }
          if (toNumber(arg) === 1) cur.pop();
          else cur.shift();
        }
        break;
      case '$pull':
      case '$pullAll':
        for (const t of r.targets(path, false)) {
          const cur = getChild(t.parent, t.key);
          if (cur === undefined) continue;
          if (!Array.isArray(cur))
            throw new MongoError(ErrorCodes.BadValue, `Cannot apply ${op} to a non-array value`);
          const remove =
            op === '$pullAll'
              ? (e: unknown) => (arg as unknown[]).some((v) => valuesEqual(e, v))
              : pullMatcher(arg);
          setChild(
            t.parent,
            t.key,
            cur.filter((e) => !remove(e)),
          );
        }
        break;
      case '$bit':
        for (const t of r.targets(path, true)) {
          const cur = getChild(t.parent, t.key);
          setChild(
            t.parent,
            t.key,
            applyBit(cur === undefined ? zeroLike(0) : cur, arg, path, idDoc),
          );
        }
        break;
    }
  }

  if (!('_id' in doc) && originalId !== undefined) {
    throw new MongoError(
      ErrorCodes.ImmutableField,
      `Performing an update on the path '_id' would modify the immutable field '_id'`,
    );
  }
  if (originalId !== undefined && !sameId(originalId, doc._id)) {
    throw new MongoError(
      ErrorCodes.ImmutableField,
      `Performing an update on the path '_id' would modify the immutable field '_id'`,
    );
  }
}

function checkArrayFilters(steps: Step[], update: Doc, filters: Doc[]): void {
  const used = new Set<string>();
  for (const { path } of steps) {
    for (const m of path.matchAll(/\$\[(\w+)\]/g)) {
      used.add(m[1]);
      if (!filters.some((f) => Object.keys(f).some((k) => k.split('.')[0] === m[1]))) {
        throw new MongoError(
          ErrorCodes.BadValue,
          `No array filter found for identifier '${m[1]}' in path '${path}'`,
        );
      }
    }
  }
  for (const f of filters) {
    for (const k of Object.keys(f)) {
      const id = k.split('.')[0];
      if (!used.has(id)) {
        throw new MongoError(
          ErrorCodes.FailedToParse,
          `The array filter for identifier '${id}' was not used in the update ${formatValue(update)}`,
        );
      }
    }
  }
}

function pushInto(arr: unknown[], arg: unknown): void {
  if (!(isPlainObject(arg) && '$each' in arg)) {
    arr.push(deepClone(arg));
    return;
  }
  const items = (arg.$each as unknown[]).map((v) => deepClone(v));
  const pos = arg.$position === undefined ? arr.length : toNumber(arg.$position);
  const at = pos < 0 ? Math.max(arr.length + pos, 0) : Math.min(pos, arr.length);
  arr.splice(at, 0, ...items);
  if (arg.$sort !== undefined) {
    if (isPlainObject(arg.$sort)) {
      const cmp = docComparator(parseSort(arg.$sort));
      arr.sort((a, b) => cmp(isPlainObject(a) ? a : {}, isPlainObject(b) ? b : {}));
    } else {
      const dir = toNumber(arg.$sort) < 0 ? -1 : 1;
      arr.sort((a, b) => compareValues(a, b) * dir);
    }
  }
  if (arg.$slice !== undefined) {
    const n = toNumber(arg.$slice);
    const kept = n >= 0 ? arr.slice(0, n) : arr.slice(n);
    arr.splice(0, arr.length, ...kept);
  }
}

function pullMatcher(cond: unknown): (e: unknown) => boolean {
  if (isPlainObject(cond)) {
    const keys = Object.keys(cond);
    if (keys.length && keys.every((k) => k.startsWith('$'))) {
      const m = compileFilter({ v: cond });
      return (e) => m({ v: e });
    }
    const m = compileFilter(cond);
    return (e) => isPlainObject(e) && m(e);
  }
  return (e) => valuesEqual(e, cond);
}

function applyBit(cur: unknown, arg: unknown, path: string, idDoc: () => string): unknown {
  const t = typeName(cur);
  if (t !== 'int' && t !== 'long') {
    throw new MongoError(
      ErrorCodes.BadValue,
      `Cannot apply $bit to a value of non-integral type.${idDoc()} has the field ${path} of non-integer type ${t}`,
    );
  }
  if (!isPlainObject(arg))
    throw new MongoError(
      ErrorCodes.BadValue,
      'The $bit modifier is not compatible with a non-object argument',
    );
  let result = cur;
  for (const [op, v] of Object.entries(arg)) {
    if (op !== 'and' && op !== 'or' && op !== 'xor') {
      throw new MongoError(
        ErrorCodes.BadValue,
        `The $bit modifier only supports 'and', 'or', and 'xor', not '${op}' which is an unknown operator`,
      );
    }
    const a = BigInt(toNumber(result));
    const b = BigInt(toNumber(v));
    const r = op === 'and' ? a & b : op === 'or' ? a | b : a ^ b;
    result =
      typeName(result) === 'long' || typeName(v) === 'long'
        ? Long.fromBigInt(BigInt.asIntN(64, r))
        : new Int32(Number(BigInt.asIntN(32, r)));
  }
  return result;
}

/** Document built for an upsert from the equality conditions of its filter. */
export function seedFromQuery(query: Doc): Doc {
  const out: Doc = {};
  const setPath = (path: string, v: unknown) => {
    const parts = path.split('.');
    let c: Doc = out;
    for (let i = 0; i < parts.length - 1; i++) {
      if (!isPlainObject(c[parts[i]])) c[parts[i]] = {};
      c = c[parts[i]] as Doc;
    }
    c[parts[parts.length - 1]] = deepClone(v);
  };
  const visit = (q: Doc) => {
    for (const [k, v] of Object.entries(q)) {
      if (k === '$and' && Array.isArray(v)) {
        for (const sub of v) if (isPlainObject(sub)) visit(sub);
        continue;
      }
      if (k.startsWith('$')) continue;
      if (isPlainObject(v) && Object.keys(v)[0]?.startsWith('$')) {
        if ('$eq' in v) setPath(k, v.$eq);
        continue;
      }
      if (v instanceof RegExp) continue;
      setPath(k, v);
    }
  };
  visit(query);
  return out;
}
