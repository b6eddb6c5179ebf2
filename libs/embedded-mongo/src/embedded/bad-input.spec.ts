/**
 * Malformed traffic over raw sockets: the server answers with an error or
 * closes that one connection, logs why, and keeps serving everyone else.
 */
import { MongoClient } from 'mongodb';
import { EmbeddedMongo, startEmbeddedMongo } from '../server';
import { OP_COMPRESSED, OP_MSG } from '../wire';
import { RawClient, bson, header, opMsg } from '../test-support/raw';
import { describeEmbeddedOnly } from '../test-support/target';

describeEmbeddedOnly('bad input over raw sockets', () => {
  let server: EmbeddedMongo;
  let client: MongoClient;
  const warnings: string[] = [];

  beforeAll(async () => {
    server = await startEmbeddedMongo({
      port: 0,
      logger: {
        info: () => undefined,
        warn: (m) => warnings.push(m),
        error: (m) => warnings.push(m),
      },
    });
    client = await MongoClient.connect(server.uri);
  });
  afterAll(async () => {
    await client?.close();
    await server?.stop();
  });

  /** The healthy driver connection must keep working after every bad client. */
  async function stillServing(): Promise<void> {
    expect(await client.db('admin').command({ ping: 1 })).toMatchObject({ ok: 1 });
    const raw = await RawClient.connect(server.port);
    expect((await raw.command(1, { ping: 1, $db: 'admin' })).doc).toMatchObject({ ok: 1 });
    raw.destroy();
  }

  it('closes the connection on a messageLength over 48 MB', async () => {
    const raw = await RawClient.connect(server.port);
    raw.send(header(60_000_000, 1, OP_MSG));
    expect(await raw.next()).toBe('closed');
    expect(warnings.some((w) => w.includes('invalid message length 60000000'))).toBe(true);
    await stillServing();
  });

  it('closes the connection on negative or too-small lengths', async () => {
    for (const len of [-1, 0, 7, 15]) {
      const raw = await RawClient.connect(server.port);
      const b = Buffer.alloc(16);
      b.writeInt32LE(len, 0);
      raw.send(b);
      expect(await raw.next()).toBe('closed');
    }
    await stillServing();
  });

  it('answers malformed BSON with an error reply and keeps the connection', async () => {
    const raw = await RawClient.connect(server.port);
    const bad = bson({ ping: 1, $db: 'admin' });
    bad[bad.length - 1] = 7; // documents must end with a 0x00 byte
    raw.send(opMsg(5, bad));
    const r = await raw.next();
    if (typeof r === 'string') throw new Error(r);
    expect(r.responseTo).toBe(5);
    expect(r.doc).toMatchObject({ ok: 0, code: 22, codeName: 'InvalidBSON' });
    // Framing was intact, so the same connection still works.
    expect((await raw.command(6, { ping: 1, $db: 'admin' })).doc.ok).toBe(1);
    raw.destroy();

    const raw2 = await RawClient.connect(server.port);
    const lying = bson({ ping: 1, $db: 'admin' });
    lying.writeInt32LE(9999, 0); // BSON length larger than the message
    raw2.send(opMsg(7, lying));
    const r2 = await raw2.next();
    expect(typeof r2 === 'string' ? r2 : r2.doc.code).toBe(22);
    raw2.destroy();
    await stillServing();
  });

  it('refuses OP_COMPRESSED by closing the connection', async () => {
    const raw = await RawClient.connect(server.port);
    const body = Buffer.alloc(9); // originalOpcode, uncompressedSize, compressorId
    raw.send(Buffer.concat([header(16 + body.length, 3, OP_COMPRESSED), body]));
    expect(await raw.next()).toBe('closed');
    expect(warnings.some((w) => w.includes('OP_COMPRESSED'))).toBe(true);
    await stillServing();
  });

  it('closes the connection on an unknown opcode (and on removed legacy opcodes)', async () => {
    for (const op of [9999, 2002]) {
      const raw = await RawClient.connect(server.port);
      raw.send(Buffer.concat([header(20, 4, op), Buffer.alloc(4)]));
      expect(await raw.next()).toBe('closed');
    }
    expect(warnings.some((w) => w.includes('unsupported opCode 9999'))).toBe(true);
    await stillServing();
  });

  it('survives unknown OP_MSG section kinds, missing bodies and truncated streams', async () => {
    const raw = await RawClient.connect(server.port);
    const flags = Buffer.alloc(4);
    const kind9 = Buffer.concat([flags, Buffer.from([9]), bson({ a: 1 })]);
    raw.send(Buffer.concat([header(16 + kind9.length, 8, OP_MSG), kind9]));
    const r = await raw.next();
    expect(typeof r === 'string' ? r : r.doc.ok).toBe(0);
    // An OP_MSG with flags but no sections cannot be answered sensibly: the connection is closed.
    raw.send(Buffer.concat([header(20, 9, OP_MSG), flags]));
    expect(await raw.next()).toBe('closed');
    // Half a message, then hang up.
    const raw2 = await RawClient.connect(server.port);
    raw2.send(opMsg(10, { ping: 1, $db: 'admin' }).subarray(0, 20));
    raw2.destroy();
    await stillServing();
  });

  it('replies to a command body over 16 MB + 16 KB with BSONObjectTooLarge', async () => {
    const raw = await RawClient.connect(server.port);
    const big = bson({
      insert: 'big',
      $db: 'test',
      documents: [{ s: 'x'.repeat(17 * 1024 * 1024) }],
    });
    raw.send(opMsg(11, big));
    const r = await raw.next(10_000);
    if (typeof r === 'string') throw new Error(r);
    expect(r.doc).toMatchObject({ ok: 0, code: 10334, codeName: 'BSONObjectTooLarge' });
    raw.destroy();
    await stillServing();
  });
});
