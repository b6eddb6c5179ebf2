/**
 * The in-memory databases: each a map of collections (collection.ts), created, dropped and
 * renamed here, and the journal records that every change is reported as.
 */
import { Collection } from './collection';
import { ErrorCodes, MongoError } from './errors';
import type { Doc } from './values';

/**
 * One journal line. The short keys (c collection, d document, o options) are the on-disk
 * format of existing data directories, so they stay as they are.
 */
export type JournalRecord =
  | { op: 'i' | 'u'; db: string; c: string; d: Doc }
  | { op: 'd'; db: string; c: string; id: unknown }
  | { op: 'cc'; db: string; c: string; o: Doc }
  | { op: 'dc'; db: string; c: string }
  | { op: 'dd'; db: string }
  | { op: 'ci'; db: string; c: string; spec: Doc }
  | { op: 'di'; db: string; c: string; name: string }
  | { op: 'rc'; db: string; c: string; toDb: string; to: string };

export type Sink = (record: JournalRecord) => void;

const BAD_DB_CHARS = /[/\\. "$*<>:|?\0]/;

export function checkNamespace(db: string, collection?: string): void {
  if (!db || BAD_DB_CHARS.test(db) || db.length >= 64) {
    throw new MongoError(ErrorCodes.InvalidNamespace, `Invalid database name: '${db}'`);
  }
  if (
    collection !== undefined &&
    (collection === '' ||
      collection.includes('\0') ||
      collection.startsWith('.') ||
      collection.includes('$'))
  ) {
    throw new MongoError(ErrorCodes.InvalidNamespace, `Invalid collection name: ${collection}`);
  }
}

export class Engine {
  readonly dbs = new Map<string, Map<string, Collection>>();
  /** Replaced by the persistence layer; a no-op in memory-only mode. */
  sink: Sink = () => undefined;

  private readonly emit: Sink = (record) => this.sink(record);

  collection(db: string, name: string): Collection | undefined {
    return this.dbs.get(db)?.get(name);
  }

  collections(db: string): Collection[] {
    return Array.from(this.dbs.get(db)?.values() ?? []);
  }

  private put(db: string, name: string, options: Doc): Collection {
    let byName = this.dbs.get(db);
    if (!byName) {
      byName = new Map();
      this.dbs.set(db, byName);
    }
    const collection = new Collection(db, name, options, this.emit);
    byName.set(name, collection);
    return collection;
  }

  /** Implicit creation on first write, as MongoDB does. */
  ensureCollection(db: string, name: string): { collection: Collection; created: boolean } {
    const existing = this.collection(db, name);
    if (existing) return { collection: existing, created: false };
    checkNamespace(db, name);
    const collection = this.put(db, name, {});
    this.sink({ op: 'cc', db, c: name, o: {} });
    return { collection, created: true };
  }

  createCollection(db: string, name: string, options: Doc): Collection {
    checkNamespace(db, name);
    if (this.collection(db, name)) {
      throw new MongoError(ErrorCodes.NamespaceExists, `Collection ${db}.${name} already exists.`);
    }
    const collection = this.put(db, name, options);
    this.sink({ op: 'cc', db, c: name, o: options });
    return collection;
  }

  dropCollection(db: string, name: string): Collection | undefined {
    const collection = this.collection(db, name);
    if (!collection) return undefined;
    this.dbs.get(db)?.delete(name);
    if (this.dbs.get(db)?.size === 0) this.dbs.delete(db);
    this.sink({ op: 'dc', db, c: name });
    return collection;
  }

  dropDatabase(db: string): void {
    if (!this.dbs.has(db)) return;
    this.dbs.delete(db);
    this.sink({ op: 'dd', db });
  }

  renameCollection(db: string, name: string, toDb: string, to: string): void {
    const collection = this.collection(db, name);
    if (!collection) return;
    this.rawRename(db, name, toDb, to);
    this.sink({ op: 'rc', db, c: name, toDb, to });
  }

  private rawRename(db: string, name: string, toDb: string, to: string): void {
    const collection = this.collection(db, name);
    if (!collection) return;
    this.dbs.get(db)?.delete(name);
    if (this.dbs.get(db)?.size === 0) this.dbs.delete(db);
    const target = this.put(toDb, to, collection.options);
    for (const doc of collection.docs.values()) target.rawPut(doc);
    for (const index of collection.indexes.slice(1)) target.rawCreateIndex(index.spec);
    target.rebuildIndexes();
  }

  /** Applies a journal record during recovery. Records are idempotent "set state" operations. */
  applyRecord(record: JournalRecord): void {
    const raw = (db: string, collectionName: string) =>
      this.collection(db, collectionName) ?? this.put(db, collectionName, {});
    switch (record.op) {
      case 'i':
      case 'u':
        raw(record.db, record.c).rawPut(record.d);
        break;
      case 'd':
        this.collection(record.db, record.c)?.rawDelete(record.id);
        break;
      case 'cc':
        if (!this.collection(record.db, record.c)) this.put(record.db, record.c, record.o ?? {});
        break;
      case 'dc':
        this.dbs.get(record.db)?.delete(record.c);
        if (this.dbs.get(record.db)?.size === 0) this.dbs.delete(record.db);
        break;
      case 'dd':
        this.dbs.delete(record.db);
        break;
      case 'ci':
        raw(record.db, record.c).rawCreateIndex(record.spec);
        break;
      case 'di':
        this.collection(record.db, record.c)?.rawDropIndex(record.name);
        break;
      case 'rc':
        this.rawRename(record.db, record.c, record.toDb, record.to);
        break;
    }
  }

  /** Restores a collection from a snapshot. */
  loadCollection(db: string, name: string, options: Doc, indexSpecs: Doc[]): Collection {
    const collection = this.put(db, name, options);
    for (const spec of indexSpecs) if (spec.name !== '_id_') collection.rawCreateIndex(spec);
    return collection;
  }

  allCollections(): Collection[] {
    return Array.from(this.dbs.values()).flatMap((collections) => Array.from(collections.values()));
  }

  rebuildAllIndexes(): string[] {
    const problems: string[] = [];
    for (const collection of this.allCollections())
      for (const name of collection.rebuildIndexes())
        problems.push(`${collection.ns} index ${name}`);
    return problems;
  }
}
