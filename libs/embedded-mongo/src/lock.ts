/**
 * The dbPath lock: one server per dbPath, and a crash never leaves the dbPath locked.
 *
 * `mongod.lock` holds its owner as JSON: `{ pid, startTime, host, port }`. A pid alone is not
 * proof of life: `kill(pid, 0)` succeeds on a killed server that its parent has not reaped yet
 * (a zombie), and on an unrelated process that was given the same pid later (containers reuse
 * pids all the time). So the owner counts as alive only if `/proc/<pid>/stat` shows a process
 * that is not a zombie and that started at the recorded time (field 22, in clock ticks since
 * boot). Where there is no `/proc` (macOS), `kill(pid, 0)` is all there is.
 *
 * `host` and `port` are added once the server listens, so tools such as the backup command can
 * reach a running server through its dbPath instead of reading files it is writing.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { FILE_MODE, readCredentials, uriWithCredentials } from './credentials';
import type { Logger } from './logger';

export const LOCK_FILE = 'mongod.lock';

export interface LockOwner {
  pid: number;
  /** Start time of the process in clock ticks since boot (`/proc/<pid>/stat` field 22). */
  startTime?: string;
  host?: string;
  port?: number;
}

export class DbPathLockedError extends Error {
  constructor(
    readonly dbPath: string,
    readonly pid: number,
  ) {
    super(
      `embedded-mongo: dbPath ${dbPath} is already in use by another running server (pid ${pid}, lock file ${path.join(dbPath, LOCK_FILE)}). Stop that process or use a different --dbpath.`,
    );
    this.name = 'DbPathLockedError';
  }
}

type ProcessInfo = { alive: false } | { alive: true; startTime?: string };

const hasProc = fs.existsSync('/proc/self/stat');

/** Whether `pid` is a live (not zombie) process, and when it started where the system says. */
export function inspectProcess(pid: number): ProcessInfo {
  if (!hasProc) {
    try {
      process.kill(pid, 0);
      return { alive: true };
    } catch (error) {
      return { alive: (error as NodeJS.ErrnoException).code === 'EPERM' };
    }
  }
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return { alive: false };
  }
  // The command name (field 2) may contain spaces and parentheses; field 3 starts after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const state = fields[0];
  if (state === 'Z' || state === 'X' || state === 'x') return { alive: false };
  return { alive: true, startTime: fields[19] };
}

/** Reads an owner record: today's JSON, or the bare pid that earlier versions wrote. */
export function parseLockOwner(text: string): LockOwner | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const owner = JSON.parse(trimmed) as LockOwner;
    return Number.isInteger(owner?.pid) && owner.pid > 0 ? owner : undefined;
  } catch {
    return undefined;
  }
}

/** Lock files held by servers in this process. */
const heldLocks = new Set<string>();

function ownerAlive(owner: LockOwner, lockPath: string): boolean {
  // Our own pid is a live owner only if this process really holds the lock; otherwise it is a
  // leftover from an earlier process that had the same pid.
  if (owner.pid === process.pid) return heldLocks.has(lockPath);
  const info = inspectProcess(owner.pid);
  if (!info.alive) return false;
  return !owner.startTime || !info.startTime || owner.startTime === info.startTime;
}

function readOwner(lockPath: string): LockOwner | undefined {
  try {
    return parseLockOwner(fs.readFileSync(lockPath, 'utf8'));
  } catch {
    return undefined;
  }
}

/**
 * The live server that owns `dbPath`, if any: its pid and, once it listens, its address.
 * Undefined when the dbPath is free or its lock is stale.
 */
export function liveLockOwner(dbPath: string): LockOwner | undefined {
  let lockPath: string;
  try {
    lockPath = path.join(fs.realpathSync(dbPath), LOCK_FILE);
  } catch {
    return undefined;
  }
  const owner = readOwner(lockPath);
  return owner && ownerAlive(owner, lockPath) ? owner : undefined;
}

export class DbPathLock {
  private owner: LockOwner;

  private constructor(readonly lockPath: string) {
    const self = inspectProcess(process.pid);
    this.owner = { pid: process.pid, startTime: self.alive ? self.startTime : undefined };
  }

  /** Takes the lock of `dbPath` (which must exist), or throws DbPathLockedError. */
  static acquire(dbPath: string, logger: Logger): DbPathLock {
    const lock = new DbPathLock(path.join(fs.realpathSync(dbPath), LOCK_FILE));
    for (let attempt = 0; attempt < 3; attempt++) {
      if (lock.tryCreate()) {
        heldLocks.add(lock.lockPath);
        return lock;
      }
      const owner = readOwner(lock.lockPath);
      if (owner && ownerAlive(owner, lock.lockPath)) throw new DbPathLockedError(dbPath, owner.pid);
      logger.warn(
        `embedded-mongo: taking over stale lock file ${lock.lockPath} (pid ${owner?.pid ?? 'unreadable'} is not running)`,
      );
      try {
        fs.unlinkSync(lock.lockPath);
      } catch {
        // someone else removed it; retry
      }
    }
    throw new Error(`embedded-mongo: could not acquire lock file ${lock.lockPath}`);
  }

  /** Records where the server listens, replacing the file in one rename so readers never see half of it. */
  publishAddress(host: string, port: number): void {
    this.owner = { ...this.owner, host, port };
    const temporaryPath = `${this.lockPath}.${process.pid}.tmp`;
    fs.writeFileSync(temporaryPath, `${JSON.stringify(this.owner)}\n`, { mode: FILE_MODE });
    fs.renameSync(temporaryPath, this.lockPath);
  }

  release(): void {
    heldLocks.delete(this.lockPath);
    try {
      fs.unlinkSync(this.lockPath);
    } catch {
      // already gone
    }
  }

  private tryCreate(): boolean {
    let fd: number;
    try {
      fd = fs.openSync(this.lockPath, 'wx', FILE_MODE);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
    try {
      fs.writeSync(fd, `${JSON.stringify(this.owner)}\n`);
      fs.fsyncSync(fd);
    } finally {
      fs.closeSync(fd);
    }
    return true;
  }
}

/**
 * `mongodb://user:password@host:port/` of the live server that owns `dbPath`, if it is
 * listening yet, with the credentials it keeps there. A server bound to every interface is
 * reached on the loopback one.
 */
export function runningServerUri(dbPath: string): string | undefined {
  const owner = liveLockOwner(dbPath);
  if (!owner?.port) return undefined;
  const host =
    !owner.host || owner.host === '0.0.0.0'
      ? '127.0.0.1'
      : owner.host === '::'
        ? '::1'
        : owner.host;
  const credentials = readCredentials(dbPath);
  if (!credentials) {
    const hostPart = host.includes(':') ? `[${host}]` : host;
    return `mongodb://${hostPart}:${owner.port}/`;
  }
  return uriWithCredentials(host, owner.port, credentials);
}
