/**
 * `npm run bench:sign-in`: does sign-in take the same time for a user name that exists and
 * for one that does not, in every state of the throttle? Times wrong-password attempts on
 * the production API build, each sample from its own loopback address (127.0.1.x), for
 * `admin` and for an unknown name, and prints the medians side by side with their ratio.
 * A ratio near 1 in every row means timing tells an attacker nothing about which names exist.
 */
import http from 'node:http';
import { readOptions, run, startApi } from './support';

interface Sample {
  status: number;
  ms: number;
}

function attempt(base: string, address: string, UserName: string, Password: string) {
  return new Promise<Sample>((resolve, reject) => {
    const body = JSON.stringify({ UserName, Password });
    const started = process.hrtime.bigint();
    const request = http.request(
      `${base}/api/user/login`,
      {
        method: 'POST',
        localAddress: address,
        agent: false,
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
      },
      (response) => {
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            ms: Number(process.hrtime.bigint() - started) / 1e6,
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor(sorted.length / 2)] : NaN;
};

run(async () => {
  const { samples } = readOptions({ samples: 15 });
  const api = await startApi({ env: { LOGIN_RATE_LIMIT: '100000' } });
  const rows: { state: string; existing: Sample[]; unknown: Sample[] }[] = [];
  try {
    // Each name gets its own block of addresses: 127.0.1.x for admin, 127.0.2.x for the
    // other; the two names take turns, so a change in the machine's load hits both alike.
    const names = [
      { UserName: 'admin', block: 1 },
      { UserName: 'no-such-user', block: 2 },
    ];
    const at = (block: number, i: number) => `127.0.${block}.${i + 1}`;
    const results = names.map(() => ({
      fresh: [] as Sample[],
      held: [] as Sample[],
      slowed: [] as Sample[],
    }));
    const each = async (state: 'fresh' | 'held' | 'slowed', address: (block: number) => string) => {
      for (const [n, { UserName, block }] of names.entries())
        results[n][state].push(await attempt(api.base, address(block), UserName, 'wrong'));
    };
    // A first wrong guess from a new address: the password is checked.
    for (let i = 0; i < samples; i++) await each('fresh', (block) => at(block, i));
    // A second guess from the same addresses: the name's ceiling (10, then 1 a minute).
    for (let i = 0; i < samples; i++) await each('held', (block) => at(block, i));
    // One address past its 5 free guesses: refused before any password check.
    for (let i = 0; i < 5; i++)
      for (const { UserName, block } of names)
        await attempt(api.base, at(block, 200), UserName, 'wrong');
    for (let i = 0; i < samples; i++) await each('slowed', (block) => at(block, 200));
    const [existing, unknown] = results;
    for (const state of ['fresh', 'held', 'slowed'] as const) {
      for (const status of [401, 429]) {
        const pick = (list: Sample[]) => list.filter((sample) => sample.status === status);
        if (pick(existing[state]).length + pick(unknown[state]).length === 0) continue;
        rows.push({
          state: `${state} → ${status}`,
          existing: pick(existing[state]),
          unknown: pick(unknown[state]),
        });
      }
    }
  } finally {
    await api.stop();
  }

  console.log('\nSign-in time, wrong password, by throttle state (median ms; n = samples)\n');
  console.log('| state → answer | admin (exists) | unknown name | unknown / admin |');
  console.log('| --- | --- | --- | --- |');
  for (const row of rows) {
    const a = median(row.existing.map((sample) => sample.ms));
    const u = median(row.unknown.map((sample) => sample.ms));
    console.log(
      `| ${row.state} | ${a.toFixed(1)} (n=${row.existing.length}) | ${u.toFixed(1)} (n=${row.unknown.length}) | ${(u / a).toFixed(2)} |`,
    );
  }
});
