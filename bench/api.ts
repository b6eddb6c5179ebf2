/**
 * `npm run bench:api`: throughput and latency of the public API against express.static
 * serving the same JSON on the same machine in the same run. Each read is measured three
 * ways, one after the other: express.static, the API from its public cache (anonymous),
 * and the API's uncached path (the administrator's token, which is never cached). Then the
 * burst after a save: a save empties the cache and 50 visitors ask for the list at once.
 * Two more instances on one database server, media in GridFS (as compose runs them), give
 * an image variant served through an instance's media cache, against express.static
 * serving the same file, and the staleness between them: how long after a save through A
 * answers, B still serves what was there before.
 * The uncached reads are measured a fourth way too, as their floor: a bare node:http
 * server answering them through the same driver query and the same JSON writer, holding a
 * copy of the products in its own embedded database (bench/floor-server.ts); its answers
 * are checked to be the API's bytes. And a fifth way, the framework's floor: the same
 * handlers in a bare Nest application on Express behind a Passport guard, nothing of the
 * API's own around them. The uncached rows also show their fraction of each floor.
 * Prints a table; asserts nothing (targets are read by people, in the closing notes).
 *
 *   node -r @swc-node/register bench/api.ts [--duration 10] [--connections 50] [--rounds 1]
 *        [--rows '{id}'] [--saves 20] [--staleness-saves 40]
 *
 * With --rounds N every measurement is repeated N times (interleaved, so a busy moment of
 * a shared machine hits all of them alike); the table shows the median and the spread.
 * With --rows TEXT only the reads whose name contains TEXT are measured (`--rows '{id}'`:
 * the single product, static, cached, uncached and the floors), and the writes, the burst
 * after a save and the staleness are left out: a short A/B run of one row.
 */
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { burstAfterSave, staleness, withDatabase } from './api-after-save';
import { insightsLines, insightsLoad } from './insights-load';
import {
  API_MEMORY_ENV,
  fillProducts,
  freePort,
  median,
  percentile,
  readOptions,
  residentMemory,
  run,
  startApi,
  startDatabase,
  type DatabaseProcess,
  type RunningApi,
} from './support';
import { runningServerUri } from '../libs/embedded-mongo/src';
import { DEMO_PRODUCTS } from '../backend/src/seed/demo-content';
import { renderSwatch } from '../backend/src/seed/patterns';

const OPTIONS = readOptions({
  duration: 10,
  connections: 50,
  rounds: 1,
  rows: undefined,
  /** Saves in the burst measurement, each followed by `connections` simultaneous reads. */
  saves: 20,
  /** Saves through one instance timed until the other shows them. */
  'staleness-saves': 40,
});
const DURATION = OPTIONS.duration;
const CONNECTIONS = OPTIONS.connections;
const ROUNDS = OPTIONS.rounds;
const ROWS = OPTIONS.rows;
const SAVES = OPTIONS.saves;
const STALENESS_SAVES = OPTIONS['staleness-saves'];
const FLOOR = 'floor: bare http + driver';
const NEST_FLOOR = 'floor: Nest + Passport';
/** Views a second the insights row sends (bench/insights-load.ts). */
const INSIGHTS_RATE = 1000;

interface Measure {
  acknowledged: number;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(options: autocannon.Options): Promise<Measure> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  return {
    acknowledged: result['2xx'],
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

interface Read {
  name: string;
  url: string;
  /** Measured with the administrator's token too: the uncached path. */
  uncached?: boolean;
  /** The API that serves it, if not the single instance; and what its row is called. */
  from?: RunningApi;
  servedBy?: string;
  /** Where express.static has the same bytes, if not under the encoded URL + .json. */
  staticPath?: string;
}

async function main() {
  // The embedded database unless BENCH_MONGODB_URI names a real one.
  const api = await startApi({
    env: { ENQUIRY_RATE_LIMIT: '100000000' },
    mongodbUri: process.env.BENCH_MONGODB_URI,
  });
  const { base, token } = api;
  // On a fresh data directory: the first start, which seeds the demo content.
  const memoryAtStart = residentMemory(api.pid);
  const admin = { Authorization: `Bearer ${token}` };
  // The same bodies as files, for express.static.
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-static-'));
  let staticServer: ChildProcess | undefined;
  const floorServers: ChildProcess[] = [];
  // Two instances started together on one database server (or on BENCH_MONGODB_URI's
  // server, in a database of their own), media in GridFS.
  let database: DatabaseProcess | undefined;
  const pair: RunningApi[] = [];
  try {
    const shared = process.env.BENCH_MONGODB_URI ?? (database = await startDatabase()).uri;
    const sharedUri = withDatabase(shared, 'vitrine-bench-pair');
    await Promise.all(
      [0, 1].map(async () =>
        pair.push(
          await startApi({
            env: { MEDIA_STORAGE: 'gridfs', SEED_DEMO: 'false' },
            mongodbUri: sharedUri,
          }),
        ),
      ),
    );
    const [a, b] = pair;
    // 50 products: the demo catalogue plus plain ones.
    await fillProducts(api, 50);
    const products = (await (await fetch(`${base}/api/product?limit=50`)).json()) as {
      _id: string;
    }[];
    const one = products[0]._id;

    const reads: Read[] = [
      { name: 'GET /api/product?limit=50', url: '/api/product?limit=50', uncached: true },
      { name: 'GET /api/product/{id}', url: `/api/product/${one}`, uncached: true },
      { name: 'GET /api/product/getcategory', url: '/api/product/getcategory' },
      { name: 'GET /api/service/', url: '/api/service/' },
      { name: 'GET /api/reviews/', url: '/api/reviews/' },
    ];

    const sizes = new Map<string, string>();
    // A demo photo, uploaded through A with a product: its 640 px variant (as a product
    // card asks for it) from A's media cache, and the product for the staleness.
    const form = new FormData();
    form.append('ProductName', 'Bench swatch');
    form.append('ProductCategory', 'Linen');
    const photo = await renderSwatch(DEMO_PRODUCTS.Linen[0].swatch);
    form.append('Userimg', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'swatch.png');
    const created = await fetch(`${a.base}/api/product/`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${a.token}` },
      body: form,
    });
    if (created.status !== 201) throw new Error(`the upload through A answered ${created.status}`);
    const pictured = (await created.json()) as {
      _id: string;
      media: { variants: { width: number; url: string }[] };
    };
    const variant = pictured.media.variants.find((candidate) => candidate.width === 640);
    if (!variant) throw new Error('the photo has no 640 px variant');
    const image = Buffer.from(await (await fetch(`${a.base}${variant.url}`)).arrayBuffer());
    fs.mkdirSync(path.join(staticDir, 'uploads'));
    fs.writeFileSync(path.join(staticDir, variant.url), image);
    sizes.set('GET /uploads/{640 px variant}', `${(image.length / 1024).toFixed(1)} KB`);
    reads.push({
      name: 'GET /uploads/{640 px variant}',
      url: variant.url,
      from: a,
      servedBy: 'GridFS, cached',
      staticPath: variant.url,
    });

    for (const read of reads.filter((candidate) => !candidate.from)) {
      const file = path.join(staticDir, `${encodeURIComponent(read.url)}.json`);
      const body = Buffer.from(await (await fetch(`${base}${read.url}`)).arrayBuffer());
      fs.writeFileSync(file, body);
      sizes.set(read.name, `${(body.length / 1024).toFixed(1)} KB`);
      if (read.uncached) {
        const asAdmin = await (await fetch(`${base}${read.url}`, { headers: admin })).arrayBuffer();
        if (asAdmin.byteLength !== body.length)
          sizes.set(
            read.name,
            `${sizes.get(read.name)}, ${(asAdmin.byteLength / 1024).toFixed(1)} KB with the token`,
          );
      }
    }
    // The floor, on a copy of the products as they are now (before any save below).
    const sourceUri = api.dataDir && runningServerUri(path.join(api.dataDir, 'db'));
    if (!sourceUri) throw new Error("the API's embedded database cannot be found");
    const floors = new Map<string, string>();
    for (const [name, framework] of [
      [FLOOR, 'http'],
      [NEST_FLOOR, 'nest'],
    ]) {
      const floorPort = await freePort();
      const floor = fork(
        path.join(__dirname, 'floor-server.ts'),
        [sourceUri, String(floorPort), framework],
        {
          env: {
            ...process.env,
            ...API_MEMORY_ENV,
            NODE_ENV: 'production',
            // Its decorators (Nest's floor) are compiled as the bench's tsconfig says.
            SWC_NODE_PROJECT: path.join(__dirname, 'tsconfig.json'),
          },
        },
      );
      floorServers.push(floor);
      await new Promise((resolve, reject) => {
        floor.once('message', resolve);
        floor.once('exit', (code) => reject(new Error(`the floor server exited with ${code}`)));
      });
      floors.set(name, `http://127.0.0.1:${floorPort}`);
    }
    for (const read of reads.filter((candidate) => candidate.uncached)) {
      const [fromApi, ...fromFloors] = await Promise.all(
        [base, ...floors.values()].map(async (at) =>
          Buffer.from(await (await fetch(`${at}${read.url}`, { headers: admin })).arrayBuffer()),
        ),
      );
      if (fromFloors.some((fromFloor) => !fromApi.equals(fromFloor)))
        throw new Error(`a floor's answer to ${read.url} is not the API's`);
    }

    const staticPort = await freePort();
    const server = fork(path.join(__dirname, 'static-server.js'), [staticDir, String(staticPort)]);
    staticServer = server;
    await new Promise((resolve) => server.once('message', resolve));

    /** measurements[read][variant] = one Measure per round */
    const measurements = new Map<string, Map<string, Measure[]>>();
    const record = (read: string, variant: string, measure: Measure) => {
      const variants = measurements.get(read) ?? new Map<string, Measure[]>();
      variants.set(variant, [...(variants.get(variant) ?? []), measure]);
      measurements.set(read, variants);
    };
    const enquiries: Measure[] = [];
    const burstLatencies: number[][] = [];
    const staleDelays: number[][] = [];
    const enquiryBody = JSON.stringify({
      FirstName: 'Bench',
      LastName: 'Mark',
      Email: 'bench@example.com',
      PhoneNumber: '+91 98765 43210',
      Message: 'Load test enquiry',
      source: 'contact',
      website: '',
    });

    const measured = reads.filter((read) => ROWS === undefined || read.name.includes(ROWS));
    for (let round = 0; round < ROUNDS; round++) {
      for (const read of measured) {
        const staticPath =
          read.staticPath ?? `/${encodeURIComponent(encodeURIComponent(read.url))}.json`;
        record(
          read.name,
          'express.static',
          await load({ url: `http://127.0.0.1:${staticPort}${staticPath}` }),
        );
        record(
          read.name,
          read.servedBy ?? 'cached',
          await load({ url: `${(read.from ?? api).base}${read.url}` }),
        );
        if (read.uncached)
          record(
            read.name,
            'uncached (token)',
            await load({ url: `${base}${read.url}`, headers: admin }),
          );
        if (read.uncached)
          for (const [name, floorBase] of floors)
            record(read.name, name, await load({ url: `${floorBase}${read.url}`, headers: admin }));
      }
      if (ROWS !== undefined) continue;
      enquiries.push(
        await load({
          url: `${base}/api/enquiries`,
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: enquiryBody,
        }),
      );
      burstLatencies.push(
        await burstAfterSave(api, `${base}/api/product?limit=50`, one, CONNECTIONS, SAVES),
      );
      staleDelays.push(await staleness(a, b, pictured._id, STALENESS_SAVES));
    }
    const memoryAfterLoad = residentMemory(api.pid);
    const stored = await fetch(`${base}/api/enquiries?limit=1&q=Load%20test%20enquiry`, {
      headers: admin,
    });
    const storedCount = Number(stored.headers.get('x-total-count'));

    const pad = (text: string | number, width: number) => String(text).padEnd(width);
    const spread = (values: number[], digits = 0) => {
      const shown = (n: number) => n.toFixed(digits);
      return values.length > 1
        ? `${shown(median(values))} (${shown(Math.min(...values))}–${shown(Math.max(...values))})`
        : shown(values[0]);
    };
    console.log(
      `\nAPI benchmark: ${CONNECTIONS} connections, ${DURATION} s each, ${ROUNDS} round(s), ${os.cpus().length} cores, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`,
    );
    if (ROUNDS > 1) console.log('Figures are medians, with the lowest and highest in brackets.');
    console.log(
      `${pad('endpoint', 34)}${pad('served by', 27)}${pad('req/s', 20)}${pad('p50 ms', 16)}${pad('p99 ms', 18)}${pad('errors', 8)}req/s vs static / p99 vs static`,
    );
    for (const read of measured) {
      const variants = measurements.get(read.name) ?? new Map<string, Measure[]>();
      const yardstick = variants.get('express.static') ?? [];
      /** The uncached row's req/s as a fraction of each floor's, round by round. */
      const ofFloors = (rounds: Measure[]) =>
        [FLOOR, NEST_FLOOR]
          .filter((floor) => variants.has(floor))
          .map((floor) => {
            const floorRounds = variants.get(floor) ?? [];
            return `${spread(
              rounds.map((m, i) => m.requests / floorRounds[i].requests),
              2,
            )}× ${floor === FLOOR ? 'http' : 'Nest'} floor's req/s`;
          })
          .join(', ');
      let first = true;
      for (const [variant, rounds] of variants) {
        const ratios =
          variant === 'express.static'
            ? ''
            : `${spread(
                rounds.map((m, i) => m.requests / yardstick[i].requests),
                2,
              )}× / ` +
              `${spread(
                rounds.map((m, i) => m.p99 / Math.max(1, yardstick[i].p99)),
                2,
              )}×` +
              (variant === 'uncached (token)' ? `; ${ofFloors(rounds)}` : '');
        console.log(
          `${pad(first ? read.name : '', 34)}${pad(variant, 27)}${pad(spread(rounds.map((m) => m.requests)), 20)}` +
            `${pad(spread(rounds.map((m) => m.p50)), 16)}${pad(spread(rounds.map((m) => m.p99)), 18)}` +
            `${pad(
              rounds.reduce((sum, m) => sum + m.errors, 0),
              8,
            )}${ratios}`,
        );
        first = false;
      }
      console.log(`${pad('', 34)}(${sizes.get(read.name)})`);
    }
    // Some rows only (--rows): the writes, the burst and the staleness were not measured.
    if (ROWS !== undefined) return;
    console.log(
      `${pad('POST /api/enquiries', 61)}${pad(spread(enquiries.map((m) => m.requests)), 20)}` +
        `${pad(spread(enquiries.map((m) => m.p50)), 16)}${pad(spread(enquiries.map((m) => m.p99)), 18)}` +
        `${enquiries.reduce((sum, m) => sum + m.errors, 0)}`,
    );
    console.log(
      `\nAfter a save: ${SAVES} saves, each followed by ${CONNECTIONS} simultaneous anonymous GET /api/product?limit=50` +
        `\n  p50 ${spread(burstLatencies.map((l) => percentile(l, 50)))} ms, p99 ${spread(burstLatencies.map((l) => percentile(l, 99)))} ms, ` +
        `max ${spread(burstLatencies.map((l) => Math.max(...l)))} ms`,
    );
    console.log(
      `\nTwo instances on one database (${process.env.BENCH_MONGODB_URI ? 'BENCH_MONGODB_URI' : 'npm run db'}), media in GridFS: ` +
        `${STALENESS_SAVES} saves through A, each timed from its answer until B serves it` +
        `\n  staleness p50 ${spread(staleDelays.map((d) => percentile(d, 50)))} ms, p99 ${spread(staleDelays.map((d) => percentile(d, 99)))} ms, ` +
        `max ${spread(staleDelays.map((d) => Math.max(...d)))} ms`,
    );
    const mib = (memory?: { now: number; peak: number }) =>
      memory ? `${memory.now.toFixed(0)} MiB (peak so far ${memory.peak.toFixed(0)})` : 'unknown';
    console.log(
      `\nAPI resident memory (RSS): ${mib(memoryAtStart)} after the first start with seeding, ` +
        `${mib(memoryAfterLoad)} at the end of the load run`,
    );
    const acknowledged = enquiries.reduce((sum, m) => sum + m.acknowledged, 0);
    console.log(
      // Requests still in flight when the run ends may be stored without being counted as answered.
      `\nEnquiries acknowledged (201) during the POST runs: ${acknowledged}; stored afterwards: ${storedCount} (must not be fewer)`,
    );
    // Last, on an API and a database of their own: the others are stopped first.
    await Promise.all([api, ...pair].map((instance) => instance.stop()));
    await database?.stop();
    const insights = await insightsLoad({
      rate: INSIGHTS_RATE,
      durationS: DURATION,
      mongodbUri: process.env.BENCH_MONGODB_URI,
    });
    for (const line of insightsLines(insights)) console.log(line);
  } finally {
    staticServer?.kill('SIGTERM');
    for (const floor of floorServers) floor.kill('SIGTERM');
    fs.rmSync(staticDir, { recursive: true, force: true });
    await Promise.all([api, ...pair].map((instance) => instance.stop()));
    await database?.stop();
  }
}

run(main);
