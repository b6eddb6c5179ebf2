import type { INestApplication } from '@nestjs/common';
import { Clock } from '../../src/common/clock/clock';

/**
 * Holds the apps' clocks at this moment (the same one for all) until
 * `jest.restoreAllMocks()`, for tests of what is refused while a short wait runs: the
 * sign-in throttle's first wait is 2 s, and on a loaded machine a test's next requests can
 * come after it is over, letting through the guess the test meant to see held.
 */
export function holdClock(...apps: INestApplication[]): Date {
  const moment = new Date();
  for (const app of apps)
    jest.spyOn(app.get(Clock), 'now').mockImplementation(() => new Date(moment));
  return moment;
}
