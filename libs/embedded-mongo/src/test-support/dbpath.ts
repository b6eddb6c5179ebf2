/** What the dbPath suites share: folders removed after them, logs, a stream of writes killed mid-way. */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { MongoClient } from 'mongodb';

/** A new folder at each call, all removed after the file's tests. */
export function useTmpDirs(prefix: string): () => string {
  const dirs: string[] = [];
  afterAll(() => {
    for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
  });
  return () => {
    const d = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
    dirs.push(d);
    return d;
  };
}

/** A logger that keeps its lines. */
export function capture() {
  const lines: string[] = [];
  const push = (m: string) => lines.push(m);
  return { logger: { info: push, warn: push, error: push }, lines };
}

/** Streams inserts from 4 concurrent writers; returns the ids the server acknowledged. */
export async function insertUntilKilled(
  uri: string,
  kill: () => void,
  minAcked: number,
): Promise<{ acked: Set<number>; attempted: number }> {
  const client = await MongoClient.connect(uri, {
    serverSelectionTimeoutMS: 2000,
    retryWrites: false,
  });
  const coll = client.db('dur').collection<{ _id: number; k: string; pad: string }>('stream');
  await coll.createIndex({ k: 1 }, { unique: true });
  const acked = new Set<number>();
  let next = 0;
  let killed = false;
  const writer = async () => {
    while (!killed) {
      const i = next++;
      try {
        await coll.insertOne(
          { _id: i, k: `k${i}`, pad: 'x'.repeat(200) },
          { writeConcern: { w: 1 } },
        );
        acked.add(i);
      } catch {
        return;
      }
      if (acked.size >= minAcked && !killed) {
        killed = true;
        kill(); // writes from the other writers are still in flight
      }
    }
  };
  await Promise.all([writer(), writer(), writer(), writer()]);
  await client.close(true).catch(() => undefined);
  return { acked, attempted: next };
}

export async function verifyAfterRestart(
  uri: string,
  acked: Set<number>,
  attempted: number,
): Promise<void> {
  const client = await MongoClient.connect(uri, { serverSelectionTimeoutMS: 5000 });
  try {
    const coll = client.db('dur').collection<{ _id: number; k: string }>('stream');
    const ids = (await coll.find({}, { projection: { _id: 1 } }).toArray()).map((d) => d._id);
    const present = new Set(ids);
    const lost = [...acked].filter((i) => !present.has(i));
    expect(lost).toEqual([]);
    // Unacknowledged writes may or may not be there, but nothing that was never sent.
    expect(ids.every((i) => i < attempted)).toBe(true);
    const indexes = await coll.listIndexes().toArray();
    expect(indexes.map((i) => i.name)).toContain('k_1');
    await expect(coll.insertOne({ _id: -1, k: 'k0' })).rejects.toMatchObject({ code: 11000 });
  } finally {
    await client.close();
  }
}
