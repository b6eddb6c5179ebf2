/** Unit tests for framing, which every other test depends on implicitly. */
import { Double, Int32, Long, ObjectId, deserialize, serialize } from 'bson';
import {
  DESERIALIZE_OPTIONS,
  FrameReader,
  OP_MSG,
  ProtocolError,
  bsonOf,
  encodeMsgReply,
  encodeMsgReplyPieces,
  parseMessage,
} from './wire';
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
    expect(r.readInt32LE(12)).toBe(OP_MSG);
    expect(deserialize(r.subarray(21))).toEqual({ ok: 1 });
  });
});

describe('cursor replies', () => {
  const stored = (i: number) =>
    deserialize(
      serialize({
        _id: new ObjectId(),
        name: `Stoff ${i} – ünïcode`,
        n: new Int32(i),
        price: new Double(12.5),
        big: Long.fromNumber(2 ** 40),
        at: new Date(1_700_000_000_000 + i),
        tags: ['a', { deep: [1, 2, null] }],
      }),
      DESERIALIZE_OPTIONS,
    );

  it('sends exactly the bytes serialize() gives, from documents encoded once', () => {
    const docs = Array.from({ length: 12 }, (_, i) => stored(i));
    for (const [batchKey, id] of [
      ['firstBatch', Long.fromNumber(123456789012)],
      ['nextBatch', Long.ZERO],
    ] as const) {
      const reply = { cursor: { [batchKey]: docs, id, ns: 'shop.produits' }, ok: 1 };
      const fast = encodeMsgReply(7, reply).subarray(16 + 5);
      const plain = serialize(reply, { ignoreUndefined: true });
      expect(Buffer.from(fast).equals(Buffer.from(plain))).toBe(true);
    }
    expect(bsonOf(docs[3])).toBe(bsonOf(docs[3]));
  });

  it("sends a batch as its documents' own bytes, uncopied, the first time", () => {
    const docs = Object.freeze(Array.from({ length: 5 }, (_, i) => stored(i)));
    const reply = { cursor: { firstBatch: docs, id: Long.ZERO, ns: 'shop.items' }, ok: 1 };
    const pieces = encodeMsgReplyPieces(1, reply);
    for (const doc of docs) expect(pieces).toContain(bsonOf(doc));
    expect(
      Buffer.concat(pieces)
        .subarray(16 + 5)
        .equals(Buffer.from(serialize(reply))),
    ).toBe(true);
    expect(Buffer.concat(pieces).readInt32LE(0)).toBe(Buffer.concat(pieces).length);
  });

  it("writes a cached answer's reply sent again from one buffer joined once, every time", () => {
    const docs = Object.freeze(Array.from({ length: 5 }, (_, i) => stored(i)));
    const reply = () => ({ cursor: { firstBatch: docs, id: Long.ZERO, ns: 'shop.items' }, ok: 1 });
    encodeMsgReplyPieces(1, reply());
    const second = encodeMsgReplyPieces(2, reply());
    const third = encodeMsgReplyPieces(3, reply());
    expect(second).toHaveLength(2);
    expect(third[1]).toBe(second[1]);
    for (const [pieces, requestId] of [
      [second, 2],
      [third, 3],
    ] as const) {
      const message = Buffer.concat(pieces);
      expect(message.subarray(16 + 5).equals(Buffer.from(serialize(reply())))).toBe(true);
      expect(message.readInt32LE(0)).toBe(message.length);
      expect(message.readInt32LE(8)).toBe(requestId);
      expect(message.readInt32LE(12)).toBe(OP_MSG);
      expect(message.subarray(16, 21).equals(Buffer.alloc(5))).toBe(true);
    }
  });

  it("sends a cached answer's batch under another name, cursor or namespace as its own reply", () => {
    const docs = Object.freeze(Array.from({ length: 3 }, (_, i) => stored(i)));
    const first = { cursor: { firstBatch: docs, id: Long.ZERO, ns: 'shop.items' }, ok: 1 };
    encodeMsgReplyPieces(1, first);
    encodeMsgReplyPieces(2, first);
    for (const reply of [
      { cursor: { nextBatch: docs, id: Long.ZERO, ns: 'shop.items' }, ok: 1 },
      { cursor: { firstBatch: docs, id: Long.fromNumber(77), ns: 'shop.items' }, ok: 1 },
      { cursor: { firstBatch: docs, id: Long.ZERO, ns: 'shop.other' }, ok: 1 },
    ]) {
      for (const requestId of [3, 4]) {
        const body = Buffer.concat(encodeMsgReplyPieces(requestId, reply)).subarray(16 + 5);
        expect(body.equals(Buffer.from(serialize(reply)))).toBe(true);
      }
    }
  });

  it('sends the bytes serialize() gives for an empty batch and for a long one', () => {
    for (const length of [0, 1, 300]) {
      const docs = Array.from({ length }, (_, i) => stored(i));
      const reply = { cursor: { nextBatch: docs, id: Long.fromNumber(42), ns: 'a.b' }, ok: 1 };
      const body = encodeMsgReply(1, reply).subarray(16 + 5);
      expect(body.equals(Buffer.from(serialize(reply)))).toBe(true);
    }
  });

  it('encodes any other reply the ordinary way', () => {
    const reply = { cursor: { firstBatch: [], id: Long.ZERO, ns: 'a.b' }, ok: 1, extra: true };
    const body = encodeMsgReply(1, reply).subarray(16 + 5);
    expect(deserialize(body)).toEqual({
      cursor: { firstBatch: [], id: 0, ns: 'a.b' },
      ok: 1,
      extra: true,
    });
  });
});
