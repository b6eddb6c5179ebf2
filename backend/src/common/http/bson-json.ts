import { deserialize } from 'bson';
import { isUtf8 } from 'node:buffer';
import type { ServerResponse } from 'node:http';

/**
 * JSON text straight from the BSON bytes the database sent, without decoding each document
 * into objects first: the same text `JSON.stringify` gives of the documents the driver would
 * have decoded (`lean()`), for the types content is made of (strings, numbers, booleans,
 * null, dates, ObjectIds, documents and arrays). A list of 50 products is then written
 * once, from bytes to bytes, instead of being built as some 2,000 objects, serialised and
 * left to the garbage collector. Any other type, a key that could make the driver build
 * something else (`$ref`, `__proto__`) or text that is not UTF-8 makes the whole answer go
 * the usual way: decoded as the driver decodes, then `JSON.stringify`.
 */
export function jsonOfDocuments(documents: Buffer[]): string {
  return jsonBytesOfDocuments(documents).toString();
}

/** One document's JSON text, as `jsonOfDocuments` writes each. */
export function jsonOfDocument(document: Buffer): string {
  return jsonBytesOfDocument(document).toString();
}

/** `jsonOfDocuments` as the UTF-8 bytes sent, which are what the writer makes. */
function jsonBytesOfDocuments(documents: Buffer[]): Buffer {
  const out = new JsonWriter();
  out.byte(BRACKET_OPEN);
  for (let index = 0; index < documents.length; index++) {
    if (index > 0) out.byte(COMMA);
    if (!out.document(documents[index], 0, true)) return decoded(documents);
  }
  out.byte(BRACKET_CLOSE);
  return out.written();
}

function jsonBytesOfDocument(document: Buffer): Buffer {
  const out = new JsonWriter();
  return out.document(document, 0, true) ? out.written() : decoded(document);
}

/** Decoded with the options the driver decodes a cursor's documents with. */
const DRIVER_OPTIONS = {
  promoteLongs: true,
  promoteValues: true,
  promoteBuffers: false,
  bsonRegExp: false,
  useBigInt64: false,
  validation: { utf8: true },
} as const;

function decoded(bytes: Buffer | Buffer[]): Buffer {
  // The driver's own BSON library (the workspace has one copy, which mongoose's driver uses).
  const decode = (one: Buffer) => deserialize(one, DRIVER_OPTIONS);
  return Buffer.from(JSON.stringify(Array.isArray(bytes) ? bytes.map(decode) : decode(bytes)));
}

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const BRACKET_OPEN = 0x5b;
const BRACKET_CLOSE = 0x5d;
const BRACE_OPEN = 0x7b;
const BRACE_CLOSE = 0x7d;
const HYPHEN = 0x2d;
const FULL_STOP = 0x2e;
const LETTER_T = 0x54;
const LETTER_Z = 0x5a;
const NULL = Buffer.from('null');
const TRUE = Buffer.from('true');
const FALSE = Buffer.from('false');
const HEX = Buffer.from('0123456789abcdef');
/** How JSON.stringify writes the characters it escapes: control characters, quote, backslash. */
const ESCAPES: Buffer[] = [];
for (let code = 0; code <= BACKSLASH; code++) {
  const escaped = JSON.stringify(String.fromCharCode(code)).slice(1, -1);
  if (escaped.length > 1) ESCAPES[code] = Buffer.from(escaped);
}
const DAY = 86_400_000;
/** The first and last moments `toJSON()` writes with a four-digit year (0000 and 9999). */
const MIN_FOUR_DIGIT_YEAR = -62_167_219_200_000;
const MAX_FOUR_DIGIT_YEAR = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
/** Beyond this a 64-bit integer is no longer decoded as a number (but as a Long). */
const SAFE_HIGH_WORD = 2 ** 21;

/** Element types (bsonspec.org) written here; any other makes the caller decode. */
const enum Type {
  Double = 0x01,
  String = 0x02,
  Document = 0x03,
  Array = 0x04,
  ObjectId = 0x07,
  Boolean = 0x08,
  Date = 0x09,
  Null = 0x0a,
  Int32 = 0x10,
  Int64 = 0x12,
}

/**
 * Where every answer is written: the writing is synchronous, so one buffer serves them all
 * (grown to the largest answer so far) and no request allocates its own.
 */
let scratch = Buffer.allocUnsafe(64 * 1024);
/** A larger answer gets a buffer of its own, which is not kept. */
const SCRATCH_LIMIT = 1024 * 1024;

/** `value` in decimal with `count` digits, zero-padded, at `out[at]`. */
function writeDigits(out: Buffer, at: number, value: number, count: number): void {
  for (let place = at + count - 1; place >= at; place--) {
    out[place] = 0x30 + (value % 10);
    value = Math.floor(value / 10);
  }
}

/** Whether the key in `bson[start, end)` is `__proto__`. */
function isProto(bson: Buffer, start: number, end: number): boolean {
  return (
    end - start === 9 && bson[start] === 0x5f && bson.toString('latin1', start, end) === '__proto__'
  );
}

class JsonWriter {
  private buffer = scratch;
  private at = 0;

  /** A copy of what was written: the scratch buffer is written over by the next answer. */
  written(): Buffer {
    // Copied natively: Buffer.from(subarray) copies element by element into a zeroed buffer.
    const copy = Buffer.allocUnsafe(this.at);
    this.buffer.copy(copy, 0, 0, this.at);
    return copy;
  }

  byte(value: number): void {
    this.room(1);
    this.buffer[this.at++] = value;
  }

  /**
   * The document (or array) whose bytes start at `start` in `bson`; false if it holds
   * anything this writer does not translate exactly.
   */
  document(bson: Buffer, start: number, isObject: boolean): boolean {
    const end = start + bson.readInt32LE(start) - 1;
    let at = start + 4;
    let first = true;
    this.byte(isObject ? BRACE_OPEN : BRACKET_OPEN);
    while (at < end) {
      const type = bson[at++];
      const nameStart = at;
      while (bson[at] !== 0) at++;
      const nameEnd = at++;
      if (first) first = false;
      else this.byte(COMMA);
      if (isObject) {
        // `$ref`/`$id` decode as a DBRef; `__proto__` is no ordinary property either.
        if (bson[nameStart] === 0x24 || isProto(bson, nameStart, nameEnd)) return false;
        if (!this.string(bson, nameStart, nameEnd)) return false;
        this.byte(COLON);
      }
      switch (type) {
        case Type.Double: {
          const value = bson.readDoubleLE(at);
          at += 8;
          if (Number.isFinite(value)) this.ascii(String(value));
          else this.bytes(NULL);
          break;
        }
        case Type.String: {
          const length = bson.readInt32LE(at);
          at += 4;
          if (!this.string(bson, at, at + length - 1)) return false;
          at += length;
          break;
        }
        case Type.Document:
        case Type.Array:
          if (!this.document(bson, at, type === Type.Document)) return false;
          at += bson.readInt32LE(at);
          break;
        case Type.ObjectId:
          this.objectId(bson, at);
          at += 12;
          break;
        case Type.Boolean: {
          const value = bson[at++];
          if (value > 1) return false;
          this.bytes(value ? TRUE : FALSE);
          break;
        }
        case Type.Date: {
          const high = bson.readInt32LE(at + 4);
          if (high >= SAFE_HIGH_WORD || high < -SAFE_HIGH_WORD) return false;
          this.date(high * 2 ** 32 + bson.readUInt32LE(at));
          at += 8;
          break;
        }
        case Type.Null:
          this.bytes(NULL);
          break;
        case Type.Int32:
          this.ascii(String(bson.readInt32LE(at)));
          at += 4;
          break;
        case Type.Int64: {
          const high = bson.readInt32LE(at + 4);
          if (high >= SAFE_HIGH_WORD || high < -SAFE_HIGH_WORD) return false;
          this.ascii(String(high * 2 ** 32 + bson.readUInt32LE(at)));
          at += 8;
          break;
        }
        default:
          return false;
      }
    }
    this.byte(isObject ? BRACE_CLOSE : BRACKET_CLOSE);
    return true;
  }

  /**
   * The UTF-8 text in `bson[start, end)` as a JSON string, escaped as `JSON.stringify`
   * escapes: quotes, backslashes and control characters; every other character as it is.
   * False for bytes that are not UTF-8 (the driver refuses those).
   */
  private string(bson: Buffer, start: number, end: number): boolean {
    // Byte by byte: cheaper for these short runs than a call into Buffer's native code.
    this.room(end - start + 2);
    let out = this.buffer;
    let at = this.at;
    let ascii = true;
    out[at++] = QUOTE;
    for (let i = start; i < end; i++) {
      const byte = bson[i];
      if (byte >= 0x80) ascii = false;
      else if (byte < 0x20 || byte === QUOTE || byte === BACKSLASH) {
        const escape = ESCAPES[byte];
        this.at = at;
        this.room(escape.length + (end - i) + 1);
        out = this.buffer;
        for (let j = 0; j < escape.length; j++) out[at++] = escape[j];
        continue;
      }
      out[at++] = byte;
    }
    out[at++] = QUOTE;
    this.at = at;
    return ascii || isUtf8(bson.subarray(start, end));
  }

  private objectId(bson: Buffer, start: number): void {
    this.room(26);
    const out = this.buffer;
    let at = this.at;
    out[at++] = QUOTE;
    for (let i = start; i < start + 12; i++) {
      out[at++] = HEX[bson[i] >> 4];
      out[at++] = HEX[bson[i] & 15];
    }
    out[at++] = QUOTE;
    this.at = at;
  }

  /**
   * A date as `toJSON()` writes it. Years 0 to 9999 (every date content holds) are written
   * from the day count directly: building a Date and formatting it cost more than all the
   * rest of a product's bytes. Others are left to Date, as are invalid ones (null).
   */
  private date(time: number): void {
    if (time < MIN_FOUR_DIGIT_YEAR || time > MAX_FOUR_DIGIT_YEAR) {
      const json = new Date(time).toJSON();
      if (json === null) return this.bytes(NULL);
      this.byte(QUOTE);
      this.ascii(json);
      return this.byte(QUOTE);
    }
    const days = Math.floor(time / DAY);
    let rest = time - days * DAY;
    // Howard Hinnant's civil_from_days: the proleptic Gregorian date of a day number.
    const shifted = days + 719468;
    const era = Math.floor(shifted / 146097);
    const dayOfEra = shifted - era * 146097;
    const yearOfEra = Math.floor(
      (dayOfEra -
        Math.floor(dayOfEra / 1460) +
        Math.floor(dayOfEra / 36524) -
        Math.floor(dayOfEra / 146096)) /
        365,
    );
    const dayOfYear =
      dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
    const monthIndex = Math.floor((5 * dayOfYear + 2) / 153);
    const day = dayOfYear - Math.floor((153 * monthIndex + 2) / 5) + 1;
    const month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9;
    const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
    const hours = Math.floor(rest / 3_600_000);
    rest -= hours * 3_600_000;
    const minutes = Math.floor(rest / 60_000);
    rest -= minutes * 60_000;
    const seconds = Math.floor(rest / 1000);
    const milliseconds = rest - seconds * 1000;

    this.room(26);
    const out = this.buffer;
    const at = this.at;
    out[at] = QUOTE;
    writeDigits(out, at + 1, year, 4);
    out[at + 5] = HYPHEN;
    writeDigits(out, at + 6, month, 2);
    out[at + 8] = HYPHEN;
    writeDigits(out, at + 9, day, 2);
    out[at + 11] = LETTER_T;
    writeDigits(out, at + 12, hours, 2);
    out[at + 14] = COLON;
    writeDigits(out, at + 15, minutes, 2);
    out[at + 17] = COLON;
    writeDigits(out, at + 18, seconds, 2);
    out[at + 20] = FULL_STOP;
    writeDigits(out, at + 21, milliseconds, 3);
    out[at + 24] = LETTER_Z;
    out[at + 25] = QUOTE;
    this.at = at + 26;
  }

  /** Text known to be ASCII (numbers, dates). */
  private ascii(text: string): void {
    this.room(text.length);
    for (let i = 0; i < text.length; i++) this.buffer[this.at++] = text.charCodeAt(i);
  }

  private bytes(bytes: Buffer): void {
    this.room(bytes.length);
    for (let i = 0; i < bytes.length; i++) this.buffer[this.at++] = bytes[i];
  }

  private room(bytes: number): void {
    if (this.at + bytes <= this.buffer.length) return;
    const bigger = Buffer.allocUnsafe(Math.max(this.buffer.length * 2, this.at + bytes));
    this.buffer.copy(bigger, 0, 0, this.at);
    this.buffer = bigger;
    if (bigger.length <= SCRATCH_LIMIT) scratch = bigger;
  }
}

/**
 * The answer to send for documents read as bytes: their JSON as UTF-8 bytes, with the type
 * `res.json` would give it. The route returns the bytes, which go out as they are (see
 * sendBytesAsTheyAre): never decoded into a string to be encoded again. Any Node response
 * will do (bench/floor-server.ts writes with it on a bare node:http server).
 */
export function sendJson(response: ServerResponse, documents: Buffer | Buffer[]): Buffer {
  response.setHeader('Content-Type', 'application/json; charset=utf-8');
  return Array.isArray(documents)
    ? jsonBytesOfDocuments(documents)
    : jsonBytesOfDocument(documents);
}
