/**
 * `npm run bench:api`: throughput and latency of the public API against express.static
 * serving the same JSON on the same machine in the same run. Each read is measured three
 * ways, one after the other: express.static, the API from its public cache (anonymous),
 * and the API's uncached path (the administrator's token, which is never cached). Then the
 * burst after a save: a save empties the cache and 50 visitors ask for the list at once.
 * Prints a table; asserts nothing (targets are read by people, in the closing notes).
 *
 *   node -r @swc-node/register bench/api.ts [--duration 10] [--connections 50] [--rounds 1]
 *
 * With --rounds N every measurement is repeated N times (interleaved, so a busy moment of
 * a shared machine hits all of them alike); the table shows the median and the spread.
 */
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fillProducts, freePort, option, run, startApi, type RunningApi } from './support';

const DURATION = option('duration', 10);
const CONNECTIONS = option('connections', 50);
const ROUNDS = option('rounds', 1);
/** Saves in the burst measurement, each followed by CONNECTIONS simultaneous reads. */
const SAVES = option('saves', 20);

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

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

interface Read {
  name: string;
  url: string;
  /** Measured with the administrator's token too: the uncached path. */
  uncached?: boolean;
}

/** One GET over a kept-alive socket; resolves with its latency in ms once the body is in. */
function timedGet(agent: http.Agent, url: string): Promise<number> {
  const started = process.hrtime.bigint();
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent }, (response) => {
        response.resume();
        response.on('end', () => {
          if (response.statusCode !== 200)
            reject(new Error(`${url} answered ${response.statusCode}`));
          else resolve(Number(process.hrtime.bigint() - started) / 1e6);
        });
      })
      .on('error', reject);
  });
}

/**
 * The first visitors after a save: the save empties the public cache, then CONNECTIONS
 * anonymous requests for the same list arrive together (on warm keep-alive sockets, as
 * from a proxy). Returns every request's latency.
 */
async function burstAfterSave(api: RunningApi, url: string, productId: string) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const burst = () => Promise.all(Array.from({ length: CONNECTIONS }, () => timedGet(agent, url)));
  await burst();
  const latencies: number[] = [];
  for (let save = 0; save < SAVES; save++) {
    const saved = await fetch(`${api.base}/api/product/${productId}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${api.token}` },
      body: JSON.stringify({ ProductHeading: `Saved ${save}` }),
    });
    if (!saved.ok) throw new Error(`the save answered ${saved.status}`);
    latencies.push(...(await burst()));
  }
  agent.destroy();
  return latencies;
}

async function main() {
  // The embedded database unless BENCH_MONGODB_URI names a real one.
  const api = await startApi({
    env: { ENQUIRY_RATE_LIMIT: '100000000' },
    mongodbUri: process.env.BENCH_MONGODB_URI,
  });
  const { base, token } = api;
  const admin = { Authorization: `Bearer ${token}` };
  // The same bodies as files, for express.static.
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-static-'));
  let staticServer: ChildProcess | undefined;
  try {
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
    for (const read of reads) {
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
    const enquiryBody = JSON.stringify({
      FirstName: 'Bench',
      LastName: 'Mark',
      Email: 'bench@example.com',
      PhoneNumber: '+91 98765 43210',
      Message: 'Load test enquiry',
      source: 'contact',
      website: '',
    });

    for (let round = 0; round < ROUNDS; round++) {
      for (const read of reads) {
        record(
          read.name,
          'express.static',
          await load({
            url: `http://127.0.0.1:${staticPort}/${encodeURIComponent(encodeURIComponent(read.url))}.json`,
          }),
        );
        record(read.name, 'cached', await load({ url: `${base}${read.url}` }));
        if (read.uncached)
          record(
            read.name,
            'uncached (token)',
            await load({ url: `${base}${read.url}`, headers: admin }),
          );
      }
      enquiries.push(
        await load({
          url: `${base}/api/enquiries`,
          method: 'POST',
          headers: { 'Content-Type': 'application/json' },
          body: enquiryBody,
        }),
      );
      burstLatencies.push(await burstAfterSave(api, `${base}/api/product?limit=50`, one));
    }
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
      `${pad('endpoint', 34)}${pad('served by', 18)}${pad('req/s', 20)}${pad('p50 ms', 16)}${pad('p99 ms', 18)}${pad('errors', 8)}req/s vs static / p99 vs static`,
    );
    for (const read of reads) {
      const variants = measurements.get(read.name) ?? new Map<string, Measure[]>();
      const yardstick = variants.get('express.static') ?? [];
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
              )}×`;
        console.log(
          `${pad(first ? read.name : '', 34)}${pad(variant, 18)}${pad(spread(rounds.map((m) => m.requests)), 20)}` +
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
    console.log(
      `${pad('POST /api/enquiries', 52)}${pad(spread(enquiries.map((m) => m.requests)), 20)}` +
        `${pad(spread(enquiries.map((m) => m.p50)), 16)}${pad(spread(enquiries.map((m) => m.p99)), 18)}` +
        `${enquiries.reduce((sum, m) => sum + m.errors, 0)}`,
    );
    console.log(
      `\nAfter a save: ${SAVES} saves, each followed by ${CONNECTIONS} simultaneous anonymous GET /api/product?limit=50` +
        `\n  p50 ${spread(burstLatencies.map((l) => percentile(l, 50)))} ms, p99 ${spread(burstLatencies.map((l) => percentile(l, 99)))} ms, ` +
        `max ${spread(burstLatencies.map((l) => Math.max(...l)))} ms`,
    );
    const acknowledged = enquiries.reduce((sum, m) => sum + m.acknowledged, 0);
    console.log(
      // Requests still in flight when the run ends may be stored without being counted as answered.
      `\nEnquiries acknowledged (201) during the POST runs: ${acknowledged}; stored afterwards: ${storedCount} (must not be fewer)`,
    );
  } finally {
    staticServer?.kill('SIGTERM');
    fs.rmSync(staticDir, { recursive: true, force: true });
    await api.stop();
  }
}

run(main);
