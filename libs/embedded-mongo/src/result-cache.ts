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

/** Answers asked once: a new question's answer enters here, and the oldest leaves first. */
const PROBATION_ENTRIES = 16;
/** Answers asked again: enough for every page and filter an admin screen asks for. */
const PROTECTED_ENTRIES = 48;

/**
 * A segmented LRU: a question asked once waits in a small probation segment, and moves to
 * the protected one when asked again. So questions that are never asked twice (a filter
 * holding the time, as the API's filter for what visitors see does, new at every request)
 * only push each other out, not the answers an application keeps asking for.
 */
export class ResultCache {
  private readonly probation = new Map<string, unknown>();
  private readonly protected = new Map<string, unknown>();

  clear(): void {
    if (this.probation.size) this.probation.clear();
    if (this.protected.size) this.protected.clear();
  }

  get size(): number {
    return this.probation.size + this.protected.size;
  }

  /** compute()'s answer to `key`, computed once until the next change; no key: not kept. */
  answer<T>(key: string | undefined, compute: () => T): T {
    if (key === undefined) return compute();
    if (this.protected.has(key)) {
      const value = this.protected.get(key) as T;
      this.protected.delete(key);
      this.protected.set(key, value);
      return value;
    }
    if (this.probation.has(key)) {
      const value = this.probation.get(key) as T;
      this.probation.delete(key);
      keep(this.protected, key, value, PROTECTED_ENTRIES);
      return value;
    }
    const value = compute();
    keep(this.probation, key, value, PROBATION_ENTRIES);
    return value;
  }
}

/** Adds an entry, first dropping the least recently used one if `entries` is full. */
function keep(entries: Map<string, unknown>, key: string, value: unknown, limit: number): void {
  if (entries.size >= limit) {
    const oldest = entries.keys().next();
    if (!oldest.done) entries.delete(oldest.value);
  }
  entries.set(key, value);
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
