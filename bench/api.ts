/**
 * `npm run bench:api`: throughput and latency of the public API against express.static
 * serving the same JSON on the same machine in the same run. Prints a table; asserts
 * nothing (targets are read by people, in the closing notes).
 *
 *   node -r @swc-node/register bench/api.ts [--duration 10] [--connections 50]
 */
import autocannon from 'autocannon';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..');
const args = process.argv.slice(2);
const option = (name: string, fallback: number) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 ? Number(args[index + 1]) : fallback;
};
const DURATION = option('duration', 10);
const CONNECTIONS = option('connections', 50);
const ADMIN = { UserName: 'admin', Password: 'bench-admin-password' };

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

async function waitFor(url: string, child: ChildProcess, seconds = 120) {
  for (let i = 0; i < seconds * 4; i++) {
    if (child.exitCode !== null)
      throw new Error(`${url}: the process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${url} did not come up`);
}

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
  const main = path.join(root, 'dist/backend/main.js');
  if (!fs.existsSync(main)) throw new Error('Build the API first: npx nx build backend');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-'));
  const apiPort = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(apiPort),
    DATA_DIR: dataDir,
    JWT_SECRET: 'bench-secret-bench-secret-bench-secret-bench',
    ADMIN_USERNAME: ADMIN.UserName,
    ADMIN_PASSWORD: ADMIN.Password,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'error',
    ENQUIRY_RATE_LIMIT: '100000000',
  };
  // The embedded database unless BENCH_MONGODB_URI names a real one.
  delete env.MONGODB_URI;
  if (process.env.BENCH_MONGODB_URI) env.MONGODB_URI = process.env.BENCH_MONGODB_URI;
  const api = spawn(process.execPath, [main], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  const base = `http://127.0.0.1:${apiPort}`;
  let staticServer: ChildProcess | undefined;
  try {
    await waitFor(`${base}/api/health`, api);
    const { token } = (await (
      await fetch(`${base}/api/user/login`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(ADMIN),
      })
    ).json()) as { token: string };

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

    // The same bodies as files, for express.static.
    const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-static-'));
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
    api.kill('SIGTERM');
    await new Promise((resolve) => api.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
