import { Injectable } from '@nestjs/common';
import { InjectModel } from '@nestjs/mongoose';
import type { Model } from 'mongoose';
import { Clock } from '../common/clock/clock';
import { IDEMPOTENCY_KEY_LIFETIME_SECONDS, IdempotencyRecord } from './idempotency-record.schema';

/**
 * How long a running request holds its key. Longer than any request runs (uploads
 * included, and an instance paused for a while), so that a retry is never a second
 * execution of a request still under way; short enough that a key whose instance died
 * mid-request can be used again the same morning.
 */
export const RUNNING_LOCK_MS = 5 * 60_000;

export interface IdempotentRequest {
  scope: string;
  key: string;
  fingerprint: string;
  method: string;
  path: string;
}

export interface StoredAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export type Claim =
  /** The key is this request's: run it, then `finish` or `release`. */
  | { outcome: 'claimed'; id: string }
  /** The first request with the key is still running. */
  | { outcome: 'running' }
  /** The key was used for another request (method, path or body). */
  | { outcome: 'mismatch'; method: string; path: string }
  /** The first request answered: this is its answer. */
  | { outcome: 'replay'; answer: StoredAnswer };

const DUPLICATE_KEY = 11000;

@Injectable()
export class IdempotencyStore {
  constructor(
    @InjectModel(IdempotencyRecord.name) private readonly records: Model<IdempotencyRecord>,
    private readonly clock: Clock,
  ) {}

  /**
   * Takes the key for this request, or says why not. One atomic insert decides between
   * concurrent requests with the same key (the unique index on scope and key): only one
   * ever runs.
   */
  async claim(request: IdempotentRequest): Promise<Claim> {
    for (let attempt = 0; attempt < 5; attempt++) {
      const now = this.clock.now();
      const fresh = {
        ...request,
        state: 'running' as const,
        lockedUntil: new Date(now.getTime() + RUNNING_LOCK_MS),
        createdAt: now,
      };
      try {
        const created = await this.records.create(fresh);
        return { outcome: 'claimed', id: String(created._id) };
      } catch (error) {
        if ((error as { code?: unknown }).code !== DUPLICATE_KEY) throw error;
      }
      const existing = await this.records.findOne({ scope: request.scope, key: request.key });
      if (!existing) continue; // released (a 5xx) between the insert and the read
      const expired =
        existing.createdAt.getTime() + IDEMPOTENCY_KEY_LIFETIME_SECONDS * 1000 <= now.getTime();
      const abandoned =
        existing.state === 'running' && (existing.lockedUntil?.getTime() ?? 0) <= now.getTime();
      if (expired || abandoned) {
        // The TTL monitor runs once a minute: a key past its day is gone already.
        const taken = await this.records.findOneAndReplace(
          { _id: existing._id, state: existing.state, createdAt: existing.createdAt },
          fresh,
          { returnDocument: 'after' },
        );
        if (taken) return { outcome: 'claimed', id: String(taken._id) };
        continue;
      }
      if (existing.fingerprint !== request.fingerprint)
        return { outcome: 'mismatch', method: existing.method, path: existing.path };
      if (existing.state === 'running') return { outcome: 'running' };
      return {
        outcome: 'replay',
        answer: {
          status: existing.status ?? 200,
          headers: existing.headers ?? {},
          body: Buffer.from(existing.body ?? []),
        },
      };
    }
    // The key changed hands five times while this request looked at it.
    return { outcome: 'running' };
  }

  /** Keeps the answer of the request that claimed the key, for its retries. */
  async finish(id: string, answer: StoredAnswer): Promise<void> {
    await this.records.updateOne(
      { _id: id, state: 'running' },
      { $set: { state: 'done', ...answer }, $unset: { lockedUntil: 1 } },
    );
  }

  /** Gives the key up (the request failed on the server's side), so a retry runs anew. */
  async release(id: string): Promise<void> {
    await this.records.deleteOne({ _id: id, state: 'running' });
  }
}
