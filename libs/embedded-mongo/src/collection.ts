/**
 * One collection in memory: its documents, its indexes and the answers kept for its reads.
 *
 * Documents are kept in a Map keyed by the canonical string of their _id, so
 * `_id` lookups are hash lookups and the Map's insertion order is the natural
 * order. Stored documents are never mutated: an update builds a new object
 * and swaps it in, which keeps cached query views valid and makes a failed
 * update leave nothing behind.
 *
 * Only unique indexes keep a key map (to enforce uniqueness); other indexes
 * are metadata (queries scan). Every mutation is reported to `sink` so the
 * persistence layer can journal it.
 */
import { UUID, calculateObjectSize } from 'bson';
import { keyString } from './compare';
import { ErrorCodes, MongoError } from './errors';
import { Index, indexOptionsKey, indexSignature } from './indexes';
import { ResultCache } from './result-cache';
import type { Sink } from './storage';
import { Doc, formatValue } from './values';

export const MAX_BSON_SIZE = 16 * 1024 * 1024;

const ID_INDEX_SPEC: Doc = { v: 2, key: { _id: 1 }, name: '_id_' };

export class Collection {
  readonly docs = new Map<string, Doc>();
  readonly indexes: Index[] = [new Index(ID_INDEX_SPEC)];
  readonly uuid = new UUID();
  /** Answers to reads since the last change: every method below that changes anything empties it. */
  readonly results = new ResultCache();

  constructor(
    readonly db: string,
    public name: string,
    readonly options: Doc,
    private readonly sink: Sink,
  ) {}

  get ns(): string {
    return `${this.db}.${this.name}`;
  }

  get(id: unknown): Doc | undefined {
    return this.docs.get(keyString(id));
  }

  all(): Doc[] {
    return Array.from(this.docs.values());
  }

  get size(): number {
    return this.docs.size;
  }

  private uniqueIndexes(): Index[] {
    return this.indexes.filter((index) => index.unique && !index.isIdIndex);
  }

  /** Throws E11000 if `doc` would collide with a document other than `selfKey`. */
  private checkUnique(doc: Doc, selfKey: string | undefined): void {
    const idKey = keyString(doc._id);
    if (idKey !== selfKey && this.docs.has(idKey))
      throw this.indexes[0].duplicateError(this.ns, [doc._id]);
    for (const index of this.uniqueIndexes()) {
      for (const { key, values } of index.keysOf(doc)) {
        const owner = index.entries.get(key);
        if (owner !== undefined && owner !== selfKey) throw index.duplicateError(this.ns, values);
      }
    }
  }

  private addKeys(doc: Doc, idKey: string): void {
    for (const index of this.uniqueIndexes())
      for (const { key } of index.keysOf(doc)) index.entries.set(key, idKey);
  }

  private removeKeys(doc: Doc, idKey: string): void {
    for (const index of this.uniqueIndexes()) {
      for (const { key } of index.keysOf(doc))
        if (index.entries.get(key) === idKey) index.entries.delete(key);
    }
  }

  insert(doc: Doc): void {
    checkStorable(doc, 'insert');
    this.checkUnique(doc, undefined);
    const idKey = keyString(doc._id);
    this.results.clear();
    this.docs.set(idKey, doc);
    this.addKeys(doc, idKey);
    this.sink({ op: 'i', db: this.db, c: this.name, d: doc });
  }

  /** Swaps `oldDoc` for `newDoc` (same _id) after size and uniqueness checks. */
  replace(oldDoc: Doc, newDoc: Doc): void {
    checkStorable(newDoc, 'update');
    const idKey = keyString(oldDoc._id);
    this.removeKeys(oldDoc, idKey);
    try {
      this.checkUnique(newDoc, idKey);
    } catch (error) {
      this.addKeys(oldDoc, idKey);
      throw error;
    }
    this.results.clear();
    this.docs.set(idKey, newDoc);
    this.addKeys(newDoc, idKey);
    this.sink({ op: 'u', db: this.db, c: this.name, d: newDoc });
  }

  remove(doc: Doc): void {
    const idKey = keyString(doc._id);
    if (!this.docs.delete(idKey)) return;
    this.results.clear();
    this.removeKeys(doc, idKey);
    this.sink({ op: 'd', db: this.db, c: this.name, id: doc._id });
  }

  findIndex(name: string): Index | undefined {
    return this.indexes.find((index) => index.name === name);
  }

  /** Returns false when an identical index already exists. */
  createIndex(spec: Doc): boolean {
    const requested = new Index(spec);
    for (const existing of this.indexes) {
      const sameKey =
        keyString(existing.spec.key) === keyString(spec.key) &&
        Object.keys(existing.spec.key as Doc).join() === Object.keys(spec.key as Doc).join();
      const sameOptions = indexOptionsKey(existing.spec) === indexOptionsKey(spec);
      if (existing.name === requested.name) {
        if (!sameKey) {
          throw new MongoError(
            ErrorCodes.IndexKeySpecsConflict,
            `An existing index has the same name as the requested index. When index names are not specified, they are auto generated and can cause conflicts. Please refer to our documentation. Requested index: ${formatValue(spec)}, existing index: ${formatValue(existing.spec)}`,
          );
        }
        if (!sameOptions) {
          throw new MongoError(
            ErrorCodes.IndexOptionsConflict,
            `An equivalent index already exists with the same name but different options. Requested index: ${formatValue(spec)}, existing index: ${formatValue(existing.spec)}`,
          );
        }
        return false;
      }
      if (sameKey && indexSignature(existing.spec) === indexSignature(spec)) {
        throw new MongoError(
          ErrorCodes.IndexOptionsConflict,
          `Index already exists with a different name: ${existing.name}`,
        );
      }
    }
    if (requested.unique) {
      for (const [idKey, doc] of this.docs) {
        for (const { key, values } of requested.keysOf(doc)) {
          const owner = requested.entries.get(key);
          if (owner !== undefined && owner !== idKey) {
            const dup = requested.duplicateError(this.ns, values);
            throw new MongoError(
              ErrorCodes.DuplicateKey,
              `Index build failed: ${this.uuid.toHexString()}: Collection ${this.ns} ( ${this.uuid.toHexString()} ) :: caused by :: ${dup.message}`,
              dup.extra,
            );
          }
          requested.entries.set(key, idKey);
        }
      }
    } else {
      // Still surfaces parallel-array errors like MongoDB's index build would.
      for (const doc of this.docs.values()) requested.keysOf(doc);
    }
    this.indexes.push(requested);
    this.results.clear();
    this.sink({ op: 'ci', db: this.db, c: this.name, spec });
    return true;
  }

  dropIndex(name: string): void {
    const position = this.indexes.findIndex((index) => index.name === name);
    if (position <= 0) return;
    this.indexes.splice(position, 1);
    this.results.clear();
    this.sink({ op: 'di', db: this.db, c: this.name, name });
  }

  // ---- replay (no checks, no journaling)

  rawPut(doc: Doc): void {
    this.results.clear();
    this.docs.set(keyString(doc._id), doc);
  }

  rawDelete(id: unknown): void {
    this.results.clear();
    this.docs.delete(keyString(id));
  }

  rawCreateIndex(spec: Doc): void {
    if (!this.findIndex(String(spec.name))) this.indexes.push(new Index(spec));
    this.results.clear();
  }

  rawDropIndex(name: string): void {
    const position = this.indexes.findIndex((index) => index.name === name);
    if (position > 0) this.indexes.splice(position, 1);
    this.results.clear();
  }

  /** Rebuilds unique-key maps after replay; returns index names that had duplicates. */
  rebuildIndexes(): string[] {
    const broken: string[] = [];
    for (const index of this.uniqueIndexes()) {
      index.entries.clear();
      for (const [idKey, doc] of this.docs) {
        for (const { key } of index.keysOf(doc)) {
          if (index.entries.has(key) && !broken.includes(index.name)) broken.push(index.name);
          index.entries.set(key, idKey);
        }
      }
    }
    return broken;
  }
}

function checkStorable(doc: Doc, what: 'insert' | 'update'): void {
  const size = calculateObjectSize(doc);
  if (size > MAX_BSON_SIZE) {
    if (what === 'insert') {
      throw new MongoError(
        ErrorCodes.BadValue,
        `object to insert too large. size in bytes: ${size}, max size: ${MAX_BSON_SIZE}`,
      );
    }
    throw new MongoError(
      ErrorCodes.Location17419,
      `Resulting document after update is larger than ${MAX_BSON_SIZE}`,
    );
  }
}
