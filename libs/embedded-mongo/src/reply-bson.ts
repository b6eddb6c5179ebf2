/**
 * Replies' BSON, written around the bytes of documents encoded once: a stored document
 * (bsonOf) and a cached answer's whole batch (batchBson) are encoded at their first read.
 */
import { calculateObjectSize, serialize } from 'bson';
import type { Long } from 'bson';
import { bsonTag, isPlainObject } from './values';
import type { Doc } from './values';

export function toBson(doc: Doc): Buffer {
  const bytes = serialize(doc, { ignoreUndefined: true });
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
}

/** Documents up to this size keep their encoding (GridFS chunks and the like do not). */
const CACHED_BSON_BYTES = 64 * 1024;
const encoded = new WeakMap<Doc, Buffer>();

/**
 * A document's BSON, encoded once: stored documents are never changed in place (an update
 * swaps in a new object), so the bytes stay right for as long as the object lives, and
 * every later read of it sends them as they are instead of encoding the document again.
 */
export function bsonOf(doc: Doc): Buffer {
  let bytes = encoded.get(doc);
  if (!bytes) {
    bytes = toBson(doc);
    if (bytes.length <= CACHED_BSON_BYTES) encoded.set(doc, bytes);
  }
  return bytes;
}

/** A document's BSON size: its encoding's, if kept, else counted without encoding it. */
export function bsonSize(doc: Doc): number {
  return encoded.get(doc)?.length ?? calculateObjectSize(doc, { ignoreUndefined: true });
}

/** Encoded batches (BSON arrays) and whole replies up to this size are kept with their frozen array. */
const CACHED_BATCH_BYTES = 4 * 1024 * 1024;
const encodedBatches = new WeakMap<Doc[], Buffer>();
/**
 * The whole reply to a cached answer sent in one batch (cursor id 0): its bytes after the
 * message's header are the same at every read, so they are kept joined and sent as they are.
 */
const encodedReplies = new WeakMap<Doc[], { batchKey: string; ns: string; bytes: Buffer }>();
/** Frozen batches sent once, as pieces: the second time they are joined and kept. */
const sentOnce = new WeakSet<Doc[]>();
/** Batches up to this many documents go out as pieces; longer ones are joined (one piece). */
const MAX_PIECES_BATCH = 128;

/** The byte that ends a BSON document. */
const TERMINATOR = Buffer.from([0]);

/**
 * An array element's header for a document, `0x03 "index" 0x00`: kept for the indexes of a
 * batch sent as pieces (up to MAX_PIECES_BATCH), made afresh past them, so that what is kept
 * does not grow with the longest batch ever joined.
 */
const elementHeaders: Buffer[] = [];
function elementHeader(index: number): Buffer {
  if (index >= MAX_PIECES_BATCH) return Buffer.from(`\x03${index}\x00`, 'latin1');
  return (elementHeaders[index] ??= Buffer.from(`\x03${index}\x00`, 'latin1'));
}

/**
 * A batch as a BSON array, `{ "0": doc, "1": doc, … }`, around the documents' own bytes
 * (bsonOf), as the pieces to write. A batch sent once (a new question's answer, a getMore)
 * goes out as its documents' bytes with the element headers between them, none copied:
 * joining them into one buffer per reply cost more (an allocation as big as the reply, and
 * its collection) than the rest of a new find (bench/queries.ts's "find: a new filter every
 * call" row). A frozen batch (a cached answer, see result-cache.ts) that is sent a second
 * time is joined once and kept (if `keep`: not when its whole reply is kept), and every
 * later reply sends that one buffer. Undefined if an element is not a document.
 */
function batchPieces(batch: Doc[], keep: boolean): Buffer[] | undefined {
  const cached = encodedBatches.get(batch);
  if (cached) return [cached];
  if (!batch.every(isPlainObject)) return undefined;
  const docs = batch.map(bsonOf);
  let length = 4 + 1;
  docs.forEach((doc, index) => (length += 1 + String(index).length + 1 + doc.length));
  const frozen = Object.isFrozen(batch);
  const join = keep && frozen && length <= CACHED_BATCH_BYTES && sentOnce.has(batch);
  if (!join && batch.length <= MAX_PIECES_BATCH) {
    if (frozen) sentOnce.add(batch);
    const size = Buffer.allocUnsafe(4);
    size.writeInt32LE(length, 0);
    const pieces: Buffer[] = [size];
    docs.forEach((doc, index) => pieces.push(elementHeader(index), doc));
    pieces.push(TERMINATOR);
    return pieces;
  }
  const out = Buffer.allocUnsafe(length);
  let at = out.writeInt32LE(length, 0);
  docs.forEach((doc, index) => {
    at += elementHeader(index).copy(out, at);
    at += doc.copy(out, at);
  });
  out[at] = 0;
  if (join) encodedBatches.set(batch, out);
  return [out];
}

/**
 * `{ cursor: { firstBatch | nextBatch: [...], id, ns }, ok: 1 }`, the reply to find,
 * getMore and aggregate, as pieces: what comes before the batch (after `reserve` bytes
 * left for the message's header), the batch's bytes themselves (batchPieces, not copied:
 * the socket writes the pieces together), and what follows. Joined, the same bytes
 * serialize() would give. Undefined for any other reply.
 */
export function cursorReplyBson(reply: Doc, reserve: number): Buffer[] | undefined {
  const { cursor, ok } = reply;
  if (ok !== 1 || !isPlainObject(cursor) || Object.keys(reply).join() !== 'cursor,ok')
    return undefined;
  const [batchKey, ...rest] = Object.keys(cursor);
  const batch = cursor[batchKey];
  if (
    (batchKey !== 'firstBatch' && batchKey !== 'nextBatch') ||
    rest.join() !== 'id,ns' ||
    !Array.isArray(batch) ||
    bsonTag(cursor.id) !== 'Long' ||
    typeof cursor.ns !== 'string'
  )
    return undefined;
  const id = cursor.id as Long;
  // A cached answer in one batch: the reply after its header never changes (see encodedReplies).
  const whole = Object.isFrozen(batch) && id.isZero();
  if (whole) {
    const kept = encodedReplies.get(batch);
    if (kept?.batchKey === batchKey && kept.ns === cursor.ns)
      return [Buffer.allocUnsafe(reserve), kept.bytes];
  }
  const keepWhole = whole && sentOnce.has(batch);
  const array = batchPieces(batch, !whole);
  if (!array) return undefined;
  const arrayBytes = array.reduce((total, piece) => total + piece.length, 0);
  const ns = Buffer.from(cursor.ns, 'utf8');
  const tailBytes = 1 + 3 + 8 + (1 + 3 + 4 + ns.length + 1) + 1 + (1 + 3 + 4) + 1;
  const cursorBytes = 4 + (1 + batchKey.length + 1 + arrayBytes) + tailBytes - (1 + 3 + 4) - 1;
  const replyBytes = 4 + (1 + 7 + cursorBytes) + (1 + 3 + 4) + 1;

  const head = Buffer.allocUnsafe(reserve + 4 + (1 + 7) + 4 + (1 + batchKey.length + 1));
  const tail = Buffer.allocUnsafe(tailBytes);
  let out = head;
  let at = head.writeInt32LE(replyBytes, reserve);
  const element = (type: number, name: string) => {
    out[at++] = type;
    at += out.write(name, at, 'latin1');
    out[at++] = 0;
  };
  element(0x03, 'cursor');
  at = head.writeInt32LE(cursorBytes, at);
  element(0x04, batchKey);
  out = tail;
  at = 0;
  element(0x12, 'id');
  at = tail.writeInt32LE(id.low, at);
  at = tail.writeInt32LE(id.high, at);
  element(0x02, 'ns');
  at = tail.writeInt32LE(ns.length + 1, at);
  at += ns.copy(tail, at);
  tail[at++] = 0;
  tail[at++] = 0;
  element(0x10, 'ok');
  at = tail.writeInt32LE(1, at);
  tail[at++] = 0;
  if (keepWhole && replyBytes <= CACHED_BATCH_BYTES) {
    const bytes = Buffer.concat([head.subarray(reserve), ...array, tail]);
    encodedReplies.set(batch, { batchKey, ns: cursor.ns, bytes });
    return [head.subarray(0, reserve), bytes];
  }
  return [head, ...array, tail];
}
