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
import type { Double, Int32, Long, ObjectId } from 'bson';
import { LRUCache } from 'lru-cache';
import { bsonSize } from './reply-bson';
import { bsonTag, isPlainObject, type Doc } from './values';

/*
 * Each segment is bounded in answers as well as in bytes, and needs both. The counts are
 * what make the segments work: probation is a short window of the latest questions asked
 * once, so one never asked again soon leaves, and the protected segment holds the questions
 * an application keeps asking. They also bound the keys, which the bytes (answerBytes: the
 * answers' documents) do not count: a key is as long as its question.
 */
/** Answers asked once: a new question's answer enters here, and the oldest leaves first. */
const PROBATION = { max: 16, maxSize: 4 * 1024 * 1024 };
/** Answers asked again: enough for every page and filter an admin screen asks for. */
const PROTECTED = { max: 48, maxSize: 16 * 1024 * 1024 };

/** What is kept for a count, or any answer that is not a list of documents. */
const SCALAR_BYTES = 16;

/**
 * What keeping an answer costs, in bytes: its documents' BSON (the bytes the reply is
 * written from, which reply-bson.ts keeps with a cached answer), or a count's few.
 */
export function answerBytes(answer: unknown): number {
  if (!Array.isArray(answer)) return SCALAR_BYTES;
  let bytes = SCALAR_BYTES;
  for (const document of answer) bytes += isPlainObject(document) ? bsonSize(document as Doc) : 8;
  return bytes;
}

/**
 * A segmented LRU: a question asked once waits in a small probation segment, and moves to
 * the protected one when asked again. So questions that are never asked twice (a filter
 * holding the time, as the API's filter for what visitors see does, new at every request)
 * only push each other out, not the answers an application keeps asking for. Each segment
 * is bounded in answers and in bytes; an answer larger than its segment is not kept.
 */
export class ResultCache {
  private readonly probation = new LRUCache<string, NonNullable<unknown>>(PROBATION);
  private readonly protected = new LRUCache<string, NonNullable<unknown>>(PROTECTED);

  clear(): void {
    if (this.probation.size) this.probation.clear();
    if (this.protected.size) this.protected.clear();
  }

  get size(): number {
    return this.probation.size + this.protected.size;
  }

  /** The bytes the kept answers take (answerBytes). */
  get bytes(): number {
    return this.probation.calculatedSize + this.protected.calculatedSize;
  }

  /** compute()'s answer to `key`, computed once until the next change; no key: not kept. */
  answer<T>(key: string | undefined, compute: () => T): T {
    if (key === undefined) return compute();
    const kept = this.protected.get(key);
    if (kept !== undefined) return kept as T;
    const once = this.probation.get(key);
    if (once !== undefined) {
      this.probation.delete(key);
      this.protected.set(key, once, { size: answerBytes(once) });
      return once as T;
    }
    const value = compute();
    if (value !== undefined && value !== null) {
      this.probation.set(key, value, { size: answerBytes(value) });
    }
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

/** Why a value has no key: its answer could change without the data changing. */
const NOT_DETERMINISTIC = Symbol('not deterministic');

/**
 * A value written as text that names it exactly, type included: Int32 1 is `i1`, Double 1
 * is `d1`, the string "1" is `"1"`, an object `{"a":i1,}`. Values of other BSON types are
 * written as their own BSON bytes (`B{ v: value }`, which carry their length), so two values
 * share a text only if they are the same value. Throws NOT_DETERMINISTIC for an operator
 * outside DETERMINISTIC_OPERATORS or a `$$` variable; undefined for a value that BSON
 * cannot hold (which then has no key at all).
 */
function keyText(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      if (value.startsWith('$$')) throw NOT_DETERMINISTIC;
      return JSON.stringify(value);
    case 'boolean':
      return value ? 't' : 'f';
    case 'number':
      return Object.is(value, -0) ? 'N-0' : `N${value}`;
    case 'undefined':
      return 'u';
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return 'n';
  if (Array.isArray(value)) {
    let text = '[';
    for (const element of value) {
      const elementText = keyText(element);
      if (elementText === undefined) return undefined;
      text += `${elementText},`;
    }
    return `${text}]`;
  }
  if (isPlainObject(value)) {
    let text = '{';
    for (const key of Object.keys(value)) {
      if (key.startsWith('$') && !DETERMINISTIC_OPERATORS.has(key)) throw NOT_DETERMINISTIC;
      const fieldText = keyText(value[key]);
      if (fieldText === undefined) return undefined;
      text += `${JSON.stringify(key)}:${fieldText},`;
    }
    return `${text}}`;
  }
  if (value instanceof Date) return `D${value.getTime()}`;
  switch (bsonTag(value)) {
    case 'Int32':
      return `i${(value as Int32).value}`;
    case 'Double': {
      const number = (value as Double).value;
      return Object.is(number, -0) ? 'd-0' : `d${number}`;
    }
    case 'Long':
      return `${(value as Long).unsigned ? 'L' : 'l'}${(value as Long).toString()}`;
    case 'ObjectId':
      return `o${(value as ObjectId).toHexString()}`;
    case undefined:
      if (!(value instanceof RegExp)) return undefined;
  }
  // Any other BSON value (regular expression, binary, decimal, timestamp…): its own bytes.
  const bytes = serialize({ v: value });
  return `B${Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length).toString('latin1')}`;
}

/**
 * The exact question as a key, or undefined if its answer could change without the data
 * changing. The key keeps every type apart (Int32 1, Double 1.0, "1"), so two questions
 * share a key only if they are the same question. Written by keyText rather than by the
 * BSON serializer, which for a question this small took a noticeable share of the server's
 * CPU in bench/queries.ts's "find: published, sort, limit 50" row, a cached find.
 */
export function resultKey(kind: string, question: Record<string, unknown>): string | undefined {
  let key = `${kind}{`;
  try {
    for (const name of Object.keys(question)) {
      // Undefined at the top: an option the command did not give.
      if (question[name] === undefined) continue;
      const text = keyText(question[name]);
      if (text === undefined) return undefined;
      key += `${JSON.stringify(name)}:${text},`;
    }
  } catch (error) {
    if (error === NOT_DETERMINISTIC) return undefined;
    throw error;
  }
  return `${key}}`;
}
