/** Unit tests for framing, which every other test depends on implicitly. */
import { deserialize } from 'bson';
import { FrameReader, ProtocolError, encodeMsgReply, parseMessage } from './wire';
import { opMsg } from './test-support/raw';

describe('FrameReader', () => {
  it('reassembles messages split into 1-byte chunks and several messages in one chunk', () => {
    const a = opMsg(1, { ping: 1, $db: 'admin' });
    const b = opMsg(2, { hello: 1, $db: 'admin' });
    const reader = new FrameReader();
    const out: Buffer[] = [];
    for (const byte of a) out.push(...reader.push(Buffer.from([byte])));
    expect(out).toHaveLength(1);
    expect(out[0].equals(a)).toBe(true);
    const both = reader.push(Buffer.concat([b, a]));
    expect(both.map((m) => m.readInt32LE(4))).toEqual([2, 1]);
  });

  it('rejects lengths outside 16..48,000,000 before buffering', () => {
    for (const len of [-5, 0, 15, 48_000_001]) {
      const b = Buffer.alloc(4);
      b.writeInt32LE(len);
      expect(() => new FrameReader().push(b)).toThrow(ProtocolError);
    }
  });
});

describe('OP_MSG parsing', () => {
  it('folds document sequences into the command body', () => {
    const msg = parseMessage(
      opMsg(7, { insert: 'c', $db: 'x' }, { sequences: [['documents', [{ a: 1 }, { a: 2 }]]] }),
    );
    expect(msg.body.documents).toHaveLength(2);
    expect(msg.requestId).toBe(7);
    expect(msg.moreToCome).toBe(false);
  });

  it('reads moreToCome and skips the checksum', () => {
    const msg = parseMessage(opMsg(8, { ping: 1, $db: 'x' }, { flags: 2, checksum: true }));
    expect(msg.moreToCome).toBe(true);
    expect(Object.keys(msg.body)).toEqual(['ping', '$db']);
  });

  it('encodes replies that answer the request id', () => {
    const r = encodeMsgReply(42, { ok: 1 });
    expect(r.readInt32LE(0)).toBe(r.length);
    expect(r.readInt32LE(8)).toBe(42);
    expect(r.readInt32LE(12)).toBe(2013);
    expect(deserialize(r.subarray(21))).toEqual({ ok: 1 });
  });
});
