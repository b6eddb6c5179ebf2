import mongoose from 'mongoose';
import { EnquiriesService } from '../src/enquiries/enquiries.service';
import { JobsService, parseDuration, type JobRun } from '../src/jobs/jobs.service';
import { waitUntil } from '@vitrine/testing';
import {
  createTestApp,
  freshDatabaseUri,
  stopTestDatabase,
  type TestApp,
} from './support/test-app';

const PERIOD_MS = 400;
const fast = {
  JOB_ENQUIRY_NOTIFICATION_SWEEP_EVERY: `${PERIOD_MS}ms`,
  JOB_RICH_TEXT_IMAGE_COLLECT_EVERY: `${PERIOD_MS}ms`,
};

const dbOf = (t: TestApp) =>
  mongoose.connections.find((c) => t.mongoUri.endsWith(`/${c.name}`))!.db!;

async function runsOf(t: TestApp, name: string): Promise<JobRun[]> {
  const lease = await dbOf(t)
    .collection('leases')
    .findOne({ _id: `job:${name}` as never });
  return (lease?.runs as JobRun[] | undefined) ?? [];
}

describe('periodic jobs', () => {
  const apps: TestApp[] = [];
  afterEach(async () => {
    jest.restoreAllMocks();
    for (const app of apps.splice(0)) await app.close();
  });
  afterAll(() => stopTestDatabase());

  it('reads periods as 30s, 15m, 6h, 1d or milliseconds', () => {
    expect([parseDuration('30s'), parseDuration('15m'), parseDuration('6h')]).toEqual([
      30_000, 900_000, 21_600_000,
    ]);
    expect(parseDuration('1d')).toBe(86_400_000);
    expect(parseDuration('250')).toBe(250);
    expect(() => parseDuration('soon')).toThrow(/Not a duration/);
  });

  it('runs each job once per period across two instances', async () => {
    const uri = await freshDatabaseUri();
    const [a, b] = await Promise.all([
      createTestApp({ MONGODB_URI: uri, ...fast }),
      createTestApp({ MONGODB_URI: uri, ...fast }),
    ]);
    apps.push(a, b);
    expect(a.app.get(JobsService).names.sort()).toEqual([
      'daily-backup',
      'enquiry-notification-sweep',
      'insights-retention',
      'orphan-media-sweep',
      'rich-text-image-collect',
      'trash-purge',
    ]);
    const sweeps = [a, b].map((t) => jest.spyOn(t.app.get(EnquiriesService), 'sweepUnqueued'));
    const fastJobs = ['enquiry-notification-sweep', 'rich-text-image-collect'];
    await waitUntil(
      async () =>
        (await Promise.all(fastJobs.map((name) => runsOf(a, name)))).every(
          (runs) => runs.length >= 4,
        ),
      10_000,
      'four runs of each fast job',
    );

    for (const name of fastJobs) {
      const periods = (await runsOf(a, name)).map((run) => run.period);
      expect(periods.length).toBeGreaterThanOrEqual(4);
      expect(new Set(periods).size).toBe(periods.length);
    }
    const calls = sweeps.map((sweep) => sweep.mock.calls.length);
    const periods = new Set((await runsOf(a, 'enquiry-notification-sweep')).map((r) => r.period));
    // Every call was one period's run: together, never more calls than periods run.
    expect(calls[0] + calls[1]).toBeLessThanOrEqual(periods.size);
  });

  it('records a failed run, and runs the job again next period', async () => {
    const t = await createTestApp({ MONGODB_URI: await freshDatabaseUri(), ...fast });
    apps.push(t);
    jest
      .spyOn(t.app.get(EnquiriesService), 'sweepUnqueued')
      .mockRejectedValueOnce(new Error('the disk is on fire'));
    const ranAfterFailing = (runs: JobRun[]) => {
      const failed = runs.findIndex((run) => run.error === 'the disk is on fire');
      return failed >= 0 && runs.slice(failed + 1).some((run) => run.error === null);
    };
    await waitUntil(
      async () => ranAfterFailing(await runsOf(t, 'enquiry-notification-sweep')),
      10_000,
      'a failed run, then a run',
    );
    const runs = await runsOf(t, 'enquiry-notification-sweep');
    const failed = runs.findIndex((run) => run.error === 'the disk is on fire');
    expect(failed).toBeGreaterThanOrEqual(0);
    expect(runs.slice(failed + 1).some((run) => run.error === null)).toBe(true);
  });
});
