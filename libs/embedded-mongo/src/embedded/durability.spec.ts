/**
 * Persistence with dbPath: acknowledged writes survive `kill -9`, a damaged
 * journal tail is detected and dropped with a warning, and compaction + restart
 * keeps data and indexes. The lock file's tests are in lock.spec.ts.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Decimal128, Double, Int32, MongoClient } from 'mongodb';
import { frame, readFrames } from '../journal';
import { parseLockOwner } from '../lock';
import { startEmbeddedMongo } from '../server';
import { startServerProcess } from '../test-support/child';
import { capture, insertUntilKilled, useTmpDirs, verifyAfterRestart } from '../test-support/dbpath';
import { AnyDoc, describeEmbeddedOnly } from '../test-support/target';

const tmpDir = useTmpDirs('emb-durability-');

describeEmbeddedOnly('durability (dbPath)', () => {
  it('keeps every acknowledged write across kill -9 (journal replay)', async () => {
    const dbPath = tmpDir();
    const a = await startServerProcess(dbPath);
    const { acked, attempted } = await insertUntilKilled(a.uri, () => a.proc.kill('SIGKILL'), 400);
    await a.exited;
    expect(acked.size).toBeGreaterThanOrEqual(400);
    expect(parseLockOwner(fs.readFileSync(path.join(dbPath, 'mongod.lock'), 'utf8'))).toEqual({
      pid: a.proc.pid,
      startTime: expect.stringMatching(/^\d+$/),
      host: '127.0.0.1',
      port: Number(new URL(a.uri).port),
    });

    const b = await startServerProcess(dbPath);
    try {
      expect(b.output()).toMatch(/taking over stale lock file .* \(pid \d+ is not running\)/);
      await verifyAfterRestart(b.uri, acked, attempted);
    } finally {
      b.proc.kill('SIGTERM');
      expect(await b.exited).toBe(0);
    }
  });

  it('keeps every acknowledged write across kill -9 while compacting often (snapshot + journal)', async () => {
    const dbPath = tmpDir();
    const a = await startServerProcess(dbPath, ['--journal-compact-bytes', '20000']);
    const { acked, attempted } = await insertUntilKilled(a.uri, () => a.proc.kill('SIGKILL'), 600);
    await a.exited;
    expect(fs.existsSync(path.join(dbPath, 'snapshot.bson'))).toBe(true);
    const b = await startServerProcess(dbPath);
    try {
      await verifyAfterRestart(b.uri, acked, attempted);
    } finally {
      b.proc.kill('SIGTERM');
      await b.exited;
    }
  });

  it('detects a corrupt or truncated journal tail, warns, and loads everything before it', async () => {
    const dbPath = tmpDir();
    const a = await startServerProcess(dbPath);
    const client = await MongoClient.connect(a.uri);
    const coll = client.db('dur').collection<AnyDoc>('tail');
    for (let i = 0; i < 50; i++) await coll.insertOne({ _id: i });
    await client.close();
    a.proc.kill('SIGKILL');
    await a.exited;
    const journal = path.join(dbPath, 'journal.bson');
    const size = fs.statSync(journal).size;
    expect(size).toBeGreaterThan(0);

    // Case 1: garbage appended after the last record (a torn write).
    const garbled = tmpDir();
    fs.cpSync(dbPath, garbled, { recursive: true });
    fs.appendFileSync(
      path.join(garbled, 'journal.bson'),
      Buffer.from('this is not a journal record at all!!'),
    );
    const log1 = capture();
    const s1 = await startEmbeddedMongo({ dbPath: garbled, logger: log1.logger });
    try {
      expect(log1.lines.some((l) => /journal .*ignoring the last 37 byte\(s\)/.test(l))).toBe(true);
      expect(log1.lines.some((l) => /taking over stale lock file/.test(l))).toBe(true);
      expect(fs.statSync(path.join(garbled, 'journal.bson')).size).toBe(size); // tail truncated away
      const c1 = await MongoClient.connect(s1.uri);
      expect(await c1.db('dur').collection<AnyDoc>('tail').countDocuments()).toBe(50);
      await c1.close();
    } finally {
      await s1.stop();
    }

    // Case 2: the last record cut short (crash in the middle of a write).
    const cut = tmpDir();
    fs.cpSync(dbPath, cut, { recursive: true });
    fs.truncateSync(path.join(cut, 'journal.bson'), size - 5);
    const log2 = capture();
    const s2 = await startEmbeddedMongo({ dbPath: cut, logger: log2.logger });
    try {
      expect(log2.lines.some((l) => /journal .*truncated record/.test(l))).toBe(true);
      const c2 = await MongoClient.connect(s2.uri);
      const ids = (
        await c2.db('dur').collection<AnyDoc>('tail').find().sort({ _id: 1 }).toArray()
      ).map((d) => d._id);
      expect(ids).toEqual(Array.from({ length: 49 }, (_, i) => i)); // only the damaged last record is gone
      await c2.close();
    } finally {
      await s2.stop();
    }

    // Case 3: a flipped byte inside the last record fails its CRC.
    const flipped = tmpDir();
    fs.cpSync(dbPath, flipped, { recursive: true });
    const buf = fs.readFileSync(path.join(flipped, 'journal.bson'));
    buf[buf.length - 3] ^= 0xff;
    fs.writeFileSync(path.join(flipped, 'journal.bson'), buf);
    const log3 = capture();
    const s3 = await startEmbeddedMongo({ dbPath: flipped, logger: log3.logger });
    try {
      expect(log3.lines.some((l) => /checksum mismatch/.test(l))).toBe(true);
      const c3 = await MongoClient.connect(s3.uri);
      expect(await c3.db('dur').collection<AnyDoc>('tail').countDocuments()).toBe(49);
      await c3.close();
    } finally {
      await s3.stop();
    }
  });

  it('skips journal records already covered by the snapshot (crash between rename and truncate)', async () => {
    const dbPath = tmpDir();
    const s1 = await startEmbeddedMongo({ dbPath, logger: false });
    const c1 = await MongoClient.connect(s1.uri);
    await c1
      .db('app')
      .collection<AnyDoc>('c')
      .insertMany([{ _id: 1 }, { _id: 2 }]);
    await c1.close();
    await s1.stop(); // snapshot written, journal truncated
    const [meta] = readFrames(fs.readFileSync(path.join(dbPath, 'snapshot.bson'))).docs;
    const seq = Number(meta.seq);
    // Records the snapshot already contains (s <= seq) plus one genuinely new record.
    fs.writeFileSync(
      path.join(dbPath, 'journal.bson'),
      Buffer.concat([
        frame({ s: seq - 1, op: 'd', db: 'app', c: 'c', id: 1 }),
        frame({ s: seq, op: 'i', db: 'app', c: 'c', d: { _id: 'stale' } }),
        frame({ s: seq + 1, op: 'i', db: 'app', c: 'c', d: { _id: 3 } }),
      ]),
    );
    const s2 = await startEmbeddedMongo({ dbPath, logger: false });
    const c2 = await MongoClient.connect(s2.uri);
    try {
      const ids = (await c2.db('app').collection<AnyDoc>('c').find().toArray()).map((d) => d._id);
      expect(ids).toEqual([1, 2, 3]);
    } finally {
      await c2.close();
      await s2.stop();
    }
  });

  it('keeps collections renamed aside and into place across kill -9, with their indexes (journal replay)', async () => {
    // A restore's switch: the site's collection renamed aside, the staged one renamed to
    // its name. Each rename is one journal record, so a crash keeps it whole or not at all.
    const dbPath = tmpDir();
    const a = await startServerProcess(dbPath);
    const c1 = await MongoClient.connect(a.uri);
    const db = c1.db('app');
    await db.collection<AnyDoc>('products').insertOne({ _id: 1, name: 'old' });
    const staged = db.collection<AnyDoc>('restore-0123abcd.products');
    await staged.insertMany([
      { _id: 1, name: 'new' },
      { _id: 2, name: 'newer' },
    ]);
    await staged.createIndex({ name: 1 }, { unique: true });
    await db.renameCollection('products', 'replaced-0123abcd.products');
    await db.renameCollection('restore-0123abcd.products', 'products');
    await c1.close();
    a.proc.kill('SIGKILL');
    await a.exited;

    const b = await startEmbeddedMongo({ dbPath, logger: false });
    const c2 = await MongoClient.connect(b.uri);
    try {
      const names = (await c2.db('app').listCollections().toArray()).map((c) => c.name).sort();
      expect(names).toEqual(['products', 'replaced-0123abcd.products']);
      const products = c2.db('app').collection<AnyDoc>('products');
      expect(await products.find().sort({ _id: 1 }).toArray()).toEqual([
        { _id: 1, name: 'new' },
        { _id: 2, name: 'newer' },
      ]);
      await expect(products.insertOne({ _id: 3, name: 'new' })).rejects.toMatchObject({
        code: 11000,
      });
      expect(
        await c2.db('app').collection<AnyDoc>('replaced-0123abcd.products').findOne({ _id: 1 }),
      ).toEqual({ _id: 1, name: 'old' });
    } finally {
      await c2.close();
      await b.stop();
    }
  });

  it('compacts into a snapshot and restarts with data, types and indexes intact', async () => {
    const dbPath = tmpDir();
    const s1 = await startEmbeddedMongo({ dbPath, logger: false, journalCompactBytes: 16 * 1024 });
    const c1 = await MongoClient.connect(s1.uri);
    const coll = c1.db('app').collection<AnyDoc>('items');
    await coll.createIndex({ sku: 1 }, { unique: true, name: 'sku_unique' });
    await coll.createIndex({ tag: 1, n: -1 }, { sparse: true });
    for (let b = 0; b < 10; b++) {
      await coll.insertMany(
        Array.from({ length: 100 }, (_, i) => ({
          _id: b * 100 + i,
          sku: `s${b * 100 + i}`,
          n: new Int32(i),
          tag: `t${i % 7}`,
        })),
      );
    }
    await coll.updateMany(
      { _id: { $lt: 10 } },
      { $set: { price: Decimal128.fromString('9.99'), ratio: new Double(1) } },
    );
    await coll.deleteMany({ _id: { $gte: 990 } });
    await c1.db('app').createCollection('empty_but_kept');
    const stats = s1.storageStats();
    expect(stats.snapshotBytes).toBeGreaterThan(0);
    expect(stats.journalBytes).toBeLessThan(64 * 1024);
    await c1.close();
    await s1.stop();

    const s2 = await startEmbeddedMongo({ dbPath, logger: false });
    const c2 = await MongoClient.connect(s2.uri);
    try {
      const items = c2.db('app').collection<AnyDoc>('items');
      expect(await items.countDocuments()).toBe(990);
      const d = await items.findOne({ _id: 3 }, { promoteValues: false });
      expect(d?.n).toBeInstanceOf(Int32);
      expect(d?.price).toBeInstanceOf(Decimal128);
      expect(d?.price.toString()).toBe('9.99');
      expect(d?.ratio).toBeInstanceOf(Double);
      expect((await items.listIndexes().toArray()).map((i) => i.name)).toEqual([
        '_id_',
        'sku_unique',
        'tag_1_n_-1',
      ]);
      await expect(items.insertOne({ sku: 's5' })).rejects.toMatchObject({ code: 11000 });
      expect(
        (await c2.db('app').listCollections({}, { nameOnly: true }).toArray())
          .map((c) => c.name)
          .sort(),
      ).toEqual(['empty_but_kept', 'items']);
    } finally {
      await c2.close();
      await s2.stop();
    }
  });
});
