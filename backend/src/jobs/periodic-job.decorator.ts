import { SetMetadata } from '@nestjs/common';

export const PERIODIC_JOB = 'vitrine:periodic-job';

export interface PeriodicJobOptions {
  /** The period: `30s`, `15m`, `6h`, `1d`, or milliseconds. JOB_<NAME>_EVERY overrides it. */
  every: string | number;
  /** Also run when an instance starts, if this period's run has not happened yet. */
  runAtStart?: boolean;
}

export interface PeriodicJobDefinition extends PeriodicJobOptions {
  /** Unique across the API: `trash-purge`, `daily-backup`… */
  name: string;
}

/**
 * Makes a provider's method a periodic job: once per period across every API instance
 * (a lease in MongoDB decides which), timed by @nestjs/schedule. The method takes no
 * argument; what it returns is ignored, what it throws is logged and recorded.
 *
 *   @PeriodicJob('trash-purge', { every: '1d' })
 *   async purge() { … }
 */
export const PeriodicJob = (name: string, options: PeriodicJobOptions) =>
  SetMetadata<string, PeriodicJobDefinition>(PERIODIC_JOB, { name, ...options });
