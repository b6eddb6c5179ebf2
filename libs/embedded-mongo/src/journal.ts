/**
 * Durability for `dbPath` mode.
 *
 * Layout of dbPath:
 *   mongod.lock    - the owning process (see lock.ts)
 *   credentials.json - the user name and password clients sign in with (see credentials.ts)
 *   snapshot.bson  - full state as of journal sequence number `seq`
 *   journal.bson   - records after the snapshot, appended in order
 *
 * Both files are sequences of frames: [u32 length][u32 crc32][BSON payload].
 * Each journal record carries a sequence number `s`; recovery loads the
 * snapshot and replays only records with s > snapshot.seq, so a crash between
 * "snapshot renamed" and "journal truncated" cannot apply anything twice.
 *
 * Write path (group commit): mutations append encoded frames to an in-memory
 * queue synchronously; a single flusher writes everything queued with one
 * write + fdatasync and then releases every command waiting on those records.
 * Commands reply only after `waitDurable()` resolves, so an acknowledged write
 * is on disk.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { crc32 } from 'node:zlib';
import { deserialize, serialize } from 'bson';
import type { Engine, JournalRecord } from './storage';
import type { Doc } from './values';
import { FILE_MODE, secureDbPath } from './credentials';
import { DbPathLock } from './lock';
import type { Logger } from './logger';

const FRAME_HEADER = 8;
const MAX_FRAME = 64 * 1024 * 1024;
const DESERIALIZE = { promoteValues: false, promoteBuffers: false, bsonRegExp: false } as const;

export interface PersistenceOptions {
  /** Compact once the journal exceeds this many bytes (default 64 MiB). */
  compactBytes?: number;
  /** ...or this many records (default 200,000). */
  compactRecords?: number;
}

export function frame(doc: Doc): Buffer {
  const body = serialize(doc);
  const out = Buffer.allocUnsafe(FRAME_HEADER + body.length);
  out.writeUInt32LE(body.length, 0);
  out.writeUInt32LE(crc32(body) >>> 0, 4);
  Buffer.from(body.buffer, body.byteOffset, body.length).copy(out, FRAME_HEADER);
  return out;
}

export interface ReadFramesResult {
  docs: Doc[];
  /** Offset just past the last valid frame. */
  validBytes: number;
  /** Why reading stopped before the end of the buffer, if it did. */
  problem?: string;
}

export function readFrames(buf: Buffer): ReadFramesResult {
  const docs: Doc[] = [];
  let offset = 0;
  while (offset < buf.length) {
    if (buf.length - offset < FRAME_HEADER)
      return { docs, validBytes: offset, problem: `truncated frame header at offset ${offset}` };
    const length = buf.readUInt32LE(offset);
    const crc = buf.readUInt32LE(offset + 4);
    if (length < 5 || length > MAX_FRAME)
      return {
        docs,
        validBytes: offset,
        problem: `invalid record length ${length} at offset ${offset}`,
      };
    if (offset + FRAME_HEADER + length > buf.length)
      return { docs, validBytes: offset, problem: `truncated record at offset ${offset}` };
    const body = buf.subarray(offset + FRAME_HEADER, offset + FRAME_HEADER + length);
    if (crc32(body) >>> 0 !== crc)
      return { docs, validBytes: offset, problem: `checksum mismatch at offset ${offset}` };
    try {
      docs.push(deserialize(body, DESERIALIZE) as Doc);
    } catch (error) {
      return {
        docs,
        validBytes: offset,
        problem: `undecodable record at offset ${offset}: ${(error as Error).message}`,
      };
    }
    offset += FRAME_HEADER + length;
  }
  return { docs, validBytes: offset };
}

function fsyncDir(dir: string): void {
  const fd = fs.openSync(dir, 'r');
  try {
    fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
}

interface Waiter {
  seq: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

export class Persistence {
  private readonly snapshotPath: string;
  private readonly journalPath: string;
  private journalFd: number;
  private journalBytes = 0;
  private journalRecords = 0;
  private seq = 0;
  private durableSeq = 0;
  private queue: Buffer[] = [];
  private queueTopSeq = 0;
  private waiters: Waiter[] = [];
  private flushing: Promise<void> | undefined;
  private failed: Error | undefined;
  private closed = false;
  private readonly compactBytes: number;
  private readonly compactRecords: number;

  private constructor(
    readonly dbPath: string,
    private readonly lock: DbPathLock,
    private readonly engine: Engine,
    private readonly logger: Logger,
    options: PersistenceOptions,
  ) {
    this.snapshotPath = path.join(dbPath, 'snapshot.bson');
    this.journalPath = path.join(dbPath, 'journal.bson');
    this.compactBytes = options.compactBytes ?? 64 * 1024 * 1024;
    this.compactRecords = options.compactRecords ?? 200_000;
    this.journalFd = -1;
  }

  /** Takes the lock, loads snapshot + journal into `engine`, and starts journaling its mutations. */
  static open(
    dbPath: string,
    engine: Engine,
    logger: Logger,
    options: PersistenceOptions = {},
  ): Persistence {
    secureDbPath(dbPath);
    const lock = DbPathLock.acquire(dbPath, logger);
    const persistence = new Persistence(dbPath, lock, engine, logger, options);
    try {
      persistence.recover();
    } catch (error) {
      lock.release();
      throw error;
    }
    engine.sink = (record) => persistence.append(record);
    return persistence;
  }

  private recover(): void {
    const temporaryPath = `${this.snapshotPath}.tmp`;
    if (fs.existsSync(temporaryPath)) fs.unlinkSync(temporaryPath); // an interrupted compaction; the old snapshot is intact

    let snapshotSeq = 0;
    if (fs.existsSync(this.snapshotPath)) {
      const { docs, problem } = readFrames(fs.readFileSync(this.snapshotPath));
      const meta = docs[0];
      const end = docs[docs.length - 1];
      if (problem || !meta || meta.t !== 'meta' || !end || end.t !== 'end') {
        // Snapshots are only ever renamed into place complete and fsynced; refusing is safer than silently losing data.
        throw new Error(
          `embedded-mongo: snapshot ${this.snapshotPath} is damaged (${problem ?? 'missing header or trailer'}); refusing to start`,
        );
      }
      snapshotSeq = Number(meta.seq);
      let collection: ReturnType<Engine['loadCollection']> | undefined;
      for (const record of docs.slice(1, -1)) {
        if (record.t === 'coll')
          collection = this.engine.loadCollection(
            String(record.db),
            String(record.c),
            (record.o as Doc) ?? {},
            (record.idx as Doc[]) ?? [],
          );
        else if (record.t === 'doc' && collection) collection.rawPut(record.d as Doc);
      }
    }
    this.seq = snapshotSeq;

    this.journalFd = fs.openSync(this.journalPath, 'a+', FILE_MODE);
    const buf = fs.readFileSync(this.journalPath);
    const { docs, validBytes, problem } = readFrames(buf);
    if (problem) {
      this.logger.warn(
        `embedded-mongo: journal ${this.journalPath}: ${problem}; ignoring the last ${buf.length - validBytes} byte(s) (a write that was never acknowledged). ${docs.length} earlier record(s) are intact.`,
      );
      fs.ftruncateSync(this.journalFd, validBytes);
      fs.fsyncSync(this.journalFd);
    }
    let replayed = 0;
    for (const record of docs) {
      const recordSeq = Number(record.s);
      if (recordSeq <= snapshotSeq) continue;
      this.engine.applyRecord(record as unknown as JournalRecord);
      this.seq = Math.max(this.seq, recordSeq);
      replayed++;
    }
    this.journalBytes = validBytes;
    this.journalRecords = docs.length;
    this.durableSeq = this.seq;
    const problems = this.engine.rebuildAllIndexes();
    for (const problem of problems)
      this.logger.warn(`embedded-mongo: duplicate keys found while rebuilding ${problem}`);
    this.logger.info(
      `embedded-mongo: recovered ${this.dbPath} (snapshot seq ${snapshotSeq}, ${replayed} journal record(s) replayed)`,
    );
  }

  private append(record: JournalRecord): void {
    if (this.closed) throw new Error('embedded-mongo: persistence is closed');
    const seq = ++this.seq;
    this.queue.push(frame({ s: seq, ...record }));
    this.queueTopSeq = seq;
  }

  /** Resolves once every record appended so far is fsynced (or covered by a snapshot). */
  waitDurable(): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    const target = this.seq;
    if (this.durableSeq >= target) return Promise.resolve();
    const durable = new Promise<void>((resolve, reject) =>
      this.waiters.push({ seq: target, resolve, reject }),
    );
    this.kick();
    return durable;
  }

  private kick(): void {
    if (!this.flushing) {
      this.flushing = this.flushLoop()
        .catch((error) =>
          this.logger.error(`embedded-mongo: journal flush failed: ${(error as Error).message}`),
        )
        .finally(() => {
          this.flushing = undefined;
          if (this.queue.length && this.waiters.length) this.kick();
        });
    }
  }

  private async flushLoop(): Promise<void> {
    while (this.queue.length) {
      const batch = this.queue;
      const top = this.queueTopSeq;
      this.queue = [];
      try {
        const data = batch.length === 1 ? batch[0] : Buffer.concat(batch);
        await writeAll(this.journalFd, data);
        await new Promise<void>((resolve, reject) =>
          fs.fdatasync(this.journalFd, (error) => (error ? reject(error) : resolve())),
        );
        this.journalBytes += data.length;
        this.journalRecords += batch.length;
      } catch (error) {
        this.failed = error as Error;
        this.logger.error(`embedded-mongo: journal write failed: ${(error as Error).message}`);
        for (const waiter of this.waiters.splice(0)) waiter.reject(this.failed);
        return;
      }
      this.markDurable(top);
      if (this.journalBytes > this.compactBytes || this.journalRecords > this.compactRecords) {
        try {
          this.compact();
        } catch (error) {
          // The journal is still complete, so nothing is lost; retry at the next threshold crossing.
          this.logger.error(`embedded-mongo: compaction failed: ${(error as Error).message}`);
        }
      }
    }
  }

  private markDurable(seq: number): void {
    this.durableSeq = Math.max(this.durableSeq, seq);
    const still: Waiter[] = [];
    for (const waiter of this.waiters) {
      if (waiter.seq <= this.durableSeq) waiter.resolve();
      else still.push(waiter);
    }
    this.waiters = still;
  }

  /**
   * Writes the whole state to snapshot.bson.tmp, fsyncs it, renames it over
   * snapshot.bson, fsyncs the directory, then truncates the journal.
   * Synchronous on purpose: the state cannot change while it is captured.
   */
  compact(): void {
    const seq = this.seq;
    const temporaryPath = `${this.snapshotPath}.tmp`;
    const fd = fs.openSync(temporaryPath, 'w', FILE_MODE);
    try {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const put = (doc: Doc) => {
        const bytes = frame(doc);
        pending.push(bytes);
        pendingBytes += bytes.length;
        if (pendingBytes > 4 * 1024 * 1024) {
          fs.writeSync(fd, Buffer.concat(pending));
          pending = [];
          pendingBytes = 0;
        }
      };
      put({ t: 'meta', v: 1, seq, createdAt: new Date() });
      let count = 0;
      for (const collection of this.engine.allCollections()) {
        put({
          t: 'coll',
          db: collection.db,
          c: collection.name,
          o: collection.options,
          idx: collection.indexes.map((index) => index.spec),
        });
        for (const doc of collection.docs.values()) {
          put({ t: 'doc', d: doc });
          count++;
        }
      }
      put({ t: 'end', n: count });
      if (pending.length) fs.writeSync(fd, Buffer.concat(pending));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(temporaryPath, this.snapshotPath);
    fsyncDir(this.dbPath);
    fs.ftruncateSync(this.journalFd, 0);
    fs.fsyncSync(this.journalFd);
    this.journalBytes = 0;
    this.journalRecords = 0;
    // Everything queued but not yet written is already in the snapshot.
    this.queue = [];
    this.markDurable(seq);
    this.logger.info(`embedded-mongo: compacted ${this.dbPath} at seq ${seq}`);
  }

  stats(): { journalBytes: number; snapshotBytes: number; seq: number } {
    let snapshotBytes = 0;
    try {
      snapshotBytes = fs.statSync(this.snapshotPath).size;
    } catch {
      // no snapshot yet
    }
    return { journalBytes: this.journalBytes, snapshotBytes, seq: this.seq };
  }

  /** Flushes, compacts into a fresh snapshot, closes the journal and releases the lock. */
  async close(): Promise<void> {
    if (this.closed) return;
    while (this.flushing) await this.flushing;
    if (!this.failed) {
      try {
        this.compact();
      } catch (error) {
        this.logger.error(`embedded-mongo: final compaction failed: ${(error as Error).message}`);
        await this.flushLoop();
      }
    }
    this.closed = true;
    fs.closeSync(this.journalFd);
    this.lock.release();
  }

  /** Tells tools that find this dbPath where its server listens. */
  publishAddress(host: string, port: number): void {
    this.lock.publishAddress(host, port);
  }
}

async function writeAll(fd: number, data: Buffer): Promise<void> {
  let offset = 0;
  while (offset < data.length) {
    offset += await new Promise<number>((resolve, reject) =>
      fs.write(fd, data, offset, data.length - offset, null, (error, written) =>
        error ? reject(error) : resolve(written),
      ),
    );
  }
}
