import { Injectable, Logger, type OnApplicationShutdown } from '@nestjs/common';
import { ConfigService } from '@nestjs/config';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import { SchedulerRegistry } from '@nestjs/schedule';
import type { AppConfig } from '../config/app.config';
import { LeaseService } from './lease.service';
import { PERIODIC_JOB, type PeriodicJobDefinition } from './periodic-job.decorator';

/** How long a run may go on without renewing its lease before another may take over. */
const RUN_LEASE_MS = 60_000;
/** How many past runs each job keeps in its lease document. */
const KEPT_RUNS = 20;
const SHUTDOWN_GRACE_MS = 5_000;

export interface JobRun {
  period: number;
  holder: string;
  startedAt: Date;
  finishedAt: Date;
  error: string | null;
}

interface ScheduledJob extends PeriodicJobDefinition {
  everyMs: number;
  run: () => Promise<unknown>;
}

/** `30s`, `15m`, `6h`, `1d` or a number of milliseconds. */
export function parseDuration(value: string | number): number {
  if (typeof value === 'number') return value;
  const match = /^(\d+)(ms|s|m|h|d)?$/.exec(value.trim());
  if (!match) throw new Error(`Not a duration: ${value} (use 30s, 15m, 6h, 1d or milliseconds)`);
  const units: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 };
  return Number(match[1]) * units[match[2] ?? 'ms'];
}

/**
 * Runs every @PeriodicJob() method once per period across all instances.
 * Periods are counted from the epoch (period n is [n·every, (n+1)·every)), so every instance
 * agrees on them; each instance's timer asks for the current period's run, and the lease
 * `job:<name>` lets the first ask win. A run that dies leaves its period done and the next
 * period retries; a run that lasts past its period is not started twice.
 */
@Injectable()
export class JobsService implements OnApplicationShutdown {
  private readonly logger = new Logger('Jobs');
  private readonly jobs: ScheduledJob[] = [];
  private readonly running = new Set<Promise<unknown>>();
  private started = false;
  private stopping = false;

  constructor(
    private readonly discovery: DiscoveryService,
    private readonly scanner: MetadataScanner,
    private readonly reflector: Reflector,
    private readonly scheduler: SchedulerRegistry,
    private readonly leases: LeaseService,
    private readonly config: ConfigService,
  ) {}

  /** JOB_<NAME>_EVERY, validated at start-up. */
  private get jobPeriods(): Record<string, string> {
    return this.config.getOrThrow<AppConfig>('app').jobPeriods;
  }

  /** The jobs this instance schedules, by name (for tests and diagnostics). */
  get names(): string[] {
    return this.jobs.map((job) => job.name);
  }

  /**
   * Finds the jobs and starts their timers. Start-up calls it once its own work is done,
   * so that no job runs on a database that is not ready (references not yet recorded).
   */
  start() {
    if (this.started) return;
    this.started = true;
    for (const wrapper of this.discovery.getProviders()) {
      const instance = wrapper.instance as Record<string, unknown> | undefined;
      if (!instance || typeof instance !== 'object' || !wrapper.isDependencyTreeStatic()) continue;
      const prototype = Object.getPrototypeOf(instance) as object;
      for (const method of this.scanner.getAllMethodNames(prototype)) {
        const handler = instance[method];
        if (typeof handler !== 'function') continue;
        const definition = this.reflector.get<PeriodicJobDefinition | undefined>(
          PERIODIC_JOB,
          handler,
        );
        const run = () => (instance[method] as () => Promise<unknown>)();
        if (definition) this.schedule(definition, run);
      }
    }
  }

  async onApplicationShutdown() {
    this.stopping = true;
    // @nestjs/schedule clears the timers; a run under way gets a moment to finish.
    let grace: NodeJS.Timeout | undefined;
    await Promise.race([
      Promise.allSettled([...this.running]),
      new Promise((resolve) => {
        grace = setTimeout(resolve, SHUTDOWN_GRACE_MS);
        grace.unref();
      }),
    ]);
    clearTimeout(grace);
  }

  /** Runs the job's current period now, unless some instance has already run it. */
  async runDue(name: string): Promise<boolean> {
    const job = this.jobs.find((candidate) => candidate.name === name);
    if (!job) throw new Error(`No periodic job ${name}`);
    return this.tick(job);
  }

  private schedule(definition: PeriodicJobDefinition, run: () => Promise<unknown>) {
    if (this.jobs.some((job) => job.name === definition.name)) {
      throw new Error(`Two periodic jobs are named ${definition.name}`);
    }
    const override = this.jobPeriods[definition.name.toUpperCase().replace(/-/g, '_')];
    const everyMs = parseDuration(override || definition.every);
    const job: ScheduledJob = { ...definition, everyMs, run };
    this.jobs.push(job);
    const tick = () => void this.tick(job);
    const interval = setInterval(tick, everyMs);
    interval.unref();
    this.scheduler.addInterval(`job:${job.name}`, interval);
    if (job.runAtStart) {
      const first = setTimeout(tick, 0);
      first.unref();
      this.scheduler.addTimeout(`job:${job.name}:start`, first);
    }
  }

  private async tick(job: ScheduledJob): Promise<boolean> {
    if (this.stopping) return false;
    const period = Math.floor(Date.now() / job.everyMs);
    const lease = `job:${job.name}`;
    const startedAt = new Date();
    let error: string | null = null;
    const attempt = this.leases
      .whileHolding(
        lease,
        RUN_LEASE_MS,
        () =>
          job.run().catch((failure: unknown) => {
            error = failure instanceof Error ? failure.message : String(failure);
            this.logger.error(`Job ${job.name} failed: ${error}`);
          }),
        { when: { period: { $lt: period } }, set: { period, startedAt } },
      )
      .then(async (outcome) => {
        if (!outcome.ran) return false;
        const run: JobRun = {
          period,
          holder: this.leases.holder,
          startedAt,
          finishedAt: new Date(),
          error,
        };
        await this.leases.release(
          lease,
          { lastRun: run },
          { field: 'runs', value: run, keep: KEPT_RUNS },
        );
        return true;
      })
      .catch((failure: unknown) => {
        // Typically the database being away: this period is tried again at the next tick.
        this.logger.warn(`Job ${job.name} could not start: ${String(failure)}`);
        return false;
      });
    this.running.add(attempt);
    try {
      return await attempt;
    } finally {
      this.running.delete(attempt);
    }
  }
}
