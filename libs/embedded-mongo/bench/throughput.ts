/**
 * Throughput through the official driver, memory and dbPath modes.
 *   node -r @swc-node/register libs/embedded-mongo/bench/throughput.ts [N]
 * Prints insertOne and findById ops/s (sequential and 8 concurrent clients)
 * and the journal/snapshot sizes after N inserts.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { parseArgs } from 'node:util';
import { MongoClient, ObjectId } from 'mongodb';
import { startEmbeddedMongo } from '../src';

const [count = '10000'] = parseArgs({ allowPositionals: true }).positionals;
const N = Number(count);
const CONCURRENCY = 8;

function doc(i: number) {
  return {
    _id: new ObjectId(),
    i,
    name: `user ${i}`,
    email: `user${i}@example.com`,
    tags: ['a', 'b'],
    createdAt: new Date(),
  };
}

async function timed(label: string, ops: number, fn: () => Promise<void>): Promise<number> {
  const t0 = process.hrtime.bigint();
  await fn();
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  const rate = Math.round((ops / ms) * 1000);
  console.log(
    `  ${label.padEnd(34)} ${String(rate).padStart(7)} ops/s  (${ops} ops in ${ms.toFixed(0)} ms)`,
  );
  return rate;
}

async function parallel(total: number, worker: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      for (let i = next++; i < total; i = next++) await worker(i);
    }),
  );
}

async function run(mode: 'memory' | 'dbPath'): Promise<void> {
  const dbPath =
    mode === 'dbPath' ? fs.mkdtempSync(path.join(os.tmpdir(), 'emb-bench-')) : undefined;
  const server = await startEmbeddedMongo({ dbPath, logger: false });
  const client = await MongoClient.connect(server.uriFor('bench'), { maxPoolSize: CONCURRENCY });
  const coll = client.db().collection('users');
  console.log(`\n${mode}${dbPath ? ` (${dbPath})` : ''}:`);

  const docs = Array.from({ length: N }, (_, i) => doc(i));
  await timed('insertOne, sequential', N, async () => {
    for (const d of docs) await coll.insertOne(d);
  });
  const sizesAfterInserts = server.storageStats();
  const docs2 = Array.from({ length: N }, (_, i) => doc(N + i));
  await timed(`insertOne, ${CONCURRENCY} concurrent`, N, () =>
    parallel(N, async (i) => void (await coll.insertOne(docs2[i]))),
  );

  const ids = docs.map((d) => d._id);
  await timed('findById (findOne {_id}), sequential', N, async () => {
    for (let i = 0; i < N; i++) await coll.findOne({ _id: ids[(i * 7919) % N] });
  });
  await timed(`findById, ${CONCURRENCY} concurrent`, N, () =>
    parallel(N, async (i) => void (await coll.findOne({ _id: ids[(i * 7919) % N] }))),
  );

  await client.close();
  await server.stop();
  if (dbPath) {
    const size = (f: string) =>
      fs.existsSync(path.join(dbPath, f)) ? fs.statSync(path.join(dbPath, f)).size : 0;
    console.log(
      `  after the first ${N} inserts: journal ${sizesAfterInserts.journalBytes} bytes, snapshot ${sizesAfterInserts.snapshotBytes} bytes`,
    );
    console.log(
      `  after ${2 * N} inserts and a clean stop (compacted): journal ${size('journal.bson')} bytes, snapshot ${size('snapshot.bson')} bytes`,
    );
    fs.rmSync(dbPath, { recursive: true, force: true });
  }
}

(async () => {
  console.log(
    `embedded-mongo throughput, N=${N}, node ${process.version}, ${os.cpus().length} cpu(s)`,
  );
  await run('memory');
  await run('dbPath');
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
