/**
 * Answers to read queries, kept by a collection until it next changes.
 *
 * An application asks the same few questions (a list page, its count, one item) far more
 * often than it writes, and here every answer is computed from memory that only this
 * process changes. So a collection keeps the answers it gave, keyed by the exact question,
 * and forgets them all at its next insert, update, delete or index change: a cached answer
 * is never older than the data. Only questions whose answer depends on nothing but the
 * stored documents are kept (no `$expr`, `$where`, `$text` or `$$NOW`: see resultKey).
 */
import { serialize } from 'bson';
import { isPlainObject } from './values';

/** Enough for every page and filter an admin screen asks for; the oldest goes first. */
const MAX_ENTRIES = 64;

export class ResultCache {
  private readonly entries = new Map<string, unknown>();

  clear(): void {
    if (this.entries.size) this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** compute()'s answer to `key`, computed once until the next change; no key: not kept. */
  answer<T>(key: string | undefined, compute: () => T): T {
    if (key === undefined) return compute();
    if (this.entries.has(key)) return this.entries.get(key) as T;
    const value = compute();
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (!oldest.done) this.entries.delete(oldest.value);
    }
    this.entries.set(key, value);
    return value;
  }
}

/**
 * Operators whose result depends only on the document and their arguments. Anything else
 * (`$expr`, `$where`, `$text`, `$function`, `$meta`, aggregation expressions…) makes a
 * question uncacheable, so an operator added later is safe until someone lists it here.
 */
const DETERMINISTIC_OPERATORS = new Set([
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$exists',
  '$type',
  '$regex',
  '$options',
  '$size',
  '$all',
  '$elemMatch',
  '$not',
  '$mod',
  '$and',
  '$or',
  '$nor',
  '$slice',
  '$natural',
]);

function isDeterministic(value: unknown): boolean {
  if (typeof value === 'string') return !value.startsWith('$$');
  if (Array.isArray(value)) return value.every(isDeterministic);
  if (!isPlainObject(value)) return true;
  for (const key of Object.keys(value)) {
    if (key.startsWith('$') && !DETERMINISTIC_OPERATORS.has(key)) return false;
    if (!isDeterministic(value[key])) return false;
  }
  return true;
}

/**
 * The exact question as a key, or undefined if its answer could change without the data
 * changing. The BSON bytes keep every type apart (Int32 1, Double 1.0, "1"), so two
 * questions share a key only if they are the same question.
 */
export function resultKey(kind: string, question: Record<string, unknown>): string | undefined {
  if (!isDeterministic(question)) return undefined;
  const bytes = serialize({ kind, ...question }, { ignoreUndefined: true });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1');
}
