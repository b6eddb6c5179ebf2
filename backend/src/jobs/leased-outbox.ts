import type { Logger } from '@nestjs/common';
import mongoose, { type HydratedDocument, type Model } from 'mongoose';
import { randomUUID } from 'node:crypto';

/** How long stopping waits for a look in progress before letting go of it. */
const SHUTDOWN_GRACE_MS = 5_000;

/** What an outbox message carries for its claim: a leased `pending` document. */
export interface OutboxFields {
  status: string;
  attempts: number;
  nextAttemptAt: Date;
  claimToken: string | null;
}

/**
 * Takes the oldest due `pending` message and hides it from other workers for `leaseMs`:
 * atomic, so several API instances share one outbox without sending a message twice, and a
 * worker that dies mid-send lets the message become due again when the lease runs out.
 * Counts the attempt; the caller settles the message through `{ _id, claimToken }`.
 */
export function claimDue<T extends OutboxFields>(
  model: Model<T>,
  leaseMs: number,
): Promise<HydratedDocument<T> | null> {
  const now = Date.now();
  return model
    .findOneAndUpdate(
      { status: 'pending', nextAttemptAt: mongoose.trusted({ $lte: new Date(now) }) },
      {
        $set: { nextAttemptAt: new Date(now + leaseMs), claimToken: randomUUID() },
        $inc: { attempts: 1 },
      },
      { sort: { nextAttemptAt: 1, _id: 1 }, returnDocument: 'after' },
    )
    .exec();
}

/**
 * The worker loop of an outbox (the enquiry mails, the webhook deliveries): `look` runs
 * every `pollMs`, one look at a time (the next is scheduled when the last has finished), and
 * a failing look is logged once, not at every look, as it is typically the database being
 * away. `stop` lets a look under way finish, for a few seconds at most.
 */
export class OutboxPoller {
  private timer?: NodeJS.Timeout;
  private looking?: Promise<void>;
  private lastError?: string;
  private stopped = false;

  constructor(
    private readonly logger: Logger,
    private readonly pollMs: number,
    private readonly look: () => Promise<void>,
  ) {}

  /** Whether `stop` was called: a look checks it between messages. */
  get stopping(): boolean {
    return this.stopped;
  }

  start() {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.looking = this.lookOnce().finally(() => {
        this.looking = undefined;
        this.start();
      });
    }, this.pollMs);
    // Never the reason the process stays up; stop clears it anyway.
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    if (!this.looking) return;
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([
      this.looking,
      new Promise<void>((resolve) => {
        grace = setTimeout(resolve, SHUTDOWN_GRACE_MS);
        grace.unref();
      }),
    ]);
    clearTimeout(grace);
  }

  private async lookOnce(): Promise<void> {
    try {
      await this.look();
      this.lastError = undefined;
    } catch (error) {
      const text = error instanceof Error ? error.message : String(error);
      if (text !== this.lastError) this.logger.error(`Poll failed: ${text}`);
      this.lastError = text;
    }
  }
}
