/**
 * The filters applications send most, matched without mingo: conditions on top-level
 * fields, each a scalar to equal or the operators $eq, $in, $gt, $gte, $lt, $lte and $not
 * around them (`{ published: true, publishAt: { $not: { $gt: now } } }`, the API's filter
 * for what visitors see). Compiling a mingo query and a number-converted view of each
 * document cost more than the rest of a find, and a filter holding the time is new at every
 * request, so no cache keeps its answer.
 *
 * Equality is MongoDB's (BSON order: 1, 1.0 and NumberLong(1) alike; an array matches
 * when an element does). The comparisons give exactly mingo's answers, which the server
 * gave before this path existed (a randomized suite checks it): a number, string or date
 * compares with values of its own kind only, an array through its elements. Anything else
 * (other operators, dotted paths, null, regular expressions, documents, booleans or
 * ObjectIds in a comparison) is left to mingo.
 */
import { valuesEqual } from './compare';
import { Doc, bsonTag, isPlainObject, toNumber, typeName } from './values';

export type Matcher = (doc: Doc) => boolean;
/** A condition on one field's value; `present` is false when the document lacks it. */
type FieldTest = (found: unknown, present: boolean) => boolean;

/** Values an equality compares exactly as MongoDB does. */
export function isPlainScalar(value: unknown): boolean {
  switch (typeName(value)) {
    case 'string':
    case 'bool':
    case 'objectId':
      return true;
    case 'date':
      return !Number.isNaN((value as Date).getTime());
    case 'int':
    case 'long':
    case 'double':
      return !Number.isNaN(toNumber(value));
  }
  return false;
}

/** The filter as a matcher, or undefined if some condition is not one this file knows. */
export function fieldConditionsMatcher(filter: Doc): Matcher | undefined {
  const tests: [string, FieldTest][] = [];
  for (const [field, condition] of Object.entries(filter)) {
    if (field.startsWith('$') || field.includes('.')) return undefined;
    const test = fieldTest(condition);
    if (!test) return undefined;
    tests.push([field, test]);
  }
  return (doc) => {
    for (const [field, test] of tests) {
      const present = Object.prototype.hasOwnProperty.call(doc, field);
      if (!test(present ? doc[field] : undefined, present)) return false;
    }
    return true;
  };
}

function fieldTest(condition: unknown): FieldTest | undefined {
  if (isPlainScalar(condition)) return equalsAny([condition]);
  if (!isPlainObject(condition)) return undefined;
  const keys = Object.keys(condition);
  if (!keys.length) return undefined;
  const tests: FieldTest[] = [];
  for (const operator of keys) {
    const test = operatorTest(operator, condition[operator]);
    if (!test) return undefined;
    tests.push(test);
  }
  return tests.length === 1
    ? tests[0]
    : (found, present) => tests.every((test) => test(found, present));
}

function operatorTest(operator: string, value: unknown): FieldTest | undefined {
  switch (operator) {
    case '$eq':
      return isPlainScalar(value) ? equalsAny([value]) : undefined;
    case '$in':
      return Array.isArray(value) && value.every(isPlainScalar) ? equalsAny(value) : undefined;
    case '$gt':
      return comparison(value, (order) => order > 0);
    case '$gte':
      return comparison(value, (order) => order >= 0);
    case '$lt':
      return comparison(value, (order) => order < 0);
    case '$lte':
      return comparison(value, (order) => order <= 0);
    case '$not': {
      // { $not: { $gt: x } }: every condition inside, negated (a missing field matches).
      const inner = isPlainObject(value) ? fieldTest(value) : undefined;
      return inner && ((found, present) => !inner(found, present));
    }
  }
  return undefined;
}

/** Equal to one of `values`, or an array holding an element that is. */
function equalsAny(values: unknown[]): FieldTest {
  const equal = (element: unknown) => values.some((value) => valuesEqual(element, value));
  return (found, present) => present && (Array.isArray(found) ? found.some(equal) : equal(found));
}

type Kind = 'number' | 'string' | 'date';

/** The kinds mingo compares: its views turn every BSON number into a JS number. */
function kindOf(value: unknown): Kind | undefined {
  if (typeof value === 'string') return 'string';
  if (typeof value === 'number') return 'number';
  if (value instanceof Date) return 'date';
  switch (bsonTag(value)) {
    case 'Int32':
    case 'Double':
    case 'Long':
    case 'Decimal128':
      return 'number';
  }
  return undefined;
}

function comparable(value: unknown, kind: Kind): number | string {
  if (kind === 'number') return toNumber(value);
  if (kind === 'date') return (value as Date).getTime();
  return value as string;
}

/**
 * A comparison with a number, string or date, as mingo makes it: values of another kind
 * never match, an array matches through its elements, and the order is JavaScript's
 * (`a < b ? -1 : a > b ? 1 : 0`, so NaN compares as equal, as mingo has it).
 */
function comparison(value: unknown, accept: (order: number) => boolean): FieldTest | undefined {
  const kind = kindOf(value);
  if (!kind) return undefined;
  const right = comparable(value, kind);
  if (typeof right === 'number' && Number.isNaN(right)) return undefined;
  const test = (element: unknown) => {
    if (kindOf(element) !== kind) return false;
    const left = comparable(element, kind);
    return accept(left < right ? -1 : left > right ? 1 : 0);
  };
  return (found) => (Array.isArray(found) ? found.some(test) : test(found));
}
