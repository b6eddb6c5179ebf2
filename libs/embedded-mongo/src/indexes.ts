/**
 * One index of a collection. Only unique indexes keep a key map (to enforce
 * uniqueness, and to find the one document a query on its key can match:
 * matching's uniqueCandidate); other indexes are metadata, and queries scan.
 */
import { CollationSpec, keyString } from './compare';
import { ErrorCodes, MongoError } from './errors';
import { Matcher, compileFilter } from './query';
import {
  Doc,
  EMPTY_ARRAY,
  formatValue,
  getPathValues,
  isNumeric,
  isPlainObject,
  toNumber,
} from './values';

export class Index {
  readonly name: string;
  readonly fields: [string, unknown][];
  readonly unique: boolean;
  readonly sparse: boolean;
  readonly collation?: CollationSpec;
  private readonly partial?: Matcher;
  /** unique indexes only: key string -> _id key of the owning document */
  readonly entries = new Map<string, string>();

  constructor(readonly spec: Doc) {
    this.name = String(spec.name);
    this.fields = Object.entries(spec.key as Doc);
    this.unique = spec.unique === true || (isNumeric(spec.unique) && toNumber(spec.unique) !== 0);
    this.sparse = spec.sparse === true || (isNumeric(spec.sparse) && toNumber(spec.sparse) !== 0);
    this.collation = isPlainObject(spec.collation)
      ? (spec.collation as unknown as CollationSpec)
      : undefined;
    if (isPlainObject(spec.partialFilterExpression))
      this.partial = compileFilter(spec.partialFilterExpression);
  }

  get isIdIndex(): boolean {
    return this.name === '_id_';
  }

  /** Whether it holds every document (neither sparse nor partial). */
  get complete(): boolean {
    return !this.sparse && !this.partial;
  }

  /** The key of one combination of the fields' values, as `entries` holds it. */
  keyFor(values: unknown[]): string {
    return values.length === 1
      ? keyString(values[0], this.collation)
      : JSON.stringify(values.map((value) => keyString(value, this.collation)));
  }

  /** Keys for a document, or [] when a sparse/partial index skips it. */
  keysOf(doc: Doc): { key: string; values: unknown[] }[] {
    if (this.partial && !this.partial(doc)) return [];
    const perField = this.fields.map(([field]) => getPathValues(doc, field));
    if (
      this.sparse &&
      perField.every((fieldValues) => fieldValues.every((value) => value === undefined))
    )
      return [];
    const multi = perField.filter((fieldValues) => fieldValues.length > 1);
    if (multi.length > 1) {
      throw new MongoError(
        ErrorCodes.CannotIndexParallelArrays,
        `cannot index parallel arrays [${this.fields[perField.indexOf(multi[1])][0]}] [${this.fields[perField.indexOf(multi[0])][0]}]`,
      );
    }
    const combinations: unknown[][] = [[]];
    for (const fieldValues of perField) {
      const next: unknown[][] = [];
      for (const combination of combinations)
        for (const value of fieldValues) next.push([...combination, value]);
      combinations.splice(0, combinations.length, ...next);
    }
    const seen = new Set<string>();
    const out: { key: string; values: unknown[] }[] = [];
    for (const values of combinations) {
      const key = this.keyFor(values);
      if (!seen.has(key)) {
        seen.add(key);
        out.push({ key, values });
      }
    }
    return out;
  }

  duplicateError(ns: string, values: unknown[]): MongoError {
    const keyPattern: Doc = {};
    const keyValue: Doc = {};
    this.fields.forEach(([field, direction], i) => {
      keyPattern[field] = direction;
      const value = values[i];
      keyValue[field] = value === undefined ? null : value === EMPTY_ARRAY ? [] : value;
    });
    const shown = Object.entries(keyValue)
      .map(([key, value]) => `${key}: ${formatValue(value)}`)
      .join(', ');
    const collationPart = this.collation ? ` collation: ${formatValue(this.spec.collation)}` : '';
    return new MongoError(
      ErrorCodes.DuplicateKey,
      `E11000 duplicate key error collection: ${ns} index: ${this.name}${collationPart} dup key: { ${shown} }`,
      { keyPattern, keyValue },
    );
  }
}

/** What makes two indexes on the same key different indexes: collation and partial filter. */
export function indexSignature(spec: Doc): string {
  return keyString({
    collation: spec.collation ?? null,
    partial: spec.partialFilterExpression ?? null,
  });
}

/** The options two indexes of the same name must share to count as the same index. */
export function indexOptionsKey(spec: Doc): string {
  const flag = (value: unknown) => value === true || (isNumeric(value) && toNumber(value) !== 0);
  return keyString({
    unique: flag(spec.unique),
    sparse: flag(spec.sparse),
    sig: indexSignature(spec),
    ttl: spec.expireAfterSeconds ?? null,
  });
}
