/**
 * MongoDB's BSON comparison order, used for sort, $min/$max, $addToSet
 * equality and index keys. mingo orders values by JS type name, which puts
 * e.g. Date before ObjectId; MongoDB's canonical order is:
 * MinKey < Null < Numbers < Symbol/String < Object < Array < BinData <
 * ObjectId < Boolean < Date < Timestamp < RegEx < MaxKey.
 */
import type { Binary, Code, Long, ObjectId, Timestamp } from 'bson';
import { EMPTY_ARRAY, bsonTag, getPathValues, isPlainObject, toNumber, typeName } from './values';
import type { Doc } from './values';

export interface CollationSpec {
  locale: string;
  strength?: number;
  caseLevel?: boolean;
  numericOrdering?: boolean;
}

function rank(v: unknown): number {
  if (v === EMPTY_ARRAY) return 1; // an empty array sorts before null/missing
  switch (typeName(v)) {
    case 'minKey':
      return 0;
    case 'undefined':
    case 'null':
      return 2;
    case 'int':
    case 'long':
    case 'double':
    case 'decimal':
      return 3;
    case 'string':
    case 'symbol':
      return 4;
    case 'object':
      return 5;
    case 'array':
      return 6;
    case 'binData':
      return 7;
    case 'objectId':
      return 8;
    case 'bool':
      return 9;
    case 'date':
      return 10;
    case 'timestamp':
      return 11;
    case 'regex':
      return 12;
    case 'dbPointer':
      return 13;
    case 'javascript':
      return 14;
    case 'javascriptWithScope':
      return 15;
    case 'maxKey':
      return 16;
  }
  return 5;
}

const sign = (n: number): -1 | 0 | 1 => (n < 0 ? -1 : n > 0 ? 1 : 0);

function compareNumbers(a: unknown, b: unknown): -1 | 0 | 1 {
  if (bsonTag(a) === 'Long' && bsonTag(b) === 'Long') return sign((a as Long).compare(b as Long));
  const x = toNumber(a);
  const y = toNumber(b);
  // MongoDB: NaN equals NaN and is smaller than every other number.
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1;
  if (Number.isNaN(y)) return 1;
  return x < y ? -1 : x > y ? 1 : 0;
}

function stringOf(v: unknown): string {
  return typeof v === 'string' ? v : String((v as { value?: unknown }).value ?? v);
}

export type StringComparer = (a: string, b: string) => number;

const binaryCompare: StringComparer = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

export function collatorFor(collation?: CollationSpec | null): StringComparer {
  if (!collation || collation.locale === 'simple') return binaryCompare;
  const sensitivity =
    collation.strength === 1 ? 'base' : collation.strength === 2 ? 'accent' : 'variant';
  const c = new Intl.Collator(collation.locale, {
    sensitivity,
    numeric: !!collation.numericOrdering,
  });
  return (a, b) => c.compare(a, b);
}

export function compareValues(
  a: unknown,
  b: unknown,
  strCmp: StringComparer = binaryCompare,
): -1 | 0 | 1 {
  const ra = rank(a);
  const rb = rank(b);
  if (ra !== rb) return ra < rb ? -1 : 1;
  switch (ra) {
    case 3:
      return compareNumbers(a, b);
    case 4:
      return sign(strCmp(stringOf(a), stringOf(b)));
    case 5:
      return compareObjects(a as Doc, b as Doc, strCmp);
    case 6: {
      const x = a as unknown[];
      const y = b as unknown[];
      for (let i = 0; i < Math.min(x.length, y.length); i++) {
        const c = compareValues(x[i], y[i], strCmp);
        if (c) return c;
      }
      return sign(x.length - y.length);
    }
    case 7: {
      const x = a as Binary;
      const y = b as Binary;
      if (x.length() !== y.length()) return sign(x.length() - y.length());
      if (x.sub_type !== y.sub_type) return sign(x.sub_type - y.sub_type);
      return sign(Buffer.compare(Buffer.from(x.buffer), Buffer.from(y.buffer)));
    }
    case 8:
      return sign(Buffer.compare(Buffer.from((a as ObjectId).id), Buffer.from((b as ObjectId).id)));
    case 9:
      return sign(Number(a) - Number(b));
    case 10:
      return sign((a as Date).getTime() - (b as Date).getTime());
    case 11: {
      const x = a as Timestamp;
      const y = b as Timestamp;
      return x.t !== y.t ? sign(x.t - y.t) : sign(x.i - y.i);
    }
    case 12: {
      const [xs, xf] = regexParts(a);
      const [ys, yf] = regexParts(b);
      return sign(binaryCompare(xs, ys) || binaryCompare(xf, yf));
    }
    case 14:
    case 15:
      return sign(binaryCompare(String((a as Code).code), String((b as Code).code)));
  }
  return 0;
}

function regexParts(v: unknown): [string, string] {
  if (v instanceof RegExp) return [v.source, v.flags];
  const r = v as { pattern: string; options: string };
  return [r.pattern, r.options];
}

function compareObjects(a: Doc, b: Doc, strCmp: StringComparer): -1 | 0 | 1 {
  const x = toEntries(a);
  const y = toEntries(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const [ka, va] = x[i];
    const [kb, vb] = y[i];
    const rt = rank(va) - rank(vb);
    if (rt) return sign(rt);
    const kc = binaryCompare(ka, kb);
    if (kc) return sign(kc);
    const vc = compareValues(va, vb, strCmp);
    if (vc) return vc;
  }
  return sign(x.length - y.length);
}

function toEntries(v: unknown): [string, unknown][] {
  if (isPlainObject(v)) return Object.entries(v);
  const json = (v as { toJSON?: () => unknown }).toJSON?.();
  return isPlainObject(json) ? Object.entries(json) : [];
}

export function valuesEqual(a: unknown, b: unknown): boolean {
  return compareValues(a, b) === 0;
}

// ---------------------------------------------------------------- sort

export type SortSpec = [path: string, direction: 1 | -1][];

export function parseSort(spec: unknown): SortSpec {
  if (!isPlainObject(spec)) return [];
  return Object.entries(spec).map(([k, v]) => [k, toNumber(v) < 0 ? -1 : 1]);
}

/**
 * Sort key of one document for one path: with arrays, ascending sorts use the
 * smallest element and descending the largest, as MongoDB does.
 */
function sortKey(doc: Doc, path: string, dir: 1 | -1, strCmp: StringComparer): unknown {
  if (!path.includes('.')) {
    // The usual case, a top-level field that holds no array, without walking a path.
    const value = Object.prototype.hasOwnProperty.call(doc, path) ? doc[path] : undefined;
    if (!Array.isArray(value)) return value;
  }
  const values = getPathValues(doc, path);
  if (values.length === 1) return values[0];
  let best = values[0];
  for (const v of values.slice(1)) {
    const c = compareValues(v, best, strCmp);
    if ((dir === 1 && c < 0) || (dir === -1 && c > 0)) best = v;
  }
  return best;
}

export function docComparator(
  spec: SortSpec,
  collation?: CollationSpec | null,
): (a: Doc, b: Doc) => number {
  const strCmp = collatorFor(collation);
  return (a, b) => {
    for (const [path, dir] of spec) {
      const c = compareValues(sortKey(a, path, dir, strCmp), sortKey(b, path, dir, strCmp), strCmp);
      if (c) return c * dir;
    }
    return 0;
  };
}

/** Stable sort that computes each document's keys once. */
export function sortDocs<T extends Doc>(
  docs: T[],
  spec: SortSpec,
  collation?: CollationSpec | null,
): T[] {
  if (!spec.length) return docs;
  const strCmp = collatorFor(collation);
  const keyed = docs.map((d, i) => ({
    d,
    i,
    k: spec.map(([p, dir]) => sortKey(d, p, dir, strCmp)),
  }));
  keyed.sort((x, y) => {
    for (let j = 0; j < spec.length; j++) {
      const c = compareValues(x.k[j], y.k[j], strCmp);
      if (c) return c * spec[j][1];
    }
    return x.i - y.i;
  });
  return keyed.map((k) => k.d);
}

// ---------------------------------------------------------------- hashing

function fold(s: string, collation?: CollationSpec | null): string {
  if (!collation || collation.locale === 'simple' || !collation.strength || collation.strength >= 3)
    return s;
  const lower = s.toLocaleLowerCase(collation.locale);
  return collation.strength === 1 ? lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : lower;
}

/**
 * Canonical string for a value such that two values get the same string
 * exactly when MongoDB's index would treat them as the same key (1, 1.0 and
 * NumberLong(1) collide; "a" and "A" collide under a strength-2 collation).
 */
export function keyString(v: unknown, collation?: CollationSpec | null): string {
  if (v === EMPTY_ARRAY) return 'u';
  switch (typeName(v)) {
    case 'null':
    case 'undefined':
      return 'z';
    case 'minKey':
      return 'm';
    case 'maxKey':
      return 'M';
    case 'int':
    case 'double':
    case 'long':
    case 'decimal': {
      if (bsonTag(v) === 'Long') {
        const l = v as Long;
        const n = l.toNumber();
        return Number.isSafeInteger(n) ? `n${n}` : `n${l.toString()}`;
      }
      const n = toNumber(v);
      return `n${Object.is(n, -0) ? 0 : n}`;
    }
    case 'string':
    case 'symbol':
      return `s${fold(stringOf(v), collation)}`;
    case 'objectId':
      return `i${(v as ObjectId).toHexString()}`;
    case 'bool':
      return v ? 't' : 'f';
    case 'date':
      return `d${(v as Date).getTime()}`;
    case 'binData': {
      const b = v as Binary;
      return `b${b.sub_type}:${Buffer.from(b.buffer).toString('base64')}`;
    }
    case 'timestamp': {
      const t = v as Timestamp;
      return `T${t.t}:${t.i}`;
    }
    case 'regex':
      return `r${JSON.stringify(regexParts(v))}`;
    case 'array':
      return `a${JSON.stringify((v as unknown[]).map((e) => keyString(e, collation)))}`;
    case 'javascript':
    case 'javascriptWithScope':
      return `c${String((v as Code).code)}`;
  }
  return `o${JSON.stringify(toEntries(v).map(([k, e]) => [k, keyString(e, collation)]))}`;
}
