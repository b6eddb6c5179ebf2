/**
 * One index of a collection. Only unique indexes keep a key map (to enforce
 * uniqueness); other indexes are metadata, and queries scan.
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

  /** Keys for a document, or [] when a sparse/partial index skips it. */
  keysOf(doc: Doc): { key: string; values: unknown[] }[] {
    if (this.partial && !this.partial(doc)) return [];
    const perField = this.fields.map(([f]) => getPathValues(doc, f));
    if (this.sparse && perField.every((vs) => vs.every((v) => v === undefined))) return [];
    const multi = perField.filter((vs) => vs.length > 1);
    if (multi.length > 1) {
      throw new MongoError(
        ErrorCodes.CannotIndexParallelArrays,
        `cannot index parallel arrays [${this.fields[perField.indexOf(multi[1])][0]}] [${this.fields[perField.indexOf(multi[0])][0]}]`,
      );
    }
    const combos: unknown[][] = [[]];
    for (const vs of perField) {
      const next: unknown[][] = [];
      for (const c of combos) for (const v of vs) next.push([...c, v]);
      combos.splice(0, combos.length, ...next);
    }
    const seen = new Set<string>();
    const out: { key: string; values: unknown[] }[] = [];
    for (const values of combos) {
      const key =
        values.length === 1
          ? keyString(values[0], this.collation)
          : JSON.stringify(values.map((v) => keyString(v, this.collation)));
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
    this.fields.forEach(([f, dir], i) => {
      keyPattern[f] = dir;
      const v = values[i];
      keyValue[f] = v === undefined ? null : v === EMPTY_ARRAY ? [] : v;
    });
    const shown = Object.entries(keyValue)
      .map(([k, v]) => `${k}: ${formatValue(v)}`)
      .join(', ');
    const coll = this.collation ? ` collation: ${formatValue(this.spec.collation)}` : '';
    return new MongoError(
      ErrorCodes.DuplicateKey,
      `E11000 duplicate key error collection: ${ns} index: ${this.name}${coll} dup key: { ${shown} }`,
      { keyPattern, keyValue },
    );
  }
}
