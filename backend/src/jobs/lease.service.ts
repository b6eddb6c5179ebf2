import { Injectable } from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection, mongo } from 'mongoose';
import crypto from 'node:crypto';
import os from 'node:os';

export const LEASE_COLLECTION = 'leases';

/** One lease document: who holds it and until when, plus what its user keeps there. */
export interface Lease {
  _id: string;
  holder: string | null;
  until: Date;
  [field: string]: unknown;
}

/**
 * Leases in MongoDB: a named document that one API instance at a time holds, until it
 * releases it or stops renewing it (so an instance that dies lets go by itself). Start-up
 * and periodic jobs use them so that, however many instances run, a task runs once.
 */
@Injectable()
export class LeaseService {
  /** This instance, as leases name their holder. */
  readonly holder = `${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;

  constructor(@InjectConnection() private readonly connection: Connection) {}

  /**
   * Takes the lease for `ms` if it is free (never taken, released, or run out) and the
   * document also matches `when`; `set` is stored with it. Gives the document, or null if
   * another holds it (or `when` does not match).
   */
  async acquire(
    name: string,
    ms: number,
    when: Record<string, unknown> = {},
    set: Record<string, unknown> = {},
  ): Promise<Lease | null> {
    const now = new Date();
    try {
      return await this.leases().findOneAndUpdate(
        { _id: name, until: { $lte: now }, ...when },
        { $set: { holder: this.holder, until: new Date(now.getTime() + ms), ...set } },
        { upsert: true, returnDocument: 'after' },
      );
    } catch (error) {
      // The document exists and did not match: held by another, or `when` is not so.
      if ((error as { code?: unknown }).code === 11000) return null;
      throw error;
    }
  }

  /** Extends a lease this instance holds; false if it has lost it meanwhile. */
  async renew(name: string, ms: number): Promise<boolean> {
    const { matchedCount } = await this.leases().updateOne(
      { _id: name, holder: this.holder },
      { $set: { until: new Date(Date.now() + ms) } },
    );
    return matchedCount === 1;
  }

  /** Stores `set` in a lease this instance holds; false if it has lost it meanwhile. */
  async update(name: string, set: Record<string, unknown>): Promise<boolean> {
    const { matchedCount } = await this.leases().updateOne(
      { _id: name, holder: this.holder },
      { $set: set },
    );
    return matchedCount === 1;
  }

  /** Lets go of a lease this instance holds, storing `set` and pushing `push` with it. */
  async release(
    name: string,
    set: Record<string, unknown> = {},
    push?: { field: string; value: unknown; keep: number },
  ): Promise<void> {
    const update: Record<string, unknown> = { $set: { holder: null, until: new Date(), ...set } };
    if (push) update.$push = { [push.field]: { $each: [push.value], $slice: -push.keep } };
    await this.leases().updateOne(
      { _id: name, holder: this.holder },
      update as mongo.UpdateFilter<Lease>,
    );
  }

  read(name: string): Promise<Lease | null> {
    return this.leases().findOne({ _id: name });
  }

  /**
   * Runs `task` while holding the lease, renewing it meanwhile, and releases it after.
   * Gives false, without running it, if another instance holds the lease.
   */
  async whileHolding<T>(
    name: string,
    ms: number,
    task: () => Promise<T>,
    options: { when?: Record<string, unknown>; set?: Record<string, unknown> } = {},
  ): Promise<{ ran: true; result: T } | { ran: false }> {
    if (!(await this.acquire(name, ms, options.when, options.set))) return { ran: false };
    const renewal = setInterval(() => void this.renew(name, ms).catch(() => undefined), ms / 3);
    renewal.unref();
    try {
      return { ran: true, result: await task() };
    } finally {
      clearInterval(renewal);
    }
  }

  private leases() {
    if (!this.connection.db) throw new Error('The database is not connected');
    return this.connection.db.collection<Lease>(LEASE_COLLECTION);
  }
}
