/**
 * Helpers for BSON values as the server keeps them: documents are deserialized
 * with `promoteValues: false`, so numbers stay Int32/Double/Long/Decimal128
 * wrappers. That is what keeps a stored Double 1.0 a double on the way out.
 */
import { Binary, Decimal128, Double, Int32, Long, ObjectId, Timestamp } from 'bson';

export type Doc = { [key: string]: unknown };

export type BsonTypeName =
  | 'double'
  | 'string'
  | 'object'
  | 'array'
  | 'binData'
  | 'undefined'
  | 'objectId'
  | 'bool'
  | 'date'
  | 'null'
  | 'regex'
  | 'dbPointer'
  | 'javascript'
  | 'symbol'
  | 'javascriptWithScope'
  | 'int'
  | 'timestamp'
  | 'long'
  | 'decimal'
  | 'minKey'
  | 'maxKey';

/** Numeric aliases accepted by `$type` (BSON type numbers). */
export const TYPE_NUMBERS: Record<number, BsonTypeName> = {
  1: 'double',
  2: 'string',
  3: 'object',
  4: 'array',
  5: 'binData',
  6: 'undefined',
  7: 'objectId',
  8: 'bool',
  9: 'date',
  10: 'null',
  11: 'regex',
  12: 'dbPointer',
  13: 'javascript',
  14: 'symbol',
  15: 'javascriptWithScope',
  16: 'int',
  17: 'timestamp',
  18: 'long',
  19: 'decimal',
  [-1]: 'minKey',
  127: 'maxKey',
};

export function bsonTag(v: unknown): string | undefined {
  if (v === null || typeof v !== 'object') return undefined;
  return (v as { _bsontype?: string })._bsontype;
}

export function isPlainObject(v: unknown): v is Doc {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return false;
  const proto = Object.getPrototypeOf(v);
  return proto === Object.prototype || proto === null;
}

export function typeName(v: unknown): BsonTypeName {
  if (v === null) return 'null';
  if (v === undefined) return 'undefined';
  switch (typeof v) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(v) && v >= -2147483648 && v <= 2147483647 ? 'int' : 'double';
    case 'bigint':
      return 'long';
    case 'function':
      return 'javascript';
  }
  if (Array.isArray(v)) return 'array';
  if (v instanceof Date) return 'date';
  if (v instanceof RegExp) return 'regex';
  switch (bsonTag(v)) {
    case 'Int32':
      return 'int';
    case 'Double':
      return 'double';
    case 'Long':
      return 'long';
    case 'Decimal128':
      return 'decimal';
    case 'ObjectId':
      return 'objectId';
    case 'Binary':
      return 'binData';
    case 'Timestamp':
      return 'timestamp';
    case 'MinKey':
      return 'minKey';
    case 'MaxKey':
      return 'maxKey';
    case 'BSONRegExp':
      return 'regex';
    case 'BSONSymbol':
      return 'symbol';
    case 'Code':
      return (v as { scope?: unknown }).scope ? 'javascriptWithScope' : 'javascript';
    case 'DBPointer':
      return 'dbPointer';
  }
  return 'object';
}

export function isNumeric(v: unknown): boolean {
  const t = typeName(v);
  return t === 'int' || t === 'long' || t === 'double' || t === 'decimal';
}

/** Lossy conversion to a JS number (exact for Int32/Double and safe Longs). */
export function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'bigint') return Number(v);
  switch (bsonTag(v)) {
    case 'Int32':
    case 'Double':
      return (v as Int32 | Double).value;
    case 'Long':
      return (v as Long).toNumber();
    case 'Decimal128':
      return Number((v as Decimal128).toString());
  }
  return NaN;
}

/** Number read from a command field such as `limit` or `batchSize`. */
export function optInt(v: unknown): number | undefined {
  if (v === undefined || v === null) return undefined;
  if (!isNumeric(v)) return undefined;
  return Math.trunc(toNumber(v));
}

/** Stores a JS number produced by computation with the narrowest type MongoDB would use. */
export function typedNumber(n: number): Int32 | Long | Double {
  if (Number.isInteger(n) && !Object.is(n, -0)) {
    if (n >= -2147483648 && n <= 2147483647) return new Int32(n);
    if (Number.isSafeInteger(n)) return Long.fromNumber(n);
  }
  return new Double(n);
}

export function deepClone<T>(v: T): T {
  if (Array.isArray(v)) return v.map((x) => deepClone(x)) as T;
  if (v instanceof Date) return new Date(v.getTime()) as T;
  if (isPlainObject(v)) {
    const out: Doc = {};
    for (const k of Object.keys(v)) out[k] = deepClone(v[k]);
    return out as T;
  }
  // BSON value classes are treated as immutable and shared.
  return v;
}

// ---------------------------------------------------------------- paths

export const EMPTY_ARRAY = Symbol('emptyArray');

/** Plain dotted lookup without array traversal (numeric parts index arrays). */
export function getPath(doc: unknown, path: string): unknown {
  let cur: unknown = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(cur)) {
      if (!/^\d+$/.test(part)) return undefined;
      cur = cur[Number(part)];
    } else if (isPlainObject(cur)) {
      cur = Object.prototype.hasOwnProperty.call(cur, part) ? cur[part] : undefined;
    } else {
      return undefined;
    }
  }
  return cur;
}

/**
 * Every value a dotted path reaches, traversing arrays the way MongoDB's index
 * key generation does. Missing values are reported as `undefined`; a terminal
 * array is expanded into its elements (an empty one as EMPTY_ARRAY).
 */
export function getPathValues(doc: unknown, path: string, expandTerminalArrays = true): unknown[] {
  const out: unknown[] = [];
  const parts = path.split('.');
  const walk = (v: unknown, i: number): void => {
    if (i === parts.length) {
      if (Array.isArray(v) && expandTerminalArrays) {
        if (v.length === 0) out.push(EMPTY_ARRAY);
        else out.push(...v);
      } else out.push(v);
      return;
    }
    const part = parts[i];
    if (Array.isArray(v)) {
      if (/^\d+$/.test(part)) {
        walk(v[Number(part)], i + 1);
        return;
      }
      if (v.length === 0) out.push(undefined);
      for (const e of v) {
        if (isPlainObject(e)) walk(e[part], i + 1);
        else if (Array.isArray(e)) walk(e, i);
      }
      return;
    }
    if (isPlainObject(v)) {
      walk(Object.prototype.hasOwnProperty.call(v, part) ? v[part] : undefined, i + 1);
      return;
    }
    out.push(undefined);
  };
  walk(doc, 0);
  return out;
}

// ---------------------------------------------------------------- formatting

/** Renders a value the way mongod prints BSON in error messages (e.g. E11000 dup key). */
export function formatValue(v: unknown): string {
  if (v === undefined) return 'undefined';
  if (v === null) return 'null';
  if (typeof v === 'string') return JSON.stringify(v);
  if (typeof v === 'boolean') return String(v);
  if (typeof v === 'number') return String(v);
  if (typeof v === 'bigint') return String(v);
  if (Array.isArray(v)) return v.length ? `[ ${v.map(formatValue).join(', ')} ]` : '[]';
  if (v instanceof Date) return `new Date(${v.getTime()})`;
  if (v instanceof RegExp) return `/${v.source}/${v.flags}`;
  switch (bsonTag(v)) {
    case 'Int32':
      return String((v as Int32).value);
    case 'Double': {
      const n = (v as Double).value;
      return Number.isInteger(n) ? n.toFixed(1) : String(n);
    }
    case 'Long':
      return (v as Long).toString();
    case 'Decimal128':
      return `NumberDecimal("${(v as Decimal128).toString()}")`;
    case 'ObjectId':
      return `ObjectId('${(v as ObjectId).toHexString()}')`;
    case 'Binary': {
      const b = v as Binary;
      return `BinData(${b.sub_type}, ${Buffer.from(b.buffer).toString('hex').toUpperCase()})`;
    }
    case 'Timestamp': {
      const t = v as Timestamp;
      return `Timestamp(${t.t}, ${t.i})`;
    }
    case 'MinKey':
      return 'MinKey';
    case 'MaxKey':
      return 'MaxKey';
  }
  if (isPlainObject(v)) {
    const keys = Object.keys(v);
    return keys.length ? `{ ${keys.map((k) => `${k}: ${formatValue(v[k])}`).join(', ')} }` : '{}';
  }
  return String(v);
}

/** `{_id: ObjectId('...')}` as used in update error messages (mongod prints it without spaces). */
export function formatIdDoc(doc: Doc): string {
  return `{_id: ${formatValue(doc._id)}}`;
}
