import crypto from 'node:crypto';
import type { Connection, Schema } from 'mongoose';
import { QUERY_WRITES } from '../database/query-writes';

/**
 * The content version: one document that every write to public content changes. Every API
 * instance watches it, so a write through any of them empties the public caches of all of
 * them, and `GET /api/content-version` tells other caches (the shell's rendered pages)
 * when what they keep has gone stale.
 */
export const CONTENT_VERSION_COLLECTION = 'content_version';
const THE_VERSION = 'public';
/** The event a connection emits, in this process, when a write here changed the version. */
export const CONTENT_CHANGED = 'vitrine:content-changed';

export interface VersionDocument {
  _id: string;
  /** Random per database: a version never repeats after the database is replaced. */
  epoch: string;
  seq: number;
}

export const asVersion = (document: VersionDocument) => `${document.epoch}.${document.seq}`;

export function versions(connection: Connection) {
  if (!connection.db) throw new Error('The database is not connected');
  return connection.db.collection<VersionDocument>(CONTENT_VERSION_COLLECTION);
}

/** Reads the version, creating it on a new database. */
export async function readContentVersion(connection: Connection): Promise<string> {
  const collection = versions(connection);
  const found = await collection.findOne({ _id: THE_VERSION });
  if (found) return asVersion(found);
  try {
    await collection.insertOne({
      _id: THE_VERSION,
      epoch: crypto.randomBytes(6).toString('hex'),
      seq: 0,
    });
  } catch (error) {
    // Another instance created it first; theirs is the one.
    if ((error as { code?: unknown }).code !== 11000) throw error;
  }
  const created = await collection.findOne({ _id: THE_VERSION });
  if (!created) throw new Error('The content version could not be created');
  return asVersion(created);
}

/** Moves the version on, tells this process, and gives the new version. */
export async function bumpContentVersion(connection: Connection): Promise<string> {
  const bump = () =>
    versions(connection).findOneAndUpdate(
      { _id: THE_VERSION },
      { $inc: { seq: 1 }, $setOnInsert: { epoch: crypto.randomBytes(6).toString('hex') } },
      { upsert: true, returnDocument: 'after' },
    );
  // Two first bumps on a new database race to insert; the loser's retry updates.
  const updated = await bump().catch((error: unknown) => {
    if ((error as { code?: unknown }).code === 11000) return bump();
    throw error;
  });
  if (!updated) throw new Error('The content version could not be moved on');
  const version = asVersion(updated);
  connection.emit(CONTENT_CHANGED, version);
  return version;
}

/**
 * Moves the version on after a change that is already done (a write, a deleted file), which
 * must not be reported as failed because of it: if the version cannot be moved, this
 * instance drops its caches anyway and the others' entries expire after their lifetime.
 */
export async function movePublicContentOn(connection: Connection): Promise<void> {
  try {
    await bumpContentVersion(connection);
  } catch {
    connection.emit(CONTENT_CHANGED, undefined);
  }
}

/** Every way mongoose writes: documents, queries and models. */
const DOCUMENT_WRITES: ('save' | 'deleteOne' | 'updateOne')[] = ['save', 'deleteOne', 'updateOne'];
/**
 * A schema plugin for the collections visitors see: any write through its model, from a
 * route, a job, a seed or a restore, moves the content version on before the write's
 * promise resolves. So an administrator's save is never followed by a stale read on this
 * instance, and other instances see it at their next check. Declaring it on the schema
 * rather than on routes means a new way of writing cannot forget it, whatever the URL's
 * letter case.
 */
export function changesPublicContent(schema: Schema): void {
  schema.post(DOCUMENT_WRITES, { document: true, query: false }, async function () {
    await movePublicContentOn((this as unknown as { db: Connection }).db);
  });
  schema.post(QUERY_WRITES, { document: false, query: true }, async function () {
    await movePublicContentOn((this as unknown as { model: { db: Connection } }).model.db);
  });
  for (const write of ['insertMany', 'bulkWrite'] as const) {
    schema.post(write, async function () {
      await movePublicContentOn((this as unknown as { db: Connection }).db);
    });
  }
}
