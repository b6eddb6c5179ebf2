/**
 * MongoDB wire protocol framing: message headers, OP_MSG and the legacy
 * OP_QUERY handshake in, OP_MSG and OP_REPLY out.
 *
 * Every message starts with a 16-byte header:
 *   int32 messageLength (including the header), int32 requestID,
 *   int32 responseTo, int32 opCode   (all little-endian)
 */
import { deserialize } from 'bson';
import { ErrorCodes } from './errors';
import { cursorReplyBson, toBson } from './reply-bson';
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

export { bsonOf } from './reply-bson';

let nextRequestId = 1;

function header(length: number, responseTo: number, opCode: number): Buffer {
  const bytes = Buffer.allocUnsafe(HEADER);
  bytes.writeInt32LE(length, 0);
  bytes.writeInt32LE(nextRequestId++ & 0x7fffffff, 4);
  bytes.writeInt32LE(responseTo, 8);
  bytes.writeInt32LE(opCode, 12);
  return bytes;
}

/**
 * An OP_MSG reply as the pieces to write, in order: a cursor reply keeps its batch's bytes
 * as a piece of its own (see cursorReplyBson), so a cached batch is never copied.
 */
export function encodeMsgReplyPieces(responseTo: number, doc: Doc): Buffer[] {
  const prefix = HEADER + 5; // the header, then flagBits = 0 and section kind 0
  const pieces = cursorReplyBson(doc, prefix);
  if (pieces) {
    const length = pieces.reduce((total, piece) => total + piece.length, 0);
    header(length, responseTo, OP_MSG).copy(pieces[0]);
    pieces[0].fill(0, HEADER, prefix);
    return pieces;
  }
  const body = toBson(doc);
  return [header(prefix + body.length, responseTo, OP_MSG), Buffer.alloc(5), body];
}

export function encodeMsgReply(responseTo: number, doc: Doc): Buffer {
  return Buffer.concat(encodeMsgReplyPieces(responseTo, doc));
}

export function encodeOpReply(responseTo: number, doc: Doc, queryFailure = false): Buffer {
  const body = toBson(doc);
  const fields = Buffer.alloc(20);
  fields.writeInt32LE(queryFailure ? 2 : 0, 0); // responseFlags (bit 1 = QueryFailure)
  // cursorID (int64) = 0, startingFrom = 0
  fields.writeInt32LE(1, 16); // numberReturned
  return Buffer.concat([header(HEADER + 20 + body.length, responseTo, OP_REPLY), fields, body]);
}

export function encodeReply(msg: Pick<CommandMessage, 'opCode' | 'requestId'>, doc: Doc): Buffer[] {
  return msg.opCode === OP_QUERY
    ? [encodeOpReply(msg.requestId, doc)]
    : encodeMsgReplyPieces(msg.requestId, doc);
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
