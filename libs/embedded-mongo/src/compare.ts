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

function rank(value: unknown): number {
  if (value === EMPTY_ARRAY) return 1; // an empty array sorts before null/missing
  switch (typeName(value)) {
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

const sign = (difference: number): -1 | 0 | 1 => (difference < 0 ? -1 : difference > 0 ? 1 : 0);

function compareNumbers(a: unknown, b: unknown): -1 | 0 | 1 {
  if (bsonTag(a) === 'Long' && bsonTag(b) === 'Long') return sign((a as Long).compare(b as Long));
  const left = toNumber(a);
  const right = toNumber(b);
  // MongoDB: NaN equals NaN and is smaller than every other number.
  if (Number.isNaN(left)) return Number.isNaN(right) ? 0 : -1;
  if (Number.isNaN(right)) return 1;
  return left < right ? -1 : left > right ? 1 : 0;
}

function stringOf(value: unknown): string {
  return typeof value === 'string' ? value : String((value as { value?: unknown }).value ?? value);
}

export type StringComparer = (a: string, b: string) => number;

const binaryCompare: StringComparer = (a, b) => (a < b ? -1 : a > b ? 1 : 0);

export function collatorFor(collation?: CollationSpec | null): StringComparer {
  if (!collation || collation.locale === 'simple') return binaryCompare;
  const sensitivity =
    collation.strength === 1 ? 'base' : collation.strength === 2 ? 'accent' : 'variant';
  const collator = new Intl.Collator(collation.locale, {
    sensitivity,
    numeric: !!collation.numericOrdering,
  });
  return (a, b) => collator.compare(a, b);
}

export function compareValues(
  a: unknown,
  b: unknown,
  compareStrings: StringComparer = binaryCompare,
): -1 | 0 | 1 {
  const leftRank = rank(a);
  const rightRank = rank(b);
  if (leftRank !== rightRank) return leftRank < rightRank ? -1 : 1;
  switch (leftRank) {
    case 3:
      return compareNumbers(a, b);
    case 4:
      return sign(compareStrings(stringOf(a), stringOf(b)));
    case 5:
      return compareObjects(a as Doc, b as Doc, compareStrings);
    case 6: {
      const left = a as unknown[];
      const right = b as unknown[];
      for (let i = 0; i < Math.min(left.length, right.length); i++) {
        const comparison = compareValues(left[i], right[i], compareStrings);
        if (comparison) return comparison;
      }
      return sign(left.length - right.length);
    }
    case 7: {
      const left = a as Binary;
      const right = b as Binary;
      if (left.length() !== right.length()) return sign(left.length() - right.length());
      if (left.sub_type !== right.sub_type) return sign(left.sub_type - right.sub_type);
      return sign(Buffer.compare(Buffer.from(left.buffer), Buffer.from(right.buffer)));
    }
    case 8:
      return sign(Buffer.compare(Buffer.from((a as ObjectId).id), Buffer.from((b as ObjectId).id)));
    case 9:
      return sign(Number(a) - Number(b));
    case 10:
      // An invalid date (a BSON date beyond JavaScript's range) is NaN: ordered as numbers
      // order NaN, not equal to every date.
      return compareNumbers((a as Date).getTime(), (b as Date).getTime());
    case 11: {
      const left = a as Timestamp;
      const right = b as Timestamp;
      return left.t !== right.t ? sign(left.t - right.t) : sign(left.i - right.i);
    }
    case 12: {
      const [leftSource, leftFlags] = regexParts(a);
      const [rightSource, rightFlags] = regexParts(b);
      return sign(binaryCompare(leftSource, rightSource) || binaryCompare(leftFlags, rightFlags));
    }
    case 14:
    case 15:
      return sign(binaryCompare(String((a as Code).code), String((b as Code).code)));
  }
  return 0;
}

function regexParts(value: unknown): [string, string] {
  if (value instanceof RegExp) return [value.source, value.flags];
  const regex = value as { pattern: string; options: string };
  return [regex.pattern, regex.options];
}

function compareObjects(a: Doc, b: Doc, compareStrings: StringComparer): -1 | 0 | 1 {
  const leftEntries = toEntries(a);
  const rightEntries = toEntries(b);
  for (let i = 0; i < Math.min(leftEntries.length, rightEntries.length); i++) {
    const [leftKey, leftValue] = leftEntries[i];
    const [rightKey, rightValue] = rightEntries[i];
    const rankDifference = rank(leftValue) - rank(rightValue);
    if (rankDifference) return sign(rankDifference);
    const keyComparison = binaryCompare(leftKey, rightKey);
    if (keyComparison) return sign(keyComparison);
    const valueComparison = compareValues(leftValue, rightValue, compareStrings);
    if (valueComparison) return valueComparison;
  }
  return sign(leftEntries.length - rightEntries.length);
}

function toEntries(value: unknown): [string, unknown][] {
  if (isPlainObject(value)) return Object.entries(value);
  const json = (value as { toJSON?: () => unknown }).toJSON?.();
  return isPlainObject(json) ? Object.entries(json) : [];
}

export function valuesEqual(a: unknown, b: unknown): boolean {
  return compareValues(a, b) === 0;
}

// ---------------------------------------------------------------- sort

export type SortSpec = [path: string, direction: 1 | -1][];

export function parseSort(spec: unknown): SortSpec {
  if (!isPlainObject(spec)) return [];
  return Object.entries(spec).map(([path, direction]) => [path, toNumber(direction) < 0 ? -1 : 1]);
}

/**
 * Sort key of one document for one path: with arrays, ascending sorts use the
 * smallest element and descending the largest, as MongoDB does.
 */
function sortKey(
  doc: Doc,
  path: string,
  direction: 1 | -1,
  compareStrings: StringComparer,
): unknown {
  if (!path.includes('.')) {
    // The usual case, a top-level field that holds no array, without walking a path.
    const value = Object.prototype.hasOwnProperty.call(doc, path) ? doc[path] : undefined;
    if (!Array.isArray(value)) return value;
  }
  const values = getPathValues(doc, path);
  if (values.length === 1) return values[0];
  let best = values[0];
  for (const candidate of values.slice(1)) {
    const comparison = compareValues(candidate, best, compareStrings);
    if ((direction === 1 && comparison < 0) || (direction === -1 && comparison > 0))
      best = candidate;
  }
  return best;
}

export function docComparator(
  spec: SortSpec,
  collation?: CollationSpec | null,
): (a: Doc, b: Doc) => number {
  const compareStrings = collatorFor(collation);
  return (a, b) => {
    for (const [path, direction] of spec) {
      const comparison = compareValues(
        sortKey(a, path, direction, compareStrings),
        sortKey(b, path, direction, compareStrings),
        compareStrings,
      );
      if (comparison) return comparison * direction;
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
  const compareStrings = collatorFor(collation);
  const keyed = docs.map((doc, position) => ({
    doc,
    position,
    keys: spec.map(([path, direction]) => sortKey(doc, path, direction, compareStrings)),
  }));
  keyed.sort((left, right) => {
    for (let i = 0; i < spec.length; i++) {
      const comparison = compareValues(left.keys[i], right.keys[i], compareStrings);
      if (comparison) return comparison * spec[i][1];
    }
    return left.position - right.position;
  });
  return keyed.map((entry) => entry.doc);
}

// ---------------------------------------------------------------- hashing

function fold(text: string, collation?: CollationSpec | null): string {
  if (!collation || collation.locale === 'simple' || !collation.strength || collation.strength >= 3)
    return text;
  const lower = text.toLocaleLowerCase(collation.locale);
  return collation.strength === 1 ? lower.normalize('NFD').replace(/[\u0300-\u036f]/g, '') : lower;
}

/**
 * Canonical string for a value such that two values get the same string
 * exactly when MongoDB's index would treat them as the same key (1, 1.0 and
 * NumberLong(1) collide; "a" and "A" collide under a strength-2 collation).
 */
export function keyString(value: unknown, collation?: CollationSpec | null): string {
  if (value === EMPTY_ARRAY) return 'u';
  switch (typeName(value)) {
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
      if (bsonTag(value) === 'Long') {
        const long = value as Long;
        const number = long.toNumber();
        return Number.isSafeInteger(number) ? `n${number}` : `n${long.toString()}`;
      }
      const number = toNumber(value);
      return `n${Object.is(number, -0) ? 0 : number}`;
    }
    case 'string':
    case 'symbol':
      return `s${fold(stringOf(value), collation)}`;
    case 'objectId':
      return `i${(value as ObjectId).toHexString()}`;
    case 'bool':
      return value ? 't' : 'f';
    case 'date':
      return `d${(value as Date).getTime()}`;
    case 'binData': {
      const binary = value as Binary;
      return `b${binary.sub_type}:${Buffer.from(binary.buffer).toString('base64')}`;
    }
    case 'timestamp': {
      const timestamp = value as Timestamp;
      return `T${timestamp.t}:${timestamp.i}`;
    }
    case 'regex':
      return `r${JSON.stringify(regexParts(value))}`;
    case 'array':
      return `a${JSON.stringify((value as unknown[]).map((element) => keyString(element, collation)))}`;
    case 'javascript':
    case 'javascriptWithScope':
      return `c${String((value as Code).code)}`;
  }
  return `o${JSON.stringify(toEntries(value).map(([key, element]) => [key, keyString(element, collation)]))}`;
}
