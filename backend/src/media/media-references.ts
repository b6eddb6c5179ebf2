import { Types, isObjectIdOrHexString, type Connection, type Model, type Schema } from 'mongoose';
import type { Media } from './media.types';
import { QUERY_WRITES } from '../database/query-writes';

/** Stored image files are named `<20 hex digits>-<width>.webp`. */
const FILE_NAME = /([0-9a-f]{20})-\d+\.webp/g;

/** The ids of every image a document mentions, in any field: its own and its rich text's. */
export function mentionedMediaIds(document: unknown): string[] {
  const ids = new Set<string>();
  for (const [, id] of JSON.stringify(document ?? null).matchAll(FILE_NAME)) ids.add(id);
  return [...ids];
}

/** The images a document holds as its own (`{ id, variants }`), wherever they sit in it. */
export function storedImagesIn(value: unknown, found: Media[] = []): Media[] {
  if (Array.isArray(value)) {
    for (const item of value) storedImagesIn(item, found);
  } else if (value && typeof value === 'object' && !(value instanceof Date)) {
    const candidate = value as Partial<Media>;
    if (typeof candidate.id === 'string' && Array.isArray(candidate.variants)) {
      found.push(candidate as Media);
    } else {
      for (const nested of Object.values(value)) storedImagesIn(nested, found);
    }
  }
  return found;
}

/**
 * Which content mentions which image, recorded when the content is written: one document
 * per content document, `{ _id: 'products/<id>', mediaIds: [...] }`. Deciding that an
 * image is unused is then one indexed query, not a scan of every document.
 */
export const MEDIA_REFERENCES_COLLECTION = 'media_references';

const TRACKED = Symbol('recordsMediaReferences');

export interface MediaReference {
  _id: string;
  collection: string;
  mediaIds: string[];
  updatedAt?: Date;
}

/**
 * A write finishes well within this. A note older than it whose document does not exist was
 * left by a crash between noting what an insert would mention and the insert.
 */
export const UNFINISHED_WRITE_MS = 60 * 60_000;

function database(connection: Connection) {
  if (!connection.db) throw new Error('The database is not connected');
  return connection.db;
}

function references(connection: Connection) {
  return database(connection).collection<MediaReference>(MEDIA_REFERENCES_COLLECTION);
}

/**
 * Of `mediaIds`, the images content mentions: a reference counts while its document exists
 * or while it is young enough to be a write in progress. An older reference to a document
 * that is not there (a crash between the note and the insert) counts for nothing, and goes.
 * `now` sets how old references look.
 */
export async function usedMediaIds(
  connection: Connection,
  mediaIds: readonly string[],
  now = Date.now(),
): Promise<Set<string>> {
  if (mediaIds.length === 0) return new Set();
  const found = await references(connection)
    .find({ mediaIds: { $in: [...mediaIds] } }, { projection: { mediaIds: 1, updatedAt: 1 } })
    .toArray();
  const stale = found.filter(
    // A reference recorded before references had a time is as good as old.
    (reference) => (reference.updatedAt?.getTime() ?? 0) < now - UNFINISHED_WRITE_MS,
  );
  const dead = new Set(
    await absentDocuments(
      connection,
      stale.map((reference) => reference._id),
    ),
  );
  for (const reference of stale.filter((candidate) => dead.has(candidate._id))) {
    // Only as it was read: a write noting again in the meantime keeps its note.
    await references(connection).deleteOne({ _id: reference._id, updatedAt: reference.updatedAt });
  }
  const wanted = new Set(mediaIds);
  return new Set(
    found
      .filter((reference) => !dead.has(reference._id))
      .flatMap((reference) => reference.mediaIds.filter((id) => wanted.has(id))),
  );
}

/** Of the references' keys (`products/<id>`), those whose document does not exist. */
async function absentDocuments(connection: Connection, keys: readonly string[]): Promise<string[]> {
  const byCollection = new Map<string, string[]>();
  for (const key of keys) {
    const [collection, id] = splitKey(key);
    byCollection.set(collection, [...(byCollection.get(collection) ?? []), id]);
  }
  const absent: string[] = [];
  for (const [collection, ids] of byCollection) {
    const present = await database(connection)
      .collection(collection)
      .find({ _id: { $in: ids.flatMap(storedIdForms) as never[] } }, { projection: { _id: 1 } })
      .toArray();
    const existing = new Set(present.map((document) => String(document._id)));
    absent.push(...ids.filter((id) => !existing.has(id)).map((id) => `${collection}/${id}`));
  }
  return absent;
}

/** 'products/<id>' → ['products', '<id>']. */
export function splitKey(key: string): [collection: string, id: string] {
  const slash = key.indexOf('/');
  return [key.slice(0, slash), key.slice(slash + 1)];
}

/** A key holds its document's id as text; the document's _id may be that text or an ObjectId. */
export function storedIdForms(id: string): (string | Types.ObjectId)[] {
  return isObjectIdOrHexString(id) ? [id, new Types.ObjectId(id)] : [id];
}

/** Records what `document` of `model` mentions now (nothing, if it is gone). */
export async function recordReferences(
  model: Model<unknown>,
  id: unknown,
  document: unknown | null,
): Promise<void> {
  const collection = model.collection.collectionName;
  const key = `${collection}/${String(id)}`;
  const mediaIds = document ? mentionedMediaIds(document) : [];
  if (mediaIds.length === 0) {
    await references(model.db).deleteOne({ _id: key });
    return;
  }
  await references(model.db).updateOne(
    { _id: key },
    { $set: { collection, mediaIds, updatedAt: new Date() } },
    { upsert: true },
  );
}

/**
 * Adds `mediaIds` to what the document `id` of `model` is recorded to mention, before a
 * write that may make it mention them: should the process die between the write and
 * recordReferences after it, the images it shows are still recorded, and the orphan sweep
 * leaves them be. The record after the write sets the exact list again.
 */
async function noteReferences(
  model: Model<unknown>,
  id: unknown,
  mediaIds: readonly string[],
): Promise<void> {
  if (mediaIds.length === 0) return;
  const collection = model.collection.collectionName;
  await references(model.db).updateOne(
    { _id: `${collection}/${String(id)}` },
    {
      $set: { collection, updatedAt: new Date() },
      $addToSet: { mediaIds: { $each: [...mediaIds] } },
    },
    { upsert: true },
  );
}

/** Records the references of documents by id, reading each as it is after the write. */
async function recordByIds(model: Model<unknown>, ids: unknown[]): Promise<void> {
  for (const id of ids) {
    await recordReferences(model, id, await model.findById(id).lean().exec());
  }
}

export function isTracked(model: Model<unknown>): boolean {
  return (model.schema as unknown as Record<symbol, boolean>)[TRACKED] === true;
}

type Query = {
  model: Model<unknown>;
  getFilter(): Record<string, unknown>;
  getUpdate(): unknown;
  _referencedIds?: unknown[];
};

/**
 * A schema plugin: every write through the model records what the written documents
 * mention (see MEDIA_REFERENCES_COLLECTION). What a write adds is noted before it runs,
 * and the exact list is recorded after it, whether it succeeded or failed: a crash between
 * the two cannot leave an image shown but unrecorded, and a refused write leaves nothing
 * noted. Query writes note which documents they touch before running, and record those
 * documents as they are after. bulkWrite is not followed: keep it for fields that hold no
 * media (the gallery's order).
 */
export function recordsMediaReferences(schema: Schema): void {
  (schema as unknown as Record<symbol, boolean>)[TRACKED] = true;
  type Saved = { _id: unknown; constructor: unknown };
  schema.pre('save', async function (this: Saved) {
    await noteReferences(this.constructor as Model<unknown>, this._id, mentionedMediaIds(this));
  });
  schema.post('save', async function (document: Saved) {
    await recordReferences(document.constructor as Model<unknown>, document._id, document);
  });
  // Error handlers (mongoose tells them by their three parameters) run when a write fails.
  schema.post('save', async function (_error: unknown, document: Saved, _next: unknown) {
    await recordByIds(document.constructor as Model<unknown>, [document._id]);
  });
  schema.post(
    'deleteOne',
    { document: true, query: false },
    async function (this: { _id: unknown; constructor: unknown }) {
      await recordReferences(this.constructor as Model<unknown>, this._id, null);
    },
  );
  schema.pre(QUERY_WRITES, { document: false, query: true }, async function (this: Query) {
    const touched = await this.model.find(this.getFilter()).select('_id').lean().exec();
    this._referencedIds = (touched as { _id: unknown }[]).map((document) => document._id);
    const added = mentionedMediaIds(this.getUpdate());
    for (const id of this._referencedIds) await noteReferences(this.model, id, added);
  });
  schema.post(QUERY_WRITES, { document: false, query: true }, async function (this: Query) {
    await recordByIds(this.model, this._referencedIds ?? []);
  });
  schema.post(
    QUERY_WRITES,
    { document: false, query: true },
    async function (this: Query, _error: unknown, _result: unknown, _next: unknown) {
      await recordByIds(this.model, this._referencedIds ?? []);
    },
  );
  const inserted = (documents: unknown) => ([] as { _id?: unknown }[]).concat(documents as never);
  schema.pre('insertMany', async function (this: Model<unknown>, documents: unknown) {
    for (const document of inserted(documents)) {
      // The id the document will be stored under, so that what it mentions is noted first.
      document._id ??= new Types.ObjectId();
      await noteReferences(this, document._id, mentionedMediaIds(document));
    }
  });
  schema.post('insertMany', async function (this: Model<unknown>, documents: unknown) {
    for (const document of inserted(documents)) {
      await recordReferences(this, document._id, document);
    }
  });
  schema.post(
    'insertMany',
    async function (this: Model<unknown>, _error: unknown, documents: unknown, _next: unknown) {
      await recordByIds(
        this,
        inserted(documents).map((document) => document._id),
      );
    },
  );
}
