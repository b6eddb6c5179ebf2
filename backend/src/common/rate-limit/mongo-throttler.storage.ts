import type { ThrottlerStorage } from '@nestjs/throttler';
import type { Connection } from 'mongoose';
import crypto from 'node:crypto';
import { SystemClock, type Clock } from '../clock/clock';

/** What @nestjs/throttler expects back from a storage (its own type is not exported). */
export interface ThrottlerStorageRecord {
  totalHits: number;
  /** Seconds until the window ends. */
  timeToExpire: number;
  isBlocked: boolean;
  /** Seconds until the block ends. */
  timeToBlockExpire: number;
}

export const RATE_LIMIT_COLLECTION = 'rate_limits';
/** Later than any block: a counter without one is never "after its block". */
const NEVER = new Date(8.64e15);

interface Counter {
  _id: string;
  throttler: string;
  hits: number;
  windowEndsAt: Date;
  blockedUntil: Date | null;
  /** When the document is of no more use: MongoDB's TTL monitor removes it after. */
  expiresAt: Date;
}

/**
 * @nestjs/throttler's counters in MongoDB, so that every API instance counts against the
 * same limit: N instances no longer allow N times the requests. One atomic update per hit
 * (no read-then-write for concurrent requests to race through): a fixed window of `ttl`
 * ms; the hit that goes over `limit` starts a block of `blockDuration` ms, during which
 * hits are refused and not counted; after it, counting starts afresh. Keys are hashed, so
 * client addresses and user names are not stored as such.
 */
export class MongoThrottlerStorage implements ThrottlerStorage {
  private indexed?: Promise<unknown>;

  constructor(
    private readonly connection: Connection,
    private readonly clock: Pick<Clock, 'now'> = new SystemClock(),
  ) {}

  async increment(
    key: string,
    ttl: number,
    limit: number,
    blockDuration: number,
    throttlerName: string,
  ): Promise<ThrottlerStorageRecord> {
    const counters = this.counters();
    await this.ensureIndex();
    const now = this.clock.now();
    const windowOver = {
      $or: [
        { $lte: [{ $ifNull: ['$windowEndsAt', new Date(0)] }, now] },
        { $lte: [{ $ifNull: ['$blockedUntil', NEVER] }, now] },
      ],
    };
    const blockOver = { $lte: [{ $ifNull: ['$blockedUntil', now] }, now] };
    const update = [
      // A window (or a block) that has ended starts a new window.
      {
        $set: {
          throttler: throttlerName,
          hits: { $cond: [windowOver, 0, '$hits'] },
          blockedUntil: { $cond: [blockOver, null, '$blockedUntil'] },
          windowEndsAt: { $cond: [windowOver, new Date(now.getTime() + ttl), '$windowEndsAt'] },
        },
      },
      // Hits during a block are refused, not counted.
      {
        $set: {
          hits: { $cond: [{ $eq: ['$blockedUntil', null] }, { $add: ['$hits', 1] }, '$hits'] },
        },
      },
      {
        $set: {
          blockedUntil: {
            $cond: [
              { $and: [{ $eq: ['$blockedUntil', null] }, { $gt: ['$hits', limit] }] },
              new Date(now.getTime() + blockDuration),
              '$blockedUntil',
            ],
          },
        },
      },
      { $set: { expiresAt: { $max: ['$windowEndsAt', { $ifNull: ['$blockedUntil', now] }] } } },
    ];
    const hit = () =>
      counters.findOneAndUpdate({ _id: hashed(key) }, update, {
        upsert: true,
        returnDocument: 'after',
      });
    // Two first hits racing to insert: the loser's retry updates the winner's document.
    const counter = await hit().catch((error: unknown) => {
      if ((error as { code?: unknown }).code === 11000) return hit();
      throw error;
    });
    if (!counter) throw new Error('The rate-limit counter could not be updated');
    const seconds = (until: Date | null) =>
      until ? Math.max(0, Math.ceil((until.getTime() - now.getTime()) / 1000)) : 0;
    return {
      totalHits: counter.hits,
      timeToExpire: seconds(counter.windowEndsAt),
      isBlocked: counter.blockedUntil !== null,
      timeToBlockExpire: seconds(counter.blockedUntil),
    };
  }

  private counters() {
    if (!this.connection.db) throw new Error('The database is not connected');
    return this.connection.db.collection<Counter>(RATE_LIMIT_COLLECTION);
  }

  /** The TTL index that removes counters nobody needs any more; created once per process. */
  private ensureIndex(): Promise<unknown> {
    this.indexed ??= this.counters()
      .createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expiresAt_ttl' })
      .catch((error: unknown) => {
        this.indexed = undefined;
        throw error;
      });
    return this.indexed;
  }
}

function hashed(key: string): string {
  return crypto.createHash('sha256').update(key).digest('base64url');
}
