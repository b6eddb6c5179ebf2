/**
 * `npm run bench:api`: throughput and latency of the public API against express.static
 * serving the same JSON on the same machine in the same run. Prints a table; asserts
 * nothing (targets are read by people, in the closing notes).
 *
 *   node -r @swc-node/register bench/api.ts [--duration 10] [--connections 50]
 */
import autocannon from 'autocannon';
import { fork, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, option, run, startApi } from './support';

const DURATION = option('duration', 10);
const CONNECTIONS = option('connections', 50);

interface Row {
  name: string;
  acknowledged: number;
  requests: number;
  p50: number;
  p99: number;
  errors: number;
}

async function load(name: string, options: autocannon.Options): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: DURATION, ...options });
  return {
    name,
    acknowledged: result['2xx'],
    requests: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

async function main() {
  // The embedded database unless BENCH_MONGODB_URI names a real one.
  const api = await startApi({
    env: { ENQUIRY_RATE_LIMIT: '100000000' },
    mongodbUri: process.env.BENCH_MONGODB_URI,
  });
  const { base, token } = api;
  // The same bodies as files, for express.static.
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-static-'));
  let staticServer: ChildProcess | undefined;
  try {
    // 50 products: the demo catalogue plus plain ones.
    const existing = Number((await fetch(`${base}/api/product`)).headers.get('x-total-count'));
    for (let i = existing; i < 50; i++) {
      await fetch(`${base}/api/product/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
        body: JSON.stringify({
          ProductName: `Bench fabric ${i}`,
          ProductCategory: 'Cotton',
          ProductPrice: 100 + i,
          ProductHeading: 'For the benchmark',
        }),
      });
    }
    const products = (await (await fetch(`${base}/api/product?limit=50`)).json()) as {
      _id: string;
    }[];
    const one = products[0]._id;

    const reads: [string, string][] = [
      ['GET /api/product (50)', '/api/product?limit=50'],
      ['GET /api/product/{id}', `/api/product/${one}`],
      ['GET /api/product/getcategory', '/api/product/getcategory'],
      ['GET /api/service/', '/api/service/'],
      ['GET /api/reviews/', '/api/reviews/'],
    ];

    for (const [, url] of reads) {
      const file = path.join(staticDir, `${encodeURIComponent(url)}.json`);
      fs.writeFileSync(file, Buffer.from(await (await fetch(`${base}${url}`)).arrayBuffer()));
    }
    const staticPort = await freePort();
    staticServer = fork(path.join(__dirname, 'static-server.js'), [staticDir, String(staticPort)]);
    await new Promise((resolve) => staticServer!.once('message', resolve));

    const rows: Row[] = [];
    const staticRows = new Map<string, Row>();
    for (const [name, url] of reads) {
      const staticRow = await load(`express.static, same JSON as ${name}`, {
        url: `http://127.0.0.1:${staticPort}/${encodeURIComponent(encodeURIComponent(url))}.json`,
      });
      staticRows.set(name, staticRow);
      rows.push(await load(name, { url: `${base}${url}` }), staticRow);
    }
    let enquiries = 0;
    const enquiryRow = await load('POST /api/enquiries', {
      url: `${base}/api/enquiries`,
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        FirstName: 'Bench',
        LastName: 'Mark',
        Email: 'bench@example.com',
        PhoneNumber: '+91 98765 43210',
        Message: 'Load test enquiry',
        source: 'contact',
        website: '',
      }),
    });
    rows.push(enquiryRow);
    const stored = await fetch(`${base}/api/enquiries?limit=1&q=Load%20test%20enquiry`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    enquiries = Number(stored.headers.get('x-total-count'));

    const pad = (text: string | number, width: number) => String(text).padEnd(width);
    console.log(
      `\nAPI benchmark: ${CONNECTIONS} connections, ${DURATION} s each, ${os.cpus().length} cores, Node ${process.version}`,
    );
    console.log(
      `${pad('endpoint', 62)}${pad('req/s', 10)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('errors', 8)}vs static (req/s, p99)`,
    );
    for (const row of rows) {
      const yardstick = staticRows.get(row.name);
      const ratio = yardstick
        ? `${(row.requests / yardstick.requests).toFixed(2)}×, ${(row.p99 / Math.max(1, yardstick.p99)).toFixed(2)}×`
        : '';
      console.log(
        `${pad(row.name, 62)}${pad(Math.round(row.requests), 10)}${pad(row.p50, 8)}${pad(row.p99, 8)}${pad(row.errors, 8)}${ratio}`,
      );
    }
    console.log(
      // Requests still in flight when the run ends may be stored without being counted as answered.
      `\nEnquiries acknowledged (201) during the POST run: ${enquiryRow.acknowledged}; stored afterwards: ${enquiries} (must not be fewer)`,
    );
  } finally {
    staticServer?.kill('SIGTERM');
    fs.rmSync(staticDir, { recursive: true, force: true });
    await api.stop();
  }
}

run(main);
