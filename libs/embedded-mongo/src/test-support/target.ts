/**
 * Where the conformance suites run: the embedded server by default, or a real
 * mongod when MONGODB_URI is set (each run then uses a unique database and
 * drops it afterwards).
 */
import { Db, MongoClient, MongoServerError } from 'mongodb';
import { startEmbeddedMongo } from '../server';
import type { EmbeddedMongo } from '../server';

export const EXTERNAL_URI = process.env.MONGODB_URI;
export const isExternal = !!EXTERNAL_URI;

export interface Target {
  /** Server URI without a database name. */
  uri: string;
  dbName: string;
  client: MongoClient;
  db: Db;
  embedded?: EmbeddedMongo;
  close(): Promise<void>;
}

export function uniqueDbName(label: string): string {
  return `emb_${label}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
}

export async function openTarget(label: string): Promise<Target> {
  let embedded: EmbeddedMongo | undefined;
  let uri: string;
  if (EXTERNAL_URI) {
    uri = EXTERNAL_URI;
  } else {
    embedded = await startEmbeddedMongo({ port: 0, logger: false });
    uri = embedded.uri;
  }
  const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5000 });
  const dbName = uniqueDbName(label);
  const db = client.db(dbName);
  return {
    uri,
    dbName,
    client,
    db,
    embedded,
    close: async () => {
      try {
        await db.dropDatabase();
      } finally {
        await client.close();
        await embedded?.stop();
      }
    },
  };
}

/**
 * The target for the tests of the enclosing file or describe block: opened before them, then
 * `prepare` run on it (fixtures), and closed after them. The returned object is filled in
 * before the first test runs.
 */
export function useTarget(label: string, prepare?: (target: Target) => Promise<void>): Target {
  const handle = {} as Target;
  beforeAll(async () => {
    Object.assign(handle, await openTarget(label));
    await prepare?.(handle);
  });
  afterAll(async () => {
    await handle.close?.();
  });
  return handle;
}

/** The server's error for an operation that must fail; anything else fails the test. */
export async function serverError(operation: Promise<unknown>): Promise<MongoServerError> {
  try {
    await operation;
  } catch (error) {
    if (error instanceof MongoServerError) return error;
    throw error;
  }
  throw new Error('expected the operation to fail');
}

/**
 * For suites that test this server itself (journal, lock file, raw bytes).
 * With MONGODB_URI set they are skipped, and say so.
 */
export function describeEmbeddedOnly(name: string, fn: () => void): void {
  if (isExternal) {
    const reason = 'it tests embedded-mongo internals and MONGODB_URI points at an external server';
    // Written straight to stderr: jest does not show console output of fully skipped files.
    process.stderr.write(`SKIPPED "${name}": ${reason}.\n`);
    describe.skip(`${name} [SKIPPED: ${reason}]`, fn);
  } else {
    describe(name, fn);
  }
}

/**
 * Loose document type for tests: the driver's default `Document` pins `_id`
 * to ObjectId, but the suites deliberately use numbers and strings too.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyDoc = { _id?: string | number | boolean | object | null; [key: string]: any };
