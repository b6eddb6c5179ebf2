import { Global, Module } from '@nestjs/common';

/** setTimeout's longest delay (about 24.8 days); later moments are reached in steps. */
const MAX_DELAY_MS = 2 ** 31 - 1;

/**
 * The time, asked for through dependency injection rather than read from `Date`, so that
 * the tests of what happens at a moment (an item's publication, an offer's start and end)
 * can move it instead of waiting for it.
 */
export abstract class Clock {
  abstract now(): Date;
  /** Calls `task` once when `when` has come (at once if it has); gives the cancel function. */
  abstract at(when: Date, task: () => void): () => void;
}

export class SystemClock extends Clock {
  now(): Date {
    return new Date();
  }

  at(when: Date, task: () => void): () => void {
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      timer = setTimeout(
        () => {
          // Timers may fire a millisecond early: only run once the moment has really come.
          if (Date.now() >= when.getTime()) task();
          else arm();
        },
        Math.min(Math.max(when.getTime() - Date.now(), 0), MAX_DELAY_MS),
      );
      timer.unref();
    };
    arm();
    return () => clearTimeout(timer);
  }
}

@Global()
@Module({
  providers: [{ provide: Clock, useClass: SystemClock }],
  exports: [Clock],
})
export class ClockModule {}
