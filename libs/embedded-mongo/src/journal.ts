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
  let off = 0;
  while (off < buf.length) {
    if (buf.length - off < FRAME_HEADER)
      return { docs, validBytes: off, problem: `truncated frame header at offset ${off}` };
    const len = buf.readUInt32LE(off);
    const crc = buf.readUInt32LE(off + 4);
    if (len < 5 || len > MAX_FRAME)
      return { docs, validBytes: off, problem: `invalid record length ${len} at offset ${off}` };
    if (off + FRAME_HEADER + len > buf.length)
      return { docs, validBytes: off, problem: `truncated record at offset ${off}` };
    const body = buf.subarray(off + FRAME_HEADER, off + FRAME_HEADER + len);
    if (crc32(body) >>> 0 !== crc)
      return { docs, validBytes: off, problem: `checksum mismatch at offset ${off}` };
    try {
      docs.push(deserialize(body, DESERIALIZE) as Doc);
    } catch (e) {
      return {
        docs,
        validBytes: off,
        problem: `undecodable record at offset ${off}: ${(e as Error).message}`,
      };
    }
    off += FRAME_HEADER + len;
  }
  return { docs, validBytes: off };
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
  reject: (e: Error) => void;
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
    opts: PersistenceOptions,
  ) {
    this.snapshotPath = path.join(dbPath, 'snapshot.bson');
    this.journalPath = path.join(dbPath, 'journal.bson');
    this.compactBytes = opts.compactBytes ?? 64 * 1024 * 1024;
    this.compactRecords = opts.compactRecords ?? 200_000;
    this.journalFd = -1;
  }

  /** Takes the lock, loads snapshot + journal into `engine`, and starts journaling its mutations. */
  static open(
    dbPath: string,
    engine: Engine,
    logger: Logger,
    opts: PersistenceOptions = {},
  ): Persistence {
    secureDbPath(dbPath);
    const lock = DbPathLock.acquire(dbPath, logger);
    const p = new Persistence(dbPath, lock, engine, logger, opts);
    try {
      p.recover();
    } catch (e) {
      lock.release();
      throw e;
    }
    engine.sink = (rec) => p.append(rec);
    return p;
  }

  private recover(): void {
    const tmp = `${this.snapshotPath}.tmp`;
    if (fs.existsSync(tmp)) fs.unlinkSync(tmp); // an interrupted compaction; the old snapshot is intact

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
      let coll: ReturnType<Engine['loadCollection']> | undefined;
      for (const rec of docs.slice(1, -1)) {
        if (rec.t === 'coll')
          coll = this.engine.loadCollection(
            String(rec.db),
            String(rec.c),
            (rec.o as Doc) ?? {},
            (rec.idx as Doc[]) ?? [],
          );
        else if (rec.t === 'doc' && coll) coll.rawPut(rec.d as Doc);
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
    for (const rec of docs) {
      const s = Number(rec.s);
      if (s <= snapshotSeq) continue;
      this.engine.applyRecord(rec as unknown as JournalRecord);
      this.seq = Math.max(this.seq, s);
      replayed++;
    }
    this.journalBytes = validBytes;
    this.journalRecords = docs.length;
    this.durableSeq = this.seq;
    const problems = this.engine.rebuildAllIndexes();
    for (const p of problems)
      this.logger.warn(`embedded-mongo: duplicate keys found while rebuilding ${p}`);
    this.logger.info(
      `embedded-mongo: recovered ${this.dbPath} (snapshot seq ${snapshotSeq}, ${replayed} journal record(s) replayed)`,
    );
  }

  private append(rec: JournalRecord): void {
    if (this.closed) throw new Error('embedded-mongo: persistence is closed');
    const seq = ++this.seq;
    this.queue.push(frame({ s: seq, ...rec }));
    this.queueTopSeq = seq;
  }

  /** Resolves once every record appended so far is fsynced (or covered by a snapshot). */
  waitDurable(): Promise<void> {
    if (this.failed) return Promise.reject(this.failed);
    const target = this.seq;
    if (this.durableSeq >= target) return Promise.resolve();
    const p = new Promise<void>((resolve, reject) =>
      this.waiters.push({ seq: target, resolve, reject }),
    );
    this.kick();
    return p;
  }

  private kick(): void {
    if (!this.flushing) {
      this.flushing = this.flushLoop()
        .catch((e) =>
          this.logger.error(`embedded-mongo: journal flush failed: ${(e as Error).message}`),
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
        await new Promise<void>((res, rej) =>
          fs.fdatasync(this.journalFd, (e) => (e ? rej(e) : res())),
        );
        this.journalBytes += data.length;
        this.journalRecords += batch.length;
      } catch (e) {
        this.failed = e as Error;
        this.logger.error(`embedded-mongo: journal write failed: ${(e as Error).message}`);
        for (const w of this.waiters.splice(0)) w.reject(this.failed);
        return;
      }
      this.markDurable(top);
      if (this.journalBytes > this.compactBytes || this.journalRecords > this.compactRecords) {
        try {
          this.compact();
        } catch (e) {
          // The journal is still complete, so nothing is lost; retry at the next threshold crossing.
          this.logger.error(`embedded-mongo: compaction failed: ${(e as Error).message}`);
        }
      }
    }
  }

  private markDurable(seq: number): void {
    this.durableSeq = Math.max(this.durableSeq, seq);
    const still: Waiter[] = [];
    for (const w of this.waiters) {
      if (w.seq <= this.durableSeq) w.resolve();
      else still.push(w);
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
    const tmp = `${this.snapshotPath}.tmp`;
    const fd = fs.openSync(tmp, 'w', FILE_MODE);
    try {
      let pending: Buffer[] = [];
      let pendingBytes = 0;
      const put = (doc: Doc) => {
        const f = frame(doc);
        pending.push(f);
        pendingBytes += f.length;
        if (pendingBytes > 4 * 1024 * 1024) {
          fs.writeSync(fd, Buffer.concat(pending));
          pending = [];
          pendingBytes = 0;
        }
      };
      put({ t: 'meta', v: 1, seq, createdAt: new Date() });
      let n = 0;
      for (const c of this.engine.allCollections()) {
        put({ t: 'coll', db: c.db, c: c.name, o: c.options, idx: c.indexes.map((i) => i.spec) });
        for (const d of c.docs.values()) {
          put({ t: 'doc', d });
          n++;
        }
      }
      put({ t: 'end', n });
      if (pending.length) fs.writeSync(fd, Buffer.concat(pending));
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    fs.renameSync(tmp, this.snapshotPath);
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
      } catch (e) {
        this.logger.error(`embedded-mongo: final compaction failed: ${(e as Error).message}`);
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
  let off = 0;
  while (off < data.length) {
    off += await new Promise<number>((res, rej) =>
      fs.write(fd, data, off, data.length - off, null, (e, n) => (e ? rej(e) : res(n))),
    );
  }
}
