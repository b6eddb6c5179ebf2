/**
 * In-memory databases, collections and indexes.
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
import { Index } from './indexes';
import { Doc, formatValue, isNumeric, toNumber } from './values';

export const MAX_BSON_SIZE = 16 * 1024 * 1024;

export type JournalRecord =
  | { op: 'i' | 'u'; db: string; c: string; d: Doc }
  | { op: 'd'; db: string; c: string; id: unknown }
  | { op: 'cc'; db: string; c: string; o: Doc }
  | { op: 'dc'; db: string; c: string }
  | { op: 'dd'; db: string }
  | { op: 'ci'; db: string; c: string; spec: Doc }
  | { op: 'di'; db: string; c: string; name: string }
  | { op: 'rc'; db: string; c: string; toDb: string; to: string };

export type Sink = (rec: JournalRecord) => void;

const ID_INDEX_SPEC: Doc = { v: 2, key: { _id: 1 }, name: '_id_' };

// ---------------------------------------------------------------- collections

export class Collection {
  readonly docs = new Map<string, Doc>();
  readonly indexes: Index[] = [new Index(ID_INDEX_SPEC)];
  readonly uuid = new UUID();

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
    return this.indexes.filter((i) => i.unique && !i.isIdIndex);
  }

  /** Throws E11000 if `doc` would collide with a document other than `selfKey`. */
  private checkUnique(doc: Doc, selfKey: string | undefined): void {
    const idKey = keyString(doc._id);
    if (idKey !== selfKey && this.docs.has(idKey))
      throw this.indexes[0].duplicateError(this.ns, [doc._id]);
    for (const idx of this.uniqueIndexes()) {
      for (const { key, values } of idx.keysOf(doc)) {
        const owner = idx.entries.get(key);
        if (owner !== undefined && owner !== selfKey) throw idx.duplicateError(this.ns, values);
      }
    }
  }

  private addKeys(doc: Doc, idKey: string): void {
    for (const idx of this.uniqueIndexes())
      for (const { key } of idx.keysOf(doc)) idx.entries.set(key, idKey);
  }

  private removeKeys(doc: Doc, idKey: string): void {
    for (const idx of this.uniqueIndexes()) {
      for (const { key } of idx.keysOf(doc))
        if (idx.entries.get(key) === idKey) idx.entries.delete(key);
    }
  }

  insert(doc: Doc): void {
    checkStorable(doc, 'insert');
    this.checkUnique(doc, undefined);
    const idKey = keyString(doc._id);
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
    } catch (e) {
      this.addKeys(oldDoc, idKey);
      throw e;
    }
    this.docs.set(idKey, newDoc);
    this.addKeys(newDoc, idKey);
    this.sink({ op: 'u', db: this.db, c: this.name, d: newDoc });
  }

  remove(doc: Doc): void {
    const idKey = keyString(doc._id);
    if (!this.docs.delete(idKey)) return;
    this.removeKeys(doc, idKey);
    this.sink({ op: 'd', db: this.db, c: this.name, id: doc._id });
  }

  findIndex(name: string): Index | undefined {
    return this.indexes.find((i) => i.name === name);
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
    this.sink({ op: 'ci', db: this.db, c: this.name, spec });
    return true;
  }

  dropIndex(name: string): void {
    const i = this.indexes.findIndex((x) => x.name === name);
    if (i <= 0) return;
    this.indexes.splice(i, 1);
    this.sink({ op: 'di', db: this.db, c: this.name, name });
  }

  // ---- replay (no checks, no journaling)

  rawPut(doc: Doc): void {
    this.docs.set(keyString(doc._id), doc);
  }

  rawDelete(id: unknown): void {
    this.docs.delete(keyString(id));
  }

  rawCreateIndex(spec: Doc): void {
    if (!this.findIndex(String(spec.name))) this.indexes.push(new Index(spec));
  }

  rawDropIndex(name: string): void {
    const i = this.indexes.findIndex((x) => x.name === name);
    if (i > 0) this.indexes.splice(i, 1);
  }

  /** Rebuilds unique-key maps after replay; returns index names that had duplicates. */
  rebuildIndexes(): string[] {
    const broken: string[] = [];
    for (const idx of this.uniqueIndexes()) {
      idx.entries.clear();
      for (const [idKey, doc] of this.docs) {
        for (const { key } of idx.keysOf(doc)) {
          if (idx.entries.has(key) && !broken.includes(idx.name)) broken.push(idx.name);
          idx.entries.set(key, idKey);
        }
      }
    }
    return broken;
  }
}

function indexSignature(spec: Doc): string {
  return keyString({
    collation: spec.collation ?? null,
    partial: spec.partialFilterExpression ?? null,
  });
}

function indexOptionsKey(spec: Doc): string {
  const flag = (v: unknown) => v === true || (isNumeric(v) && toNumber(v) !== 0);
  return keyString({
    unique: flag(spec.unique),
    sparse: flag(spec.sparse),
    sig: indexSignature(spec),
    ttl: spec.expireAfterSeconds ?? null,
  });
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

// ---------------------------------------------------------------- engine

const BAD_DB_CHARS = /[/\\. "$*<>:|?\0]/;

export function checkNamespace(db: string, coll?: string): void {
  if (!db || BAD_DB_CHARS.test(db) || db.length >= 64) {
    throw new MongoError(ErrorCodes.InvalidNamespace, `Invalid database name: '${db}'`);
  }
  if (
    coll !== undefined &&
    (coll === '' || coll.includes('\0') || coll.startsWith('.') || coll.includes('$'))
  ) {
    throw new MongoError(ErrorCodes.InvalidNamespace, `Invalid collection name: ${coll}`);
  }
}

export class Engine {
  readonly dbs = new Map<string, Map<string, Collection>>();
  /** Replaced by the persistence layer; a no-op in memory-only mode. */
  sink: Sink = () => undefined;

  private readonly emit: Sink = (rec) => this.sink(rec);

  collection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  collections(db: string): Collection[] {
    return Array.from(this.dbs.get(db)?.values() ?? []);
  }

  private put(db: string, name: string, options: Doc): Collection {
    let colls = this.dbs.get(db);
    if (!colls) {
      colls = new Map();
      this.dbs.set(db, colls);
    }
    const c = new Collection(db, name, options, this.emit);
    colls.set(name, c);
    return c;
  }

  /** Implicit creation on first write, as MongoDB does. */
  ensureCollection(db: string, name: string): { coll: Collection; created: boolean } {
    const existing = this.collection(db, name);
    if (existing) return { coll: existing, created: false };
    checkNamespace(db, name);
    const coll = this.put(db, name, {});
    this.sink({ op: 'cc', db, c: name, o: {} });
    return { coll, created: true };
  }

  createCollection(db: string, name: string, options: Doc): Collection {
    checkNamespace(db, name);
    if (this.collection(db, name)) {
      throw new MongoError(ErrorCodes.NamespaceExists, `Collection ${db}.${name} already exists.`);
    }
    const coll = this.put(db, name, options);
    this.sink({ op: 'cc', db, c: name, o: options });
    return coll;
  }

  dropCollection(db: string, name: string): Collection | undefined {
    const coll = this.collection(db, name);
    if (!coll) return undefined;
    this.dbs.get(db)?.delete(name);
    if (this.dbs.get(db)?.size === 0) this.dbs.delete(db);
    this.sink({ op: 'dc', db, c: name });
    return coll;
  }

  dropDatabase(db: string): void {
    if (!this.dbs.has(db)) return;
    this.dbs.delete(db);
    this.sink({ op: 'dd', db });
  }

  renameCollection(db: string, name: string, toDb: string, to: string): void {
    const coll = this.collection(db, name);
    if (!coll) return;
    this.rawRename(db, name, toDb, to);
    this.sink({ op: 'rc', db, c: name, toDb, to });
  }

  private rawRename(db: string, name: string, toDb: string, to: string): void {
    const coll = this.collection(db, name);
    if (!coll) return;
    this.dbs.get(db)?.delete(name);
    if (this.dbs.get(db)?.size === 0) this.dbs.delete(db);
    const target = this.put(toDb, to, coll.options);
    for (const d of coll.docs.values()) target.rawPut(d);
    for (const idx of coll.indexes.slice(1)) target.rawCreateIndex(idx.spec);
    target.rebuildIndexes();
  }

  /** Applies a journal record during recovery. Records are idempotent "set state" operations. */
  applyRecord(rec: JournalRecord): void {
    const raw = (db: string, c: string) => this.collection(db, c) ?? this.put(db, c, {});
    switch (rec.op) {
      case 'i':
      case 'u':
        raw(rec.db, rec.c).rawPut(rec.d);
        break;
      case 'd':
        this.collection(rec.db, rec.c)?.rawDelete(rec.id);
        break;
      case 'cc':
        if (!this.collection(rec.db, rec.c)) this.put(rec.db, rec.c, rec.o ?? {});
        break;
      case 'dc':
        this.dbs.get(rec.db)?.delete(rec.c);
        if (this.dbs.get(rec.db)?.size === 0) this.dbs.delete(rec.db);
        break;
      case 'dd':
        this.dbs.delete(rec.db);
        break;
      case 'ci':
        raw(rec.db, rec.c).rawCreateIndex(rec.spec);
        break;
      case 'di':
        this.collection(rec.db, rec.c)?.rawDropIndex(rec.name);
        break;
      case 'rc':
        this.rawRename(rec.db, rec.c, rec.toDb, rec.to);
        break;
    }
  }

  /** Restores a collection from a snapshot. */
  loadCollection(db: string, name: string, options: Doc, indexSpecs: Doc[]): Collection {
    const c = this.put(db, name, options);
    for (const spec of indexSpecs) if (spec.name !== '_id_') c.rawCreateIndex(spec);
    return c;
  }

  allCollections(): Collection[] {
    return Array.from(this.dbs.values()).flatMap((m) => Array.from(m.values()));
  }

  rebuildAllIndexes(): string[] {
    const problems: string[] = [];
    for (const c of this.allCollections())
      for (const name of c.rebuildIndexes()) problems.push(`${c.ns} index ${name}`);
    return problems;
  }
}
