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

export function bsonTag(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  return (value as { _bsontype?: string })._bsontype;
}

export function isPlainObject(value: unknown): value is Doc {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

export function typeName(value: unknown): BsonTypeName {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  switch (typeof value) {
    case 'string':
      return 'string';
    case 'boolean':
      return 'bool';
    case 'number':
      return Number.isInteger(value) && value >= -2147483648 && value <= 2147483647
        ? 'int'
        : 'double';
    case 'bigint':
      return 'long';
    case 'function':
      return 'javascript';
  }
  if (Array.isArray(value)) return 'array';
  if (value instanceof Date) return 'date';
  if (value instanceof RegExp) return 'regex';
  switch (bsonTag(value)) {
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
      return (value as { scope?: unknown }).scope ? 'javascriptWithScope' : 'javascript';
    case 'DBPointer':
      return 'dbPointer';
  }
  return 'object';
}

export function isNumeric(value: unknown): boolean {
  const type = typeName(value);
  return type === 'int' || type === 'long' || type === 'double' || type === 'decimal';
}

/** Lossy conversion to a JS number (exact for Int32/Double and safe Longs). */
export function toNumber(value: unknown): number {
  if (typeof value === 'number') return value;
  if (typeof value === 'bigint') return Number(value);
  switch (bsonTag(value)) {
    case 'Int32':
    case 'Double':
      return (value as Int32 | Double).value;
    case 'Long':
      return (value as Long).toNumber();
    case 'Decimal128':
      return Number((value as Decimal128).toString());
  }
  return NaN;
}

/** Number read from a command field such as `limit` or `batchSize`. */
export function optInt(value: unknown): number | undefined {
  if (value === undefined || value === null) return undefined;
  if (!isNumeric(value)) return undefined;
  return Math.trunc(toNumber(value));
}

/** Stores a JS number produced by computation with the narrowest type MongoDB would use. */
export function typedNumber(number: number): Int32 | Long | Double {
  if (Number.isInteger(number) && !Object.is(number, -0)) {
    if (number >= -2147483648 && number <= 2147483647) return new Int32(number);
    if (Number.isSafeInteger(number)) return Long.fromNumber(number);
  }
  return new Double(number);
}

export function deepClone<T>(value: T): T {
  if (Array.isArray(value)) return value.map((item) => deepClone(item)) as T;
  if (value instanceof Date) return new Date(value.getTime()) as T;
  if (isPlainObject(value)) {
    const out: Doc = {};
    for (const key of Object.keys(value)) out[key] = deepClone(value[key]);
    return out as T;
  }
  // BSON value classes are treated as immutable and shared.
  return value;
}

// ---------------------------------------------------------------- paths

export const EMPTY_ARRAY = Symbol('emptyArray');

/** Plain dotted lookup without array traversal (numeric parts index arrays). */
export function getPath(doc: unknown, path: string): unknown {
  let current: unknown = doc;
  for (const part of path.split('.')) {
    if (Array.isArray(current)) {
      if (!/^\d+$/.test(part)) return undefined;
      current = current[Number(part)];
    } else if (isPlainObject(current)) {
      current = Object.prototype.hasOwnProperty.call(current, part) ? current[part] : undefined;
    } else {
      return undefined;
    }
  }
  return current;
}

/**
 * Every value a dotted path reaches, traversing arrays the way MongoDB's index
 * key generation does. Missing values are reported as `undefined`; a terminal
 * array is expanded into its elements (an empty one as EMPTY_ARRAY).
 */
export function getPathValues(doc: unknown, path: string, expandTerminalArrays = true): unknown[] {
  const out: unknown[] = [];
  const parts = path.split('.');
  const walk = (value: unknown, depth: number): void => {
    if (depth === parts.length) {
      if (Array.isArray(value) && expandTerminalArrays) {
        if (value.length === 0) out.push(EMPTY_ARRAY);
        else out.push(...value);
      } else out.push(value);
      return;
    }
    const part = parts[depth];
    if (Array.isArray(value)) {
      if (/^\d+$/.test(part)) {
        walk(value[Number(part)], depth + 1);
        return;
      }
      if (value.length === 0) out.push(undefined);
      for (const element of value) {
        if (isPlainObject(element)) walk(element[part], depth + 1);
        else if (Array.isArray(element)) walk(element, depth);
      }
      return;
    }
    if (isPlainObject(value)) {
      walk(Object.prototype.hasOwnProperty.call(value, part) ? value[part] : undefined, depth + 1);
      return;
    }
    out.push(undefined);
  };
  walk(doc, 0);
  return out;
}

// ---------------------------------------------------------------- formatting

/** Renders a value the way mongod prints BSON in error messages (e.g. E11000 dup key). */
export function formatValue(value: unknown): string {
  if (value === undefined) return 'undefined';
  if (value === null) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'boolean') return String(value);
  if (typeof value === 'number') return String(value);
  if (typeof value === 'bigint') return String(value);
  if (Array.isArray(value)) return value.length ? `[ ${value.map(formatValue).join(', ')} ]` : '[]';
  if (value instanceof Date) return `new Date(${value.getTime()})`;
  if (value instanceof RegExp) return `/${value.source}/${value.flags}`;
  switch (bsonTag(value)) {
    case 'Int32':
      return String((value as Int32).value);
    case 'Double': {
      const number = (value as Double).value;
      return Number.isInteger(number) ? number.toFixed(1) : String(number);
    }
    case 'Long':
      return (value as Long).toString();
    case 'Decimal128':
      return `NumberDecimal("${(value as Decimal128).toString()}")`;
    case 'ObjectId':
      return `ObjectId('${(value as ObjectId).toHexString()}')`;
    case 'Binary': {
      const binary = value as Binary;
      return `BinData(${binary.sub_type}, ${Buffer.from(binary.buffer).toString('hex').toUpperCase()})`;
    }
    case 'Timestamp': {
      const timestamp = value as Timestamp;
      return `Timestamp(${timestamp.t}, ${timestamp.i})`;
    }
    case 'MinKey':
      return 'MinKey';
    case 'MaxKey':
      return 'MaxKey';
  }
  if (isPlainObject(value)) {
    const keys = Object.keys(value);
    return keys.length
      ? `{ ${keys.map((key) => `${key}: ${formatValue(value[key])}`).join(', ')} }`
      : '{}';
  }
  return String(value);
}

/** `{_id: ObjectId('...')}` as used in update error messages (mongod prints it without spaces). */
export function formatIdDoc(doc: Doc): string {
  return `{_id: ${formatValue(doc._id)}}`;
}
