/**
 * Server-side cursors. Results are materialized when the cursor is opened
 * (the data set of an embedded server is small); getMore hands out batches.
 * Cursor ids are positive int64 values sent as BSON Long, as the driver expects.
 */
import { Long } from 'bson';
import type { Doc } from './values';
import { bsonOf } from './wire';

/** mongod limits a reply batch to 16 MiB of documents. */
const MAX_BATCH_BYTES = 16 * 1024 * 1024;
export const DEFAULT_FIRST_BATCH = 101;

interface Cursor {
  id: Long;
  ns: string;
  docs: Doc[];
  pos: number;
  lastUsed: number;
}

export class CursorRegistry {
  private readonly cursors = new Map<string, Cursor>();
  private readonly timer: NodeJS.Timeout;
  /** Cursors closed for being idle, as serverStatus reports them (`metrics.cursor.timedOut`). */
  private closedIdle = 0;

  constructor(private readonly timeoutMs = 10 * 60 * 1000) {
    this.timer = setInterval(() => this.sweep(), Math.min(60_000, Math.max(timeoutMs / 2, 50)));
    this.timer.unref();
  }

  /** Takes the first batch; registers a cursor only if documents remain. */
  open(
    ns: string,
    docs: Doc[],
    batchSize: number | undefined,
    singleBatch: boolean,
  ): { id: Long; batch: Doc[] } {
    // batchSize 0 means "just establish the cursor" (empty first batch).
    const size = batchSize === undefined ? DEFAULT_FIRST_BATCH : batchSize;
    const first = size === 0 ? [] : takeBatch(docs, 0, size);
    if (singleBatch || (size !== 0 && first.length >= docs.length))
      return { id: Long.ZERO, batch: first };
    const id = this.newId();
    this.cursors.set(id.toString(), { id, ns, docs, pos: first.length, lastUsed: Date.now() });
    return { id, batch: first };
  }

  get(id: Long): Cursor | undefined {
    return this.cursors.get(id.toString());
  }

  next(cursor: Cursor, batchSize: number | undefined): { id: Long; batch: Doc[] } {
    const batch = takeBatch(
      cursor.docs,
      cursor.pos,
      batchSize && batchSize > 0 ? batchSize : Infinity,
    );
    cursor.pos += batch.length;
    cursor.lastUsed = Date.now();
    if (cursor.pos >= cursor.docs.length) {
      this.cursors.delete(cursor.id.toString());
      return { id: Long.ZERO, batch };
    }
    return { id: cursor.id, batch };
  }

  kill(id: Long): boolean {
    return this.cursors.delete(id.toString());
  }

  get size(): number {
    return this.cursors.size;
  }

  get timedOut(): number {
    return this.closedIdle;
  }

  sweep(now = Date.now()): void {
    for (const [k, c] of this.cursors) {
      if (now - c.lastUsed <= this.timeoutMs) continue;
      this.cursors.delete(k);
      this.closedIdle++;
    }
  }

  close(): void {
    clearInterval(this.timer);
    this.cursors.clear();
  }

  private newId(): Long {
    for (;;) {
      // 53 random bits: positive, non-zero and exactly representable everywhere.
      const candidate = Math.floor(Math.random() * 2 ** 53);
      if (candidate > 0 && !this.cursors.has(String(candidate))) return Long.fromNumber(candidate);
    }
  }
}

function takeBatch(docs: Doc[], from: number, max: number): Doc[] {
  if (from === 0 && docs.length <= max && Object.isFrozen(docs) && fitsOneBatch(docs)) {
    // A cached answer goes out whole as the same array, so its encoding is reused (wire.ts).
    return docs;
  }
  const out: Doc[] = [];
  let bytes = 0;
  for (let i = from; i < docs.length && out.length < max; i++) {
    // Encoded now, the reply then sends these same bytes.
    bytes += bsonOf(docs[i]).length;
    if (out.length > 0 && bytes > MAX_BATCH_BYTES) break;
    out.push(docs[i]);
  }
  return out;
}

/** Frozen arrays already known to fit in one batch (they cannot change). */
const fitting = new WeakSet<Doc[]>();

function fitsOneBatch(docs: Doc[]): boolean {
  if (fitting.has(docs)) return true;
  let bytes = 0;
  for (const doc of docs) bytes += bsonOf(doc).length;
  if (docs.length > 1 && bytes > MAX_BATCH_BYTES) return false;
  fitting.add(docs);
  return true;
}
