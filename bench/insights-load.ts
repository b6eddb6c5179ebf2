/**
 * For bench:api (and on its own): what counting views costs the database. An API of its own
 * on a database server of its own, reached through the write counter (bench/write-counter.ts),
 * with the production flush (INSIGHTS_FLUSH_MS 5 s); `rate` views a second for `duration`
 * seconds, a fifth as beacons (`POST /api/insights/events`, from many distinct visitors behind
 * one trusted proxy; `--beacons` sets the part), the rest as three shells' reports
 * (`POST /api/insights/views`, each shell a batch every 3 s, as shell/server/insights.ts
 * sends them). Then the views counted (read back from the API)
 * and the writes the API made, per second of the run, its last flush included.
 *
 *   node -r @swc-node/register bench/insights-load.ts [--duration 10] [--rate 1000] [--beacons 0.2]
 */
import autocannon from 'autocannon';
import crypto from 'node:crypto';
import { readOptions, run, startApi, startDatabase } from './support';
import { withDatabase } from './api-after-save';
import { startWriteCounter, writtenBetween, type WriteCounts } from './write-counter';

/** Visitors, each an address and a browser; a visitor sends a view every few seconds. */
const VISITORS = 5_000;
const USER_AGENTS = [
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
  'Mozilla/5.0 (iPad; CPU OS 17_6 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.6 Mobile/15E148 Safari/604.1',
];
const PAGES = ['/', '/product', '/gallery', '/about', '/contact-us', '/singleproject/teak-chair'];
const REFERRERS = ['https://www.google.com/', 'https://l.instagram.com/', '', undefined];
/**
 * The part sent as beacons: a visit's first page is the shell's (counted in its report), the
 * beacons are the moves after it. One API instance on a shared two-core machine answers a few
 * hundred beacons a second (about 6 ms of CPU each, Nest's pipeline and the log line).
 */
const BEACON_SHARE = 0.2;
/** Three shells, each sending its batch every 3 s (shell/server/insights.ts), in turn. */
const SHELLS = 3;
const SHELL_EVERY_MS = 3000;

const visitor = (n: number) => ({
  address: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`,
  userAgent: USER_AGENTS[n % USER_AGENTS.length],
});

export interface InsightsLoadResult {
  rate: number;
  durationS: number;
  /** Views the API counted, read back from its summary. */
  counted: number;
  /** Views sent, and beacons not answered 202. */
  sent: number;
  refused: number;
  written: WriteCounts;
  /** Distinct visitors seen. */
  visitors: number;
  beaconShare: number;
}

export async function insightsLoad({
  rate,
  durationS,
  beaconShare = BEACON_SHARE,
  mongodbUri,
}: {
  rate: number;
  durationS: number;
  /** The part of the views sent as beacons; the shells report the rest. */
  beaconShare?: number;
  mongodbUri?: string;
}): Promise<InsightsLoadResult> {
  const database = mongodbUri ? undefined : await startDatabase();
  const counter = await startWriteCounter(
    withDatabase(mongodbUri ?? database?.uri ?? '', 'vitrine-bench-insights'),
  );
  const shellToken = crypto.randomBytes(24).toString('base64url');
  const api = await startApi({
    mongodbUri: counter.uri,
    env: { SHELL_TOKEN: shellToken, TRUST_PROXY: '1', SEED_DEMO: 'false' },
  });
  try {
    const admin = { Authorization: `Bearer ${api.token}` };
    const summary = async () =>
      (await (await fetch(`${api.base}/api/insights/summary`, { headers: admin })).json()) as {
        views: number;
        visitors: number;
      };
    // The day's salt is made by the first view (one write a day): made before the run.
    await fetch(`${api.base}/api/insights/events`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'User-Agent': USER_AGENTS[0] },
      body: JSON.stringify({ type: 'view', path: '/' }),
    });
    await new Promise((resolve) => setTimeout(resolve, 6000));
    const before = await summary();

    let n = 0;
    let shellViews = 0;
    const shellBatch = Math.round((rate * (1 - beaconShare) * SHELL_EVERY_MS) / 1000 / SHELLS);
    const sendBatch = async () => {
      const at = new Date().toISOString();
      const views = Array.from({ length: shellBatch }, () => {
        const k = n++;
        const referrer = REFERRERS[k % REFERRERS.length];
        return {
          path: PAGES[k % PAGES.length],
          ...(referrer ? { referrer } : {}),
          at,
          ...visitor(k % VISITORS),
        };
      });
      const answer = await fetch(`${api.base}/api/insights/views`, {
        method: 'POST',
        headers: { Authorization: `Shell ${shellToken}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({ views }),
      });
      if (answer.status !== 202) throw new Error(`the shell's report answered ${answer.status}`);
      shellViews += views.length;
    };
    const written = counter.counts();
    const batches: Promise<void>[] = [];
    const shells = setInterval(() => {
      if (shellBatch) batches.push(sendBatch());
    }, SHELL_EVERY_MS / SHELLS);
    const beacons = await autocannon({
      url: api.base,
      connections: 20,
      duration: durationS,
      overallRate: rate * beaconShare,
      requests: [
        {
          method: 'POST',
          setupRequest: (request) => {
            const k = n++;
            const who = visitor(k % VISITORS);
            const referrer = REFERRERS[k % REFERRERS.length];
            return {
              ...request,
              path: '/api/insights/events',
              headers: {
                'Content-Type': 'text/plain;charset=UTF-8',
                'User-Agent': who.userAgent,
                'X-Forwarded-For': who.address,
              },
              body: JSON.stringify({ type: 'view', path: PAGES[k % PAGES.length], referrer }),
            };
          },
        },
      ],
    });
    clearInterval(shells);
    await Promise.all(batches);
    const sent = beacons['2xx'] + shellViews;
    // The last window is written at the next flush (5 s at most).
    let after = await summary();
    for (let i = 0; i < 40 && after.views - before.views < sent; i++) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      after = await summary();
    }
    return {
      rate,
      durationS,
      counted: after.views - before.views,
      sent,
      refused: beacons.non2xx + beacons.errors + beacons.timeouts,
      written: writtenBetween(written, counter.counts()),
      visitors: after.visitors - before.visitors,
      beaconShare,
    };
  } finally {
    await api.stop();
    await counter.stop();
    await database?.stop();
  }
}

/** The result's lines, for the benchmark's table. */
export function insightsLines(result: InsightsLoadResult): string[] {
  const perSecond = (n: number) => (n / result.durationS).toFixed(1);
  const entries = Object.entries(result.written.byTarget);
  // The counting's own writes (and a shared limiter's, if beacons were limited through it);
  // the others are the API's periodic jobs (leases, webhook deliveries), views or not.
  const counting = entries
    .filter(([target]) => /\s(insights_|rate_limits)/.test(target))
    .reduce((sum, [, n]) => sum + n, 0);
  return [
    `\nInsights: ${result.rate} views/s asked for ${result.durationS} s (${Math.round(result.beaconShare * 100)}% beacons, the rest ${SHELLS} shells' reports, each every ${SHELL_EVERY_MS / 1000} s), ${VISITORS} simulated visitors, INSIGHTS_FLUSH_MS 5000`,
    `  views counted ${result.counted} (${perSecond(result.counted)}/s; answered 202 before the end: ${result.sent}; beacons refused or failed: ${result.refused}), unique visitors ${result.visitors}`,
    `  database writes ${result.written.commands} in all (${perSecond(result.written.commands)}/s), ${counting} for the counting (${perSecond(counting)}/s; target: a few dozen a second at most); ` +
      `statements in them ${result.written.statements} (${perSecond(result.written.statements)}/s)`,
    `  by command and collection: ${entries.map(([target, n]) => `${target} ×${n}`).join(', ') || 'none'}`,
  ];
}

if (require.main === module) {
  const options = readOptions({ duration: 10, rate: 1000, beacons: BEACON_SHARE });
  run(async () => {
    const result = await insightsLoad({
      rate: options.rate,
      durationS: options.duration,
      beaconShare: options.beacons,
      mongodbUri: process.env.BENCH_MONGODB_URI,
    });
    for (const line of insightsLines(result)) console.log(line);
  });
}
