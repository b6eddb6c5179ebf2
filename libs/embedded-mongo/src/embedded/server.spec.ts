/** Behaviour specific to the embedded server: handshake details, raw framing features, lifecycle, cursor expiry, TTL. */
import { waitUntil } from '@vitrine/testing';
import { MongoClient } from 'mongodb';
import mongoose from 'mongoose';
import { parseArgs } from '../cli';
import { startEmbeddedMongo } from '../server';
import { RawClient, opMsg, opQuery } from '../test-support/raw';
import { AnyDoc, describeEmbeddedOnly } from '../test-support/target';

describeEmbeddedOnly('embedded server', () => {
  it('returns a mongodb:// uri with its credentials and without a database, and a uriFor helper', async () => {
    const s = await startEmbeddedMongo({ logger: false });
    try {
      const { username, password } = s.credentials;
      expect(password).toMatch(/^[\w-]{32}$/);
      expect(s.uri).toBe(`mongodb://${username}:${password}@127.0.0.1:${s.port}/`);
      expect(s.uriFor('vitrine')).toBe(`${s.uri}vitrine`);
      expect(s.port).toBeGreaterThan(0);
    } finally {
      await s.stop();
    }
  });

  it('hello: maxWireVersion 21, no topologyVersion (driver polls) and no compression', async () => {
    const s = await startEmbeddedMongo({ logger: false });
    const client = await MongoClient.connect(s.uri, { compressors: ['zlib'] });
    try {
      const hello = await client.db('admin').command({ hello: 1, compression: ['zlib'] });
      expect(hello.maxWireVersion).toBe(21);
      expect(hello).not.toHaveProperty('topologyVersion');
      expect(hello).not.toHaveProperty('compression');
      // Even with compressors requested, traffic stays uncompressed and works.
      expect(await client.db('x').collection<AnyDoc>('c').insertOne({ a: 1 })).toMatchObject({
        acknowledged: true,
      });
      const build = await client.db('admin').command({ buildInfo: 1 });
      expect(build.version).toBe('7.0.0');
      expect(build.versionArray).toEqual([7, 0, 0, 0]);
    } finally {
      await client.close();
      await s.stop();
    }
  });

  it('answers the legacy OP_QUERY handshake with OP_REPLY and refuses other OP_QUERY commands', async () => {
    const s = await startEmbeddedMongo({ logger: false });
    const raw = await RawClient.connect(s.port);
    try {
      raw.send(opQuery(1, 'admin.$cmd', { isMaster: 1, helloOk: true }));
      const r = await raw.next();
      if (typeof r === 'string') throw new Error(r);
      expect(r.opCode).toBe(1);
      expect(r.responseTo).toBe(1);
      expect(r.doc).toMatchObject({ ismaster: true, helloOk: true, maxWireVersion: 21, ok: 1 });
      raw.send(opQuery(2, 'admin.$cmd', { $query: { hello: 1 } }));
      const r2 = await raw.next();
      expect(typeof r2 !== 'string' && r2.doc.isWritablePrimary).toBe(true);
      raw.send(opQuery(3, 'test.$cmd', { find: 'c' }));
      const r3 = await raw.next();
      expect(typeof r3 !== 'string' && r3.doc).toMatchObject({ ok: 0, code: 352 });
    } finally {
      raw.destroy();
      await s.stop();
    }
  });

  it('honours moreToCome (no reply), checksumPresent and document sequences', async () => {
    const s = await startEmbeddedMongo({ logger: false });
    const raw = await RawClient.connect(s.port);
    try {
      await raw.authenticate(1, s.credentials.username, s.credentials.password);
      raw.send(
        opMsg(
          10,
          { insert: 'seq', $db: 'test', writeConcern: { w: 0 } },
          { flags: 2, sequences: [['documents', [{ _id: 1 }, { _id: 2 }]]] },
        ),
      );
      raw.send(opMsg(11, { count: 'seq', $db: 'test' }, { checksum: true }));
      const r = await raw.next();
      if (typeof r === 'string') throw new Error(r);
      expect(r.responseTo).toBe(11); // nothing came back for request 10
      expect(r.doc).toMatchObject({ n: 2, ok: 1 });

      const client = await MongoClient.connect(s.uri);
      await client
        .db('test')
        .collection<AnyDoc>('seq')
        .insertOne({ _id: 3 }, { writeConcern: { w: 0 } });
      expect(await client.db('test').collection<AnyDoc>('seq').countDocuments()).toBe(3);
      await client.close();
    } finally {
      raw.destroy();
      await s.stop();
    }
  });

  it('stop() closes client sockets promptly; mongoose disconnect does not hang', async () => {
    const s = await startEmbeddedMongo({ logger: false });
    // Server selection, the connect's included, may take this long: 500 ms was not enough for
    // the first handshake with the test's own process at a load average of 14 on two cores.
    // After stop() the read below fails once it is over.
    const selection = { serverSelectionTimeoutMS: 5000 };
    let client: MongoClient | undefined;
    let m: mongoose.Connection | undefined;
    try {
      client = await MongoClient.connect(s.uri, selection);
      m = await mongoose.createConnection(s.uriFor('lifecycle'), selection).asPromise();
      expect(m.readyState).toBe(1);
      await client.db('t').collection<AnyDoc>('c').insertOne({ a: 1 });
      const raw = await RawClient.connect(s.port);
      const started = Date.now();
      await s.stop();
      expect(Date.now() - started).toBeLessThan(1000);
      await raw.closedPromise;
      await expect(client.db('t').collection<AnyDoc>('c').findOne({})).rejects.toThrow();
      const closing = Date.now();
      await m.close();
      await client.close();
      expect(Date.now() - closing).toBeLessThan(2000);
    } finally {
      // Stopping twice is harmless; and a failure above leaves no server keeping jest running.
      await s.stop();
      await m?.close();
      await client?.close();
    }
  });

  it('expires idle cursors', async () => {
    const s = await startEmbeddedMongo({ logger: false, cursorTimeoutMs: 100 });
    const client = await MongoClient.connect(s.uri);
    try {
      const db = client.db('t');
      await db.collection<AnyDoc>('c').insertMany(Array.from({ length: 10 }, (_, i) => ({ i })));
      const r = await db.command({ find: 'c', batchSize: 2 });
      // Watched through serverStatus, as on mongod: a getMore would keep the cursor alive.
      const cursors = async () =>
        (await client.db('admin').command({ serverStatus: 1 })).metrics.cursor;
      await waitUntil(async () => Number((await cursors()).timedOut) === 1, 5_000, 'a timeout', 20);
      expect(Number((await cursors()).open.total)).toBe(0);
      await expect(db.command({ getMore: r.cursor.id, collection: 'c' })).rejects.toMatchObject({
        code: 43,
      });
    } finally {
      await client.close();
      await s.stop();
    }
  });

  it('removes expired documents through TTL indexes', async () => {
    const s = await startEmbeddedMongo({ logger: false, ttlIntervalMs: 50 });
    const client = await MongoClient.connect(s.uri);
    try {
      const c = client.db('t').collection<AnyDoc>('sessions');
      await c.createIndex({ at: 1 }, { expireAfterSeconds: 60 });
      await c.insertMany([
        { at: new Date(Date.now() - 3_600_000) },
        { at: new Date() },
        { at: 'not a date' },
      ]);
      await waitUntil(async () => (await c.countDocuments()) < 3, 5_000, 'a TTL pass', 20);
      expect(await c.countDocuments()).toBe(2);
      // One pass judged all three: the recent date and the value that is no date stay.
      expect((await c.find().toArray()).map((doc) => typeof doc.at)).toEqual(['object', 'string']);
    } finally {
      await client.close();
      await s.stop();
    }
  });

  it('fails to start when the port is taken', async () => {
    const a = await startEmbeddedMongo({ logger: false });
    try {
      await expect(startEmbeddedMongo({ port: a.port, logger: false })).rejects.toThrow(
        /EADDRINUSE/,
      );
    } finally {
      await a.stop();
    }
  });

  it('parses CLI arguments', () => {
    expect(parseArgs(['--port', '0', '--dbpath', '/tmp/x'])).toMatchObject({
      port: 0,
      dbPath: '/tmp/x',
    });
    expect(parseArgs(['--port=27018'])).toMatchObject({ port: 27018 });
    expect(parseArgs([]).port).toBe(27017);
    expect(parseArgs([]).dbPath).toBeUndefined();
  });
});
