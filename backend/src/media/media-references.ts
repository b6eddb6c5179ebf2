import { Types, type Connection, type Model, type Schema } from 'mongoose';
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
  updatedAt: Date;
}

function references(connection: Connection) {
  if (!connection.db) throw new Error('The database is not connected');
  return connection.db.collection<MediaReference>(MEDIA_REFERENCES_COLLECTION);
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
