import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { Clock } from '../clock/clock';
import crypto from 'node:crypto';
import net from 'node:net';

export const LOGIN_THROTTLE_COLLECTION = 'login_throttle';

/** Wrong guesses one address may make for one name before it is slowed down. */
export const FREE_GUESSES = 5;
/** Then each wait doubles, from 2 s up to 15 minutes. */
const FIRST_DELAY_MS = 2000;
export const MAX_DELAY_MS = 15 * 60_000;
/** An address's guesses for a name are forgotten a day after its last attempt. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;
/** The ceiling per name: 10 guesses at once, then one more a minute (1,440 a day). */
export const NAME_BURST = 10;
export const NAME_REFILL_MS = 60_000;
/** An address that signed in to a name is trusted with it for 90 days. */
const TRUST_MS = 90 * 24 * 60 * 60_000;

export type Admission = { admitted: true } | { admitted: false; retryAfterSeconds: number };

interface PairCounter {
  _id: string;
  name: string;
  failures: number;
  delayMs: number;
  nextAllowedAt: Date;
  lastAttemptAt: Date;
  trustedUntil?: Date;
  expiresAt: Date;
  /** How the latest attempt went in (`enter`): 'wait', 'counted' or 'ceiling'. */
  entry?: 'wait' | 'counted' | 'ceiling';
}

interface NameCeiling {
  _id: string;
  name: string;
  tokens: number;
  refilledAt: Date;
  admitted: boolean;
  expiresAt: Date;
}

/**
 * Sign-in throttling that an attacker cannot turn against the account's owner (NIST SP
 * 800-63B 5.2.2, ASVS 2.2.1). Counted per user name whether or not the user exists, so the
 * answers tell nothing about which names are real.
 *
 * - Per pair of user name and client address, every attempt is counted when it is let in,
 *   atomically, before the password is checked: guesses sent in parallel are held exactly
 *   like sequential ones. After 5 wrong guesses each next attempt waits twice as long as
 *   the one before, from 2 s to 15 minutes, counted from the wrong answer. A success
 *   clears the pair and trusts it.
 * - Per user name, a ceiling over every address: 10 guesses at once, then one more a minute.
 *   It holds only addresses that have guessed wrong for the name before and never signed in
 *   with it: an attacker's guesses, from however many addresses, never stop the owner, who
 *   comes from a trusted address, or from one that has not guessed wrong. Whether an
 *   address is new to the name is decided in the write that counts its attempt, so of
 *   guesses sent at once from a new address only the first goes in as new: the others
 *   meet the ceiling, as they would one after the other.
 *
 * Counters live in MongoDB (collection `login_throttle`) so every API instance applies the
 * same; names and addresses are stored hashed, and a TTL index removes what has expired.
 */
@Injectable()
export class LoginThrottle {
  private indexed?: Promise<unknown>;

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly clock: Clock,
  ) {}

  /** Lets an attempt in and counts it as a failure until `succeeded()` says otherwise. */
  async admit(userName: string, address: string): Promise<Admission> {
    await this.ensureIndexes();
    const name = nameKey(userName);
    const pairId = hashed(`pair:${name}:${addressKey(address)}`);
    const now = this.clock.now();

    const entered = await this.enter(pairId, name, now);
    if (entered !== 'ceiling') return entered;
    const ceiling = await this.takeFromCeiling(name, now);
    if (!ceiling.admitted) return ceiling;
    const admitted = await this.countAttempt(pairId, name, now);
    if (!admitted.admitted) await this.giveBackToCeiling(name);
    return admitted;
  }

  /**
   * A wrong guess: the wait set when the attempt was let in counts from now, so that the
   * time spent checking the password does not eat into it.
   */
  async failed(userName: string, address: string): Promise<void> {
    const now = this.clock.now();
    await this.pairs().updateOne(
      { _id: hashed(`pair:${nameKey(userName)}:${addressKey(address)}`) },
      [{ $set: { nextAllowedAt: { $max: ['$nextAllowedAt', { $add: [now, '$delayMs'] }] } } }],
    );
  }

  /** The right password: this address's guesses are cleared, and it is trusted with the name. */
  async succeeded(userName: string, address: string): Promise<void> {
    const name = nameKey(userName);
    const now = this.clock.now().getTime();
    await this.pairs().updateOne(
      { _id: hashed(`pair:${name}:${addressKey(address)}`) },
      {
        $set: {
          name: hashed(name),
          failures: 0,
          delayMs: 0,
          nextAllowedAt: new Date(now),
          lastAttemptAt: new Date(now),
          trustedUntil: new Date(now + TRUST_MS),
          expiresAt: new Date(now + TRUST_MS),
        },
      },
      { upsert: true },
    );
  }

  /** Forgets every count for the name: an administrator's unlock, or a new password. */
  async reset(userName: string): Promise<void> {
    const name = hashed(nameKey(userName));
    await Promise.all([
      this.pairs().deleteMany({ name, trustedUntil: { $exists: false } }),
      this.pairs().updateMany(
        { name, trustedUntil: { $exists: true } },
        { $set: { failures: 0, delayMs: 0, nextAllowedAt: this.clock.now() } },
      ),
      this.ceilings().deleteMany({ name }),
    ]);
  }

  /**
   * One atomic update of the pair that decides how the attempt goes in, so attempts sent in
   * parallel are decided one after the other, as if sequential:
   * - its wait is not over: refused, and nothing counted;
   * - the address is trusted with the name, or new to it (no wrong guess in the last day):
   *   counted in the same write, so the next attempt finds the address no longer new;
   * - otherwise 'ceiling': it must take from the name's ceiling first (then `countAttempt`).
   * Deciding "new" with a read before the count let every one of five guesses sent at
   * once from a new address in as its first (issue 30).
   */
  private async enter(id: string, name: string, now: Date): Promise<Admission | 'ceiling'> {
    const forgotten = forgottenSince(now);
    const trusted = { $gt: [{ $ifNull: ['$trustedUntil', new Date(0)] }, now] };
    const fresh = { $or: [{ $eq: [{ $ifNull: ['$failures', 0] }, 0] }, forgotten] };
    const waitOver = {
      $or: [{ $eq: [{ $ifNull: ['$delayMs', 0] }, 0] }, { $lte: ['$nextAllowedAt', now] }],
    };
    const decided = {
      $cond: [
        { $not: [waitOver] },
        'wait',
        { $cond: [{ $or: [trusted, fresh] }, 'counted', 'ceiling'] },
      ],
    };
    const enter = () =>
      this.pairs().findOneAndUpdate(
        { _id: id },
        [
          { $set: { name: hashed(name), entry: decided } },
          ...countingStages(now, { $eq: ['$entry', 'counted'] }),
        ],
        { upsert: true, returnDocument: 'after' },
      );
    const pair = await enter().catch((error: unknown) => {
      // Two first attempts racing to create the counter: the loser tries once more.
      if (isDuplicateKey(error)) return enter();
      throw error;
    });
    if (pair?.entry === 'counted') return { admitted: true };
    if (pair?.entry === 'ceiling') return 'ceiling';
    return this.refusedUntil(pair?.nextAllowedAt, now);
  }

  /**
   * Counts an attempt that took from the name's ceiling, in one atomic update, if the pair's
   * wait is over (another attempt may have started one since `enter`). A pair with no wait
   * set (fewer than 5 failures, or signed in) lets any attempt in, whatever its `now`: an
   * attempt that read the time just before another one's answer was written (or on an
   * instance whose clock is a little behind) is not held by that answer's time.
   */
  private async countAttempt(id: string, name: string, now: Date): Promise<Admission> {
    const attempt = () =>
      this.pairs().findOneAndUpdate(
        {
          _id: id,
          $or: [
            { delayMs: 0 },
            { nextAllowedAt: { $lte: now } },
            { nextAllowedAt: { $exists: false } },
          ],
        },
        [{ $set: { name: hashed(name) } }, ...countingStages(now)],
        { upsert: true },
      );
    try {
      await attempt().catch((error: unknown) => {
        // Two first attempts racing to create the counter: the loser tries once more.
        if (isDuplicateKey(error)) return attempt();
        throw error;
      });
      return { admitted: true };
    } catch (error) {
      // The counter exists and its wait is not over, so the filter did not match it.
      if (!isDuplicateKey(error)) throw error;
      const pair = await this.pairs().findOne({ _id: id });
      return this.refusedUntil(pair?.nextAllowedAt, now);
    }
  }

  private refusedUntil(nextAllowedAt: Date | undefined, now: Date): Admission {
    const waitMs = (nextAllowedAt ?? now).getTime() - this.clock.now().getTime();
    return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  /** Takes one guess from the name's ceiling, refilled at one a minute up to 10. */
  private async takeFromCeiling(name: string, now: Date): Promise<Admission> {
    const refilled = {
      $min: [
        NAME_BURST,
        {
          $add: [
            { $ifNull: ['$tokens', NAME_BURST] },
            { $divide: [{ $subtract: [now, { $ifNull: ['$refilledAt', now] }] }, NAME_REFILL_MS] },
          ],
        },
      ],
    };
    const update = [
      { $set: { name: hashed(name), tokens: refilled, refilledAt: now } },
      { $set: { admitted: { $gte: ['$tokens', 1] } } },
      {
        $set: {
          tokens: { $cond: ['$admitted', { $subtract: ['$tokens', 1] }, '$tokens'] },
          expiresAt: new Date(now.getTime() + NAME_BURST * NAME_REFILL_MS),
        },
      },
    ];
    const take = () =>
      this.ceilings().findOneAndUpdate({ _id: hashed(`name:${name}`) }, update, {
        upsert: true,
        returnDocument: 'after',
      });
    const ceiling = await take().catch((error: unknown) => {
      if (isDuplicateKey(error)) return take();
      throw error;
    });
    if (ceiling?.admitted !== false) return { admitted: true };
    const waitMs = (1 - ceiling.tokens) * NAME_REFILL_MS;
    return { admitted: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
  }

  private async giveBackToCeiling(name: string): Promise<void> {
    await this.ceilings().updateOne({ _id: hashed(`name:${name}`) }, [
      { $set: { tokens: { $min: [NAME_BURST, { $add: ['$tokens', 1] }] } } },
    ]);
  }

  private pairs() {
    return this.db().collection<PairCounter>(LOGIN_THROTTLE_COLLECTION);
  }

  private ceilings() {
    return this.db().collection<NameCeiling>(LOGIN_THROTTLE_COLLECTION);
  }

  private db() {
    if (!this.connection.db) throw new Error('The database is not connected');
    return this.connection.db;
  }

  private ensureIndexes(): Promise<unknown> {
    this.indexed ??= Promise.all([
      this.pairs().createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: 'expiresAt_ttl' }),
      this.pairs().createIndex({ name: 1 }, { name: 'name' }),
    ]).catch((error: unknown) => {
      this.indexed = undefined;
      throw error;
    });
    return this.indexed;
  }
}

/** Whether the pair's last attempt is over a day old: its guesses are forgotten. */
function forgottenSince(now: Date) {
  return {
    $lt: [{ $ifNull: ['$lastAttemptAt', now] }, new Date(now.getTime() - FORGET_AFTER_MS)],
  };
}

/**
 * The stages of an update pipeline that count one attempt on a pair, setting the wait for
 * the next one in the same write; with `when`, only where that expression holds (every
 * field is left as it is elsewhere).
 */
function countingStages(now: Date, when: unknown = true) {
  const forgotten = forgottenSince(now);
  const only = (value: unknown, field: string) => ({ $cond: [when, value, `$${field}`] });
  return [
    {
      $set: {
        failures: only({ $cond: [forgotten, 0, { $ifNull: ['$failures', 0] }] }, 'failures'),
        delayMs: only({ $cond: [forgotten, 0, { $ifNull: ['$delayMs', 0] }] }, 'delayMs'),
      },
    },
    {
      $set: {
        failures: only({ $add: ['$failures', 1] }, 'failures'),
        lastAttemptAt: only(now, 'lastAttemptAt'),
      },
    },
    {
      $set: {
        delayMs: only(
          {
            $cond: [
              { $gte: ['$failures', FREE_GUESSES] },
              { $min: [MAX_DELAY_MS, { $max: [FIRST_DELAY_MS, { $multiply: ['$delayMs', 2] }] }] },
              0,
            ],
          },
          'delayMs',
        ),
      },
    },
    {
      $set: {
        nextAllowedAt: only({ $add: [now, '$delayMs'] }, 'nextAllowedAt'),
        expiresAt: only(
          {
            $max: [new Date(now.getTime() + FORGET_AFTER_MS), { $ifNull: ['$trustedUntil', now] }],
          },
          'expiresAt',
        ),
      },
    },
  ];
}

/** User names are matched without regard to case or surrounding spaces, as at sign-in. */
function nameKey(userName: string): string {
  return userName.trim().toLowerCase();
}

/**
 * The part of a client address that identifies a client: an IPv4 address (also when
 * written IPv4-mapped), or an IPv6 /64, since anyone holding one /64 has all 2^64 of it.
 */
export function addressKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return mapped[1];
  if (!net.isIPv6(address)) return address;
  const [head, tail = ''] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  const missing = 8 - groups(head).length - groups(tail).length;
  const full = [...groups(head), ...Array(Math.max(0, missing)).fill('0'), ...groups(tail)];
  return `${full
    .slice(0, 4)
    .map((group) => parseInt(group, 16).toString(16))
    .join(':')}::/64`;
}

function hashed(key: string): string {
  return crypto.createHash('sha256').update(key).digest('base64url');
}

function isDuplicateKey(error: unknown): boolean {
  return (error as { code?: unknown })?.code === 11000;
}
