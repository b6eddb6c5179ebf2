/** Selecting the documents a filter matches, with $text and the _id map. */
import { CollationSpec, keyString } from '../compare';
import { ErrorCodes, MongoError } from '../errors';
import { compileFilter, idCandidates } from '../query';
import { resultKey } from '../result-cache';
import type { Collection } from '../collection';
import { Doc, getPathValues, isNumeric, isPlainObject } from '../values';
import { optionalDocument } from './arguments';

/**
 * Top-level `$text` (mingo has no text search): OR of the search words, AND of
 * quoted phrases, minus negated words, case- and diacritic-insensitive, over
 * the fields of the collection's text index. No stemming or stop words.
 */
function textMatcher(collection: Collection, spec: unknown): (document: Doc) => boolean {
  const index = collection.indexes.find((candidate) =>
    candidate.fields.some(([, direction]) => direction === 'text'),
  );
  if (!index) throw new MongoError(ErrorCodes.IndexNotFound, 'text index required for $text query');
  if (!isPlainObject(spec) || typeof spec.$search !== 'string') {
    throw new MongoError(ErrorCodes.BadValue, '$text requires a $search string');
  }
  const normalize = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const fields = index.fields
    .filter(([, direction]) => direction === 'text')
    .map(([field]) => field);
  const search = normalize(spec.$search);
  const phrases = Array.from(search.matchAll(/"([^"]+)"/g), (match) => match[1]);
  const words = search
    .replace(/"[^"]*"/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  const negated = words.filter((word) => word.startsWith('-')).map((word) => word.slice(1));
  const terms = words.filter((word) => !word.startsWith('-'));
  return (document) => {
    const text = normalize(
      fields
        .flatMap((field) =>
          getPathValues(document, field).filter(
            (value): value is string => typeof value === 'string',
          ),
        )
        .join(' \n '),
    );
    const tokens = new Set(text.split(/[^\p{L}\p{N}]+/u));
    if (negated.some((word) => tokens.has(word))) return false;
    if (!phrases.every((phrase) => text.includes(phrase))) return false;
    return terms.length ? terms.some((word) => tokens.has(word)) : phrases.length > 0;
  };
}

/**
 * The one document a filter can match through a unique index: one whose every field the
 * filter asks to equal a string. A document matches such a filter only if one of its keys
 * in the index is those strings (an array field has a key per element), and a unique index
 * gives each key one owner. Gives null when no document holds the key; undefined when no
 * unique index serves the filter (or the query has its own collation), which then scans.
 */
function uniqueCandidate(
  collection: Collection,
  conditions: Doc,
  collation: CollationSpec | undefined,
): Doc | null | undefined {
  if (collation) return undefined;
  for (const index of collection.indexes) {
    if (!index.unique || index.isIdIndex || !index.complete || index.collation) continue;
    // Ascending or descending only (not text, hashed or geo).
    if (!index.fields.every(([, direction]) => isNumeric(direction))) continue;
    const values = index.fields.map(([field]) => conditions[field]);
    if (!values.every((value) => typeof value === 'string')) continue;
    const owner = index.entries.get(index.keyFor(values));
    return owner === undefined ? null : (collection.docs.get(owner) ?? null);
  }
  return undefined;
}

/**
 * Documents matching `filter` in natural order: through the _id map when the filter pins
 * _id, through a unique index's key map when it pins that key (at most one then), else by
 * a scan.
 */
export function* matching(
  collection: Collection | undefined,
  filter: unknown,
  collation?: CollationSpec,
): Generator<Doc> {
  if (!collection) return;
  let conditions = optionalDocument(filter, 'filter') ?? {};
  let text: ((document: Doc) => boolean) | undefined;
  if ('$text' in conditions) {
    const { $text, ...rest } = conditions;
    text = textMatcher(collection, $text);
    conditions = rest;
  }
  const ids = idCandidates(conditions);
  // A filter on _id alone is answered entirely by the hash map (findById); no matcher needed.
  const idOnly = ids && !collation && Object.keys(conditions).length === 1 && '_id' in conditions;
  const base = idOnly ? () => true : compileFilter(conditions, collation);
  const test = text ? (document: Doc) => text(document) && base(document) : base;
  if (ids) {
    const seen = new Set<string>();
    for (const id of ids) {
      const key = keyString(id);
      if (seen.has(key)) continue;
      seen.add(key);
      const document = collection.get(id);
      if (document && test(document)) yield document;
    }
    return;
  }
  const candidate = text ? undefined : uniqueCandidate(collection, conditions, collation);
  if (candidate !== undefined) {
    if (candidate && test(candidate)) yield candidate;
    return;
  }
  for (const document of collection.docs.values()) if (test(document)) yield document;
}

/** How many documents match `filter`, counted once until the collection next changes. */
export function countMatching(
  collection: Collection | undefined,
  filter: unknown,
  collation?: CollationSpec,
): number {
  const count = () => {
    let total = 0;
    for (const _ of matching(collection, filter, collation)) total++;
    return total;
  };
  return collection
    ? collection.results.answer(resultKey('count', { filter, collation }), count)
    : 0;
}
