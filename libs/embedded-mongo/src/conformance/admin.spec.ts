/** Handshake, diagnostics, unknown commands and the standalone transaction refusal. */
import { Document, MongoServerError } from 'mongodb';
import { AnyDoc, serverError, useTarget } from '../test-support/target';

let hello: Document;
const t = useTarget('admin', async ({ client }) => {
  hello = await client.db('admin').command({ hello: 1 });
});

const admin = () => t.client.db('admin');

describe('handshake and diagnostics', () => {
  it('hello describes a writable primary with MongoDB limits', () => {
    expect(hello).toMatchObject({
      isWritablePrimary: true,
      maxBsonObjectSize: 16777216,
      maxMessageSizeBytes: 48000000,
      maxWriteBatchSize: 100000,
      logicalSessionTimeoutMinutes: 30,
      minWireVersion: 0,
      readOnly: false,
      ok: 1,
    });
    expect(hello.maxWireVersion).toBeGreaterThanOrEqual(9);
    expect(hello.localTime).toBeInstanceOf(Date);
    expect(typeof hello.connectionId).toBe('number');
  });

  it('legacy isMaster answers ismaster and helloOk', async () => {
    const r = await admin().command({ isMaster: 1, helloOk: true });
    expect(r).toMatchObject({ ismaster: true, helloOk: true, ok: 1 });
  });

  it('ping, buildInfo, getParameter, serverStatus, connectionStatus, hostInfo, whatsmyuri, getCmdLineOpts, listCommands', async () => {
    expect(await admin().command({ ping: 1 })).toMatchObject({ ok: 1 });
    const build = await admin().command({ buildInfo: 1 });
    expect(typeof build.version).toBe('string');
    expect(build.versionArray).toHaveLength(4);
    expect(build.versionArray[0]).toBeGreaterThanOrEqual(4);
    const fcv = await admin().command({ getParameter: 1, featureCompatibilityVersion: 1 });
    expect(typeof fcv.featureCompatibilityVersion.version).toBe('string');
    const status = await admin().command({ serverStatus: 1 });
    expect(status).toMatchObject({ ok: 1, process: expect.stringMatching(/mongo/) });
    expect(status.connections.current).toBeGreaterThanOrEqual(1);
    const conn = await admin().command({ connectionStatus: 1 });
    expect(conn.authInfo).toBeDefined();
    const host = await admin().command({ hostInfo: 1 });
    expect(host.system).toBeDefined();
    const me = await admin().command({ whatsmyuri: 1 });
    expect(me.you).toMatch(/:\d+$/);
    const opts = await admin().command({ getCmdLineOpts: 1 });
    expect(Array.isArray(opts.argv)).toBe(true);
    const cmds = await admin().command({ listCommands: 1 });
    expect(cmds.commands.find).toBeDefined();
    expect(cmds.commands.aggregate).toBeDefined();
  });

  it('endSessions is accepted', async () => {
    const session = t.client.startSession();
    await t.db.collection<AnyDoc>('s').insertOne({ a: 1 }, { session });
    await session.endSession();
    expect(await admin().command({ endSessions: [] })).toMatchObject({ ok: 1 });
  });

  it('unknown commands fail with 59 CommandNotFound', async () => {
    const err = await serverError(t.db.command({ frobnicate: 1 }));
    expect(err.code).toBe(59);
    expect(err.codeName).toBe('CommandNotFound');
    expect(err.message).toBe("no such command: 'frobnicate'");
  });
});

describe('transactions on a standalone server', () => {
  // A replica set supports transactions, so these expectations only hold for a standalone server.
  const standalone = () => hello.setName === undefined && hello.msg !== 'isdbgrid';

  it('refuses startTransaction with 20 IllegalOperation', async () => {
    if (!standalone()) {
      console.log(
        'SKIPPED transaction refusal check: MONGODB_URI points at a replica set or mongos, which supports transactions.',
      );
      return;
    }
    const session = t.client.startSession();
    try {
      session.startTransaction();
      const err = await serverError(
        t.db.collection<AnyDoc>('txn').insertOne({ a: 1 }, { session }),
      );
      // The driver rewraps this server error as "does not support retryable writes", keeping the original.
      const original =
        (err as MongoServerError & { originalError?: MongoServerError }).originalError ?? err;
      expect(original.code).toBe(20);
      expect(original.codeName).toBe('IllegalOperation');
      expect(original.message).toBe(
        'Transaction numbers are only allowed on a replica set member or mongos',
      );
      await session.abortTransaction().catch(() => undefined);
    } finally {
      await session.endSession();
    }
    expect(await t.db.collection<AnyDoc>('txn').countDocuments()).toBe(0);
  });

  it('refuses commitTransaction and abortTransaction', async () => {
    if (!standalone()) return;
    const commit = await serverError(
      admin().command({ commitTransaction: 1, txnNumber: 1, autocommit: false }),
    );
    expect(commit.code).toBe(20);
    const abort = await serverError(
      admin().command({ abortTransaction: 1, txnNumber: 1, autocommit: false }),
    );
    expect(abort.code).toBe(20);
  });
});
