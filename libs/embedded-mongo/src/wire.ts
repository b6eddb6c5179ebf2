/**
 * MongoDB wire protocol framing: message headers, OP_MSG and the legacy
 * OP_QUERY handshake in, OP_MSG and OP_REPLY out.
 *
 * Every message starts with a 16-byte header:
 *   int32 messageLength (including the header), int32 requestID,
 *   int32 responseTo, int32 opCode   (all little-endian)
 */
import { deserialize, serialize } from 'bson';
import { ErrorCodes } from './errors';
import { bsonTag, isPlainObject } from './values';
import type { Doc } from './values';

export const OP_REPLY = 1;
export const OP_QUERY = 2004;
export const OP_COMPRESSED = 2012;
export const OP_MSG = 2013;

/** Same limit mongod advertises as maxMessageSizeBytes. */
export const MAX_MESSAGE_BYTES = 48_000_000;
/** BSONObjMaxInternalSize: 16 MiB of user data plus 16 KiB of command overhead. */
export const MAX_COMMAND_BYTES = 16 * 1024 * 1024 + 16 * 1024;

const HEADER = 16;
const MSG_CHECKSUM_PRESENT = 1 << 0;
const MSG_MORE_TO_COME = 1 << 1;
/** Bits 0-15 are "required": a receiver must reject flags it does not know. */
const MSG_KNOWN_REQUIRED = MSG_CHECKSUM_PRESENT | MSG_MORE_TO_COME;

/** Options that keep BSON types exactly as sent (Int32 stays Int32, Double stays Double, Long stays Long). */
export const DESERIALIZE_OPTIONS = {
  promoteValues: false,
  promoteBuffers: false,
  bsonRegExp: false,
} as const;

export interface Header {
  length: number;
  requestId: number;
  responseTo: number;
  opCode: number;
}

export interface CommandMessage {
  opCode: typeof OP_MSG | typeof OP_QUERY;
  requestId: number;
  /** Command document, with OP_MSG document sequences folded in as arrays. */
  body: Doc;
  /** OP_MSG moreToCome: the client expects no reply (w:0 writes). */
  moreToCome: boolean;
  /** OP_QUERY only: full collection name, e.g. "admin.$cmd". */
  collection?: string;
}

/**
 * `fatal`: the stream can no longer be trusted (bad framing, unsupported
 * opcode) and the connection is closed. Otherwise an error reply is sent.
 */
export class ProtocolError extends Error {
  constructor(
    message: string,
    readonly fatal: boolean,
    readonly code: number = ErrorCodes.InvalidBSON,
    readonly header?: Header,
    readonly moreToCome = false,
  ) {
    super(message);
    this.name = 'ProtocolError';
  }
}

export function readHeader(buf: Buffer): Header {
  return {
    length: buf.readInt32LE(0),
    requestId: buf.readInt32LE(4),
    responseTo: buf.readInt32LE(8),
    opCode: buf.readInt32LE(12),
  };
}

/** Validates a messageLength before buffering that many bytes. */
export function checkLength(length: number): void {
  if (length < HEADER || length > MAX_MESSAGE_BYTES) {
    throw new ProtocolError(
      `invalid message length ${length} (must be between ${HEADER} and ${MAX_MESSAGE_BYTES})`,
      true,
    );
  }
}

/** A malformed message the connection survives: it gets an error reply (unless moreToCome). */
function malformed(
  message: string,
  header: Header,
  moreToCome: boolean,
  code: number = ErrorCodes.InvalidBSON,
): ProtocolError {
  return new ProtocolError(message, false, code, header, moreToCome);
}

/** A message after which the stream cannot be trusted: the connection is closed. */
function unreadable(message: string, header: Header): ProtocolError {
  return new ProtocolError(message, true, ErrorCodes.InvalidBSON, header);
}

function bsonAt(
  buf: Buffer,
  offset: number,
  end: number,
  what: string,
  header: Header,
  moreToCome: boolean,
): { doc: Doc; size: number } {
  if (offset + 4 > end) throw malformed(`truncated ${what}`, header, moreToCome);
  const size = buf.readInt32LE(offset);
  if (size < 5 || offset + size > end)
    throw malformed(`invalid BSON size ${size} in ${what}`, header, moreToCome);
  if (size > MAX_COMMAND_BYTES) {
    throw malformed(
      `BSONObj size: ${size} (0x${size.toString(16).toUpperCase()}) is invalid. Size must be between 0 and ${MAX_COMMAND_BYTES}(16MB)`,
      header,
      moreToCome,
      ErrorCodes.BSONObjectTooLarge,
    );
  }
  try {
    const bytes = buf.subarray(offset, offset + size);
    return { doc: deserialize(bytes, DESERIALIZE_OPTIONS) as Doc, size };
  } catch (error) {
    throw malformed(`invalid BSON in ${what}: ${(error as Error).message}`, header, moreToCome);
  }
}

function cstringAt(
  buf: Buffer,
  offset: number,
  end: number,
  header: Header,
): { value: string; next: number } {
  const zero = buf.indexOf(0, offset);
  if (zero < 0 || zero >= end) throw unreadable('unterminated cstring', header);
  return { value: buf.toString('utf8', offset, zero), next: zero + 1 };
}

/** Parses one complete message (header included). */
export function parseMessage(buf: Buffer): CommandMessage {
  const header = readHeader(buf);
  switch (header.opCode) {
    case OP_MSG:
      return parseOpMsg(buf, header);
    case OP_QUERY:
      return parseOpQuery(buf, header);
    case OP_COMPRESSED:
      throw unreadable(
        'OP_COMPRESSED is not supported (this server never advertises compression)',
        header,
      );
    default:
      throw unreadable(`unsupported opCode ${header.opCode}`, header);
  }
}

function parseOpMsg(buf: Buffer, header: Header): CommandMessage {
  if (buf.length < HEADER + 5) throw unreadable('OP_MSG too short', header);
  const flags = buf.readUInt32LE(HEADER);
  const moreToCome = (flags & MSG_MORE_TO_COME) !== 0;
  const unknownRequired = flags & 0xffff & ~MSG_KNOWN_REQUIRED;
  if (unknownRequired)
    throw malformed(
      `unrecognized required OP_MSG flag bits 0x${unknownRequired.toString(16)}`,
      header,
      moreToCome,
      ErrorCodes.IllegalOpMsgFlag,
    );
  // The optional CRC-32C trailer is not verified: TCP already checksums, and mongod only checks it when asked to.
  const end = buf.length - ((flags & MSG_CHECKSUM_PRESENT) !== 0 ? 4 : 0);
  let offset = HEADER + 4;
  let body: Doc | undefined;
  const sequences: [string, Doc[]][] = [];
  while (offset < end) {
    const kind = buf[offset++];
    if (kind === 0) {
      if (body)
        throw malformed(
          'OP_MSG contains more than one body section',
          header,
          moreToCome,
          ErrorCodes.Location40430,
        );
      const section = bsonAt(buf, offset, end, 'OP_MSG body', header, moreToCome);
      body = section.doc;
      offset += section.size;
    } else if (kind === 1) {
      if (offset + 4 > end) throw malformed('truncated document sequence', header, moreToCome);
      const size = buf.readInt32LE(offset);
      const sequenceEnd = offset + size;
      if (size < 5 || sequenceEnd > end)
        throw malformed(`invalid document sequence size ${size}`, header, moreToCome);
      const identifier = cstringAt(buf, offset + 4, sequenceEnd, header);
      offset = identifier.next;
      const docs: Doc[] = [];
      const what = `document sequence '${identifier.value}'`;
      while (offset < sequenceEnd) {
        const item = bsonAt(buf, offset, sequenceEnd, what, header, moreToCome);
        docs.push(item.doc);
        offset += item.size;
      }
      sequences.push([identifier.value, docs]);
    } else {
      throw malformed(
        `unknown OP_MSG section kind ${kind}`,
        header,
        moreToCome,
        ErrorCodes.Location40432,
      );
    }
  }
  if (!body)
    throw malformed('OP_MSG has no body section', header, moreToCome, ErrorCodes.Location40587);
  for (const [name, docs] of sequences) body[name] = docs;
  // exhaustAllowed (bit 16) is accepted but never acted on: every request gets exactly one reply.
  return { opCode: OP_MSG, requestId: header.requestId, body, moreToCome };
}

function parseOpQuery(buf: Buffer, header: Header): CommandMessage {
  const flagsEnd = HEADER + 4;
  const collection = cstringAt(buf, flagsEnd, buf.length, header);
  const queryAt = collection.next + 8; // numberToSkip, numberToReturn
  let { doc } = bsonAt(buf, queryAt, buf.length, 'OP_QUERY query', header, false);
  // Legacy drivers wrap commands as { $query: {...}, $readPreference: ... }.
  if (doc.$query && typeof doc.$query === 'object') doc = doc.$query as Doc;
  return {
    opCode: OP_QUERY,
    requestId: header.requestId,
    body: doc,
    moreToCome: false,
    collection: collection.value,
  };
}

// ---------------------------------------------------------------- replies

let nextRequestId = 1;

function header(length: number, responseTo: number, opCode: number): Buffer {
  const bytes = Buffer.allocUnsafe(HEADER);
  bytes.writeInt32LE(length, 0);
  bytes.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
  bytes.writeInt32LE(responseTo, 8);
  bytes.writeInt32LE(opCode, 12);
  return bytes;
}

function toBson(doc: Doc): Buffer {
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

/**
 * `{ cursor: { firstBatch | nextBatch: [...], id, ns }, ok: 1 }`, the reply to find,
 * getMore and aggregate, written around the documents' own bytes (bsonOf); the same bytes
 * serialize() would give, after `reserve` bytes left for the message's header. Undefined
 * for any other reply.
 */
function cursorReplyBson(reply: Doc, reserve: number): Buffer | undefined {
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
    typeof cursor.ns !== 'string' ||
    !batch.every(isPlainObject)
  )
    return undefined;
  const docs = batch.map(bsonOf);
  const ns = Buffer.from(cursor.ns, 'utf8');
  let arrayBytes = 4 + 1;
  docs.forEach((bytes, index) => (arrayBytes += 1 + String(index).length + 1 + bytes.length));
  const cursorBytes =
    4 + (1 + batchKey.length + 1 + arrayBytes) + (1 + 3 + 8) + (1 + 3 + 4 + ns.length + 1) + 1;
  const replyBytes = 4 + (1 + 7 + cursorBytes) + (1 + 3 + 4) + 1;

  const out = Buffer.allocUnsafe(reserve + replyBytes);
  let at = out.writeInt32LE(replyBytes, reserve);
  const element = (type: number, name: string) => {
    out[at++] = type;
    at += out.write(name, at, 'latin1');
    out[at++] = 0;
  };
  element(0x03, 'cursor');
  at = out.writeInt32LE(cursorBytes, at);
  element(0x04, batchKey);
  at = out.writeInt32LE(arrayBytes, at);
  docs.forEach((bytes, index) => {
    element(0x03, String(index));
    at += bytes.copy(out, at);
  });
  out[at++] = 0;
  const id = cursor.id as { low: number; high: number };
  element(0x12, 'id');
  at = out.writeInt32LE(id.low, at);
  at = out.writeInt32LE(id.high, at);
  element(0x02, 'ns');
  at = out.writeInt32LE(ns.length + 1, at);
  at += ns.copy(out, at);
  out[at++] = 0;
  out[at++] = 0;
  element(0x10, 'ok');
  at = out.writeInt32LE(1, at);
  out[at++] = 0;
  return out;
}

export function encodeMsgReply(responseTo: number, doc: Doc): Buffer {
  const prefix = HEADER + 5; // the header, then flagBits = 0 and section kind 0
  const fast = cursorReplyBson(doc, prefix);
  if (fast) {
    header(fast.length, responseTo, OP_MSG).copy(fast);
    fast.fill(0, HEADER, prefix);
    return fast;
  }
  const body = toBson(doc);
  return Buffer.concat([header(prefix + body.length, responseTo, OP_MSG), Buffer.alloc(5), body]);
}

export function encodeOpReply(responseTo: number, doc: Doc, queryFailure = false): Buffer {
  const body = toBson(doc);
  const fields = Buffer.alloc(20);
  fields.writeInt32LE(queryFailure ? 2 : 0, 0); // responseFlags (bit 1 = QueryFailure)
  // cursorID (int64) = 0, startingFrom = 0
  fields.writeInt32LE(1, 16); // numberReturned
  return Buffer.concat([header(HEADER + 20 + body.length, responseTo, OP_REPLY), fields, body]);
}

export function encodeReply(msg: Pick<CommandMessage, 'opCode' | 'requestId'>, doc: Doc): Buffer {
  return msg.opCode === OP_QUERY
    ? encodeOpReply(msg.requestId, doc)
    : encodeMsgReply(msg.requestId, doc);
}

/**
 * Accumulates socket chunks and yields complete messages. Chunks are only
 * concatenated once a whole message is present, so large messages arriving
 * in many small chunks cost O(n), not O(n^2).
 */
export class FrameReader {
  private chunks: Buffer[] = [];
  private total = 0;
  private need = -1;

  /** Returns complete messages; throws a fatal ProtocolError on an invalid length. */
  push(chunk: Buffer): Buffer[] {
    this.chunks.push(chunk);
    this.total += chunk.length;
    const out: Buffer[] = [];
    for (;;) {
      if (this.need < 0) {
        if (this.total < 4) break;
        if (this.chunks[0].length < 4) this.chunks = [Buffer.concat(this.chunks, this.total)];
        const length = this.chunks[0].readInt32LE(0);
        checkLength(length);
        this.need = length;
      }
      if (this.total < this.need) break;
      const all =
        this.chunks.length === 1 ? this.chunks[0] : Buffer.concat(this.chunks, this.total);
      out.push(all.subarray(0, this.need));
      const rest = all.subarray(this.need);
      this.chunks = rest.length ? [rest] : [];
      this.total = rest.length;
      this.need = -1;
    }
    return out;
  }
}
