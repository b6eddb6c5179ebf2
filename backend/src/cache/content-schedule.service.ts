import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnModuleDestroy,
} from '@nestjs/common';
import { InjectConnection } from '@nestjs/mongoose';
import type { Connection } from 'mongoose';
import { Clock } from '../common/clock/clock';
import { ContentVersionService } from './content-version.service';

/**
 * The first moment after `now` at which some of a kind's public content appears or goes by
 * itself (a publish-at moment, an offer's start or end), or undefined if none is to come.
 */
export type NextMoment = (now: Date) => Promise<Date | undefined>;

/**
 * Public content that changes by itself: an item whose publish-at moment comes, an offer
 * whose start or end comes. No write marks those moments, so this arms a timer for the next
 * one and moves the content version on when it comes: the API's public cache, other
 * instances and the shell's rendered pages then drop what they keep, as for any save. It
 * re-arms after every change of the version (a save may add or move a moment), so it never
 * waits for a restart. Every instance arms its own timer; a few extra versions at the same
 * moment are harmless. It knows no entity: each kind with such moments registers how to
 * find its next one at start.
 */
@Injectable()
export class ContentScheduleService implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('ContentSchedule');
  private cancel?: () => void;
  private armedFor?: number;
  private stopListening?: () => void;
  /** One re-arm at a time, in order. */
  private queue: Promise<void> = Promise.resolve();
  private stopped = false;
  /** A re-arm is queued and has not started: a burst of saves needs only that one. */
  private rearmQueued = false;
  /** Each kind's next moment, as it registered. */
  private readonly kinds: NextMoment[] = [];

  constructor(
    @InjectConnection() private readonly connection: Connection,
    private readonly versions: ContentVersionService,
    private readonly clock: Clock,
  ) {}

  /** Called by each kind whose public content changes at moments of its own, at start. */
  register(nextMoment: NextMoment): void {
    this.kinds.push(nextMoment);
  }

  onApplicationBootstrap() {
    this.stopListening = this.versions.onChange(() => this.rearm());
    this.rearm();
  }

  onModuleDestroy() {
    this.stopped = true;
    this.stopListening?.();
    this.cancel?.();
  }

  /** Resolves once the re-arms and moves asked for so far are done (for tests and shutdown). */
  idle(): Promise<void> {
    return this.queue;
  }

  /** The first moment after `now` at which something visitors see appears or goes. */
  async nextMoment(now: Date): Promise<Date | undefined> {
    if (!this.connection.db) return undefined;
    const moments: Date[] = [];
    for (const nextMoment of this.kinds) {
      const next = await nextMoment(now);
      if (next) moments.push(next);
    }
    return moments.sort((a, b) => a.getTime() - b.getTime())[0];
  }

  private rearm() {
    if (this.rearmQueued) return;
    this.rearmQueued = true;
    this.enqueue(async () => {
      this.rearmQueued = false;
      const next = await this.nextMoment(this.clock.now());
      if (this.stopped || next?.getTime() === this.armedFor) return;
      this.cancel?.();
      this.cancel = undefined;
      this.armedFor = next?.getTime();
      if (!next) return;
      this.logger.debug(`Public content changes next at ${next.toISOString()}`);
      this.cancel = this.clock.at(next, () => {
        this.armedFor = undefined;
        this.enqueue(async () => {
          await this.versions.bump();
        });
        // Also when the move failed (the database away): look again for the next moment.
        this.rearm();
      });
    });
  }

  private enqueue(task: () => Promise<void>) {
    this.queue = this.queue.then(task).catch((error: unknown) => {
      const text = error instanceof Error ? error.message : String(error);
      this.logger.warn(`Scheduling the next content change failed: ${text}`);
    });
  }
}
