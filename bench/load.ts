/**
 * `npm run bench:load`: 50 connections for 30 s of mixed reads and enquiry posts against
 * the production API build. Prints errors, lost enquiries (acknowledged but not stored)
 * and the API's memory before, at the end, and how long it took to come back near its start.
 *
 * V8 keeps the heap it grew under load until its memory reducer runs once allocation has
 * been low for a while (tens of seconds here), so the settle phase samples the resident
 * memory every second, for up to two minutes, until it is back within 10 % of the start.
 *
 *   node -r @swc-node/register bench/load.ts [--duration 30] [--connections 50]
 */
import autocannon from 'autocannon';
import fs from 'node:fs';
import { readOptions, run, startApi } from './support';

const { duration: DURATION, connections: CONNECTIONS } = readOptions({
  duration: 30,
  connections: 50,
});

/** Resident memory of a process, in MiB, from /proc. */
function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const SETTLE_SECONDS = 120;

/** Samples a process's memory every second until it is within 10 % of `start`. */
async function settle(pid: number, start: number) {
  for (let seconds = 1; ; seconds++) {
    await new Promise((r) => setTimeout(r, 1000));
    const rss = rssMiB(pid);
    const back = rss <= start * 1.1;
    if (back || seconds >= SETTLE_SECONDS) return { rss, seconds, back };
  }
}

async function main() {
  const api = await startApi({ env: { ENQUIRY_RATE_LIMIT: '100000000' } });
  const { base, token } = api;
  try {
    const products = (await (await fetch(`${base}/api/product?limit=5`)).json()) as {
      _id: string;
      slug: string;
    }[];
    const marker = `load-${Date.now()}`;
    const memoryBefore = rssMiB(api.pid);

    const enquiry = JSON.stringify({
      FirstName: 'Load',
      LastName: 'Test',
      Email: 'load@example.com',
      PhoneNumber: '+91 98765 43210',
      Message: marker,
      source: 'contact',
      website: '',
    });
    const result = await autocannon({
      url: base,
      connections: CONNECTIONS,
      duration: DURATION,
      requests: [
        { method: 'GET', path: '/api/product?limit=50' },
        { method: 'GET', path: `/api/product/${products[0]._id}` },
        { method: 'GET', path: '/api/product/getcategory' },
        { method: 'GET', path: `/api/product/singleproject/${products[1].slug}` },
        { method: 'GET', path: '/api/service/' },
        { method: 'GET', path: '/api/reviews/' },
        { method: 'GET', path: '/api/gallery' },
        { method: 'GET', path: '/api/settings' },
        {
          method: 'POST',
          path: '/api/enquiries',
          headers: { 'Content-Type': 'application/json' },
          body: enquiry,
        },
      ],
    });
    const memoryAtEnd = rssMiB(api.pid);
    // Only the enquiry posts answer 201: that is how many were acknowledged.
    const statusCodes =
      (result as unknown as { statusCodeStats?: Record<string, { count: number }> })
        .statusCodeStats ?? {};
    const acknowledged = statusCodes['201']?.count ?? 0;
    const settled = await settle(api.pid, memoryBefore);

    const stored = Number(
      (
        await fetch(`${base}/api/enquiries?limit=1&q=${marker}`, {
          headers: { Authorization: `Bearer ${token}` },
        })
      ).headers.get('x-total-count'),
    );
    console.log(
      `\nLoad: ${CONNECTIONS} connections × ${DURATION} s, mixed reads and enquiry posts (1 in 9)`,
    );
    console.log(
      `requests: ${result.requests.total} (${Math.round(result.requests.average)}/s), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
    );
    console.log(
      `errors: ${result.errors}, timeouts: ${result.timeouts}, non-2xx: ${result.non2xx}`,
    );
    console.log(
      `enquiries: ${acknowledged} acknowledged (201), ${stored} stored (lost: ${Math.max(0, acknowledged - stored)})`,
    );
    console.log(
      `API memory (RSS): ${memoryBefore.toFixed(0)} MiB before, ${memoryAtEnd.toFixed(0)} MiB at the end, ` +
        (settled.back
          ? `back to ${settled.rss.toFixed(0)} MiB ${settled.seconds} s later`
          : `still ${settled.rss.toFixed(0)} MiB ${settled.seconds} s later (NOT back near the start)`),
    );
  } finally {
    await api.stop();
  }
}

run(main);
