/**
 * `npm run bench:ssr`: how fast the shell's production server answers public pages, against
 * express.static serving the very same HTML from disk, in the same run. Four rows: a page
 * from the render cache, the same with the page views counted (issue 35: a second shell with
 * SHELL_TOKEN, reporting to the API), the same bytes from express.static (the yardstick), and
 * pages that must be rendered (every request a new address, so none is cached). The cached
 * rows are asked for as visitors would: browsers' user agents, no DNT, each request from one
 * of many addresses (X-Forwarded-For, one trusted proxy). Each server runs in its own
 * process; autocannon runs here. Prints a table; asserts nothing.
 *
 *   node -r @swc-node/register bench/ssr.ts [--duration 10] [--connections 10] [--rounds 3]
 */
import autocannon from 'autocannon';
import { type ChildProcess, fork } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, median, readOptions, root, run, startApi } from './support';

const OPTIONS = readOptions({ duration: 10, connections: 10, rounds: 3 });
const DURATION = OPTIONS.duration;
const CONNECTIONS = OPTIONS.connections;
/** Turns of express.static and the cached pages, each `DURATION` long. */
const ROUNDS = OPTIONS.rounds;
/** After each turn, long enough for the counting shell's report of it (every 3 s) to be sent. */
const SETTLE_MS = 4000;
const SHELL_TOKEN = crypto.randomBytes(24).toString('base64url');
const USER_AGENTS = [
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15',
];
/** A visitor's request headers: one of 5,000 addresses, a browser, no Do Not Track. */
const visitorHeaders = (n: number) => ({
  'user-agent': USER_AGENTS[n % USER_AGENTS.length],
  accept: 'text/html,application/xhtml+xml',
  'accept-language': 'en-IN,en;q=0.9',
  'x-forwarded-for': `10.1.${Math.floor((n % 5000) / 250)}.${n % 250}`,
});

type LoadResult = Awaited<ReturnType<typeof load>>;

/** CPU time a process has used so far, in ms (Linux's /proc; 0 elsewhere). */
function cpuMs(pid: number | undefined): number {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime, in clock ticks (100 a second).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
}

/** The round with the median requests per second. */
function medianRun(results: LoadResult[]): LoadResult {
  return [...results].sort((a, b) => a.perSecond - b.perSecond)[Math.floor(results.length / 2)];
}

/** Starts a Node script in its own process and waits until `url` answers. */
async function startProcess(script: string, args: string[], env: NodeJS.ProcessEnv, url: string) {
  const child = fork(script, args, { cwd: root, env: { ...process.env, ...env }, stdio: 'pipe' });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (let i = 0; i < 240; i++) {
    if (child.exitCode !== null) throw new Error(`${script} exited:\n${output}`);
    if ((await fetch(url).catch(() => null))?.ok) return { child, output: () => output };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${script} did not answer ${url}:\n${output}`);
}

function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  child.kill('SIGTERM');
  return new Promise((resolve) => child.once('exit', () => resolve()));
}

async function load(
  url: string,
  paths: string[] | ((n: number) => string),
  headers?: (n: number) => Record<string, string>,
) {
  let n = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests:
      typeof paths === 'function'
        ? [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths(n++) }) }]
        : headers
          ? [
              {
                method: 'GET',
                setupRequest: (request) => {
                  const k = n++;
                  return { ...request, path: paths[k % paths.length], headers: headers(k) };
                },
              },
            ]
          : paths.map((page) => ({ method: 'GET', path: page })),
  });
  return {
    perSecond: result.requests.average,
    answered: result['2xx'],
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.errors + result.timeouts + result.non2xx,
  };
}

async function main() {
  for (const project of ['backend', 'shell', 'shell-server', 'static-server', 'public-mfe']) {
    if (!fs.existsSync(path.join(root, 'dist', project)))
      throw new Error(`Build first: npm run build (dist/${project} is missing)`);
  }
  // The API takes the counting shell's reports (SHELL_TOKEN), written every 5 s as in production.
  const api = await startApi({ env: { SHELL_TOKEN } });
  const children: ChildProcess[] = [];
  const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-ssr-'));
  try {
    const remotePort = await freePort();
    const remote = await startProcess(
      path.join(root, 'dist/static-server/main.js'),
      ['--dir', path.join(root, 'dist/public-mfe'), '--port', String(remotePort), '--spa'],
      {},
      `http://127.0.0.1:${remotePort}/remoteEntry.js`,
    );
    children.push(remote.child);
    /** A shell server; with `shellToken` it counts the pages it serves and reports them. */
    const startShell = async (shellToken?: string) => {
      const shellPort = await freePort();
      const url = `http://127.0.0.1:${shellPort}`;
      const started = await startProcess(
        path.join(root, 'dist/shell-server/main.js'),
        ['--dir', path.join(root, 'dist/shell'), '--port', String(shellPort)],
        {
          NODE_ENV: 'production',
          SITE_URL: url,
          API_URL: api.base,
          PUBLIC_MFE_URL: `http://127.0.0.1:${remotePort}/remoteEntry.js`,
          TRUST_PROXY: '1',
          ...(shellToken ? { SHELL_TOKEN: shellToken } : {}),
        },
        `${url}/config.json`,
      );
      children.push(started.child);
      return { ...started, url };
    };
    const shell = await startShell();
    const shellUrl = shell.url;
    const countingShell = await startShell(SHELL_TOKEN);

    const [product] = (await (await fetch(`${api.base}/api/product?limit=1`)).json()) as {
      slug: string;
    }[];
    const pages = ['/', '/product', `/singleproject/${product.slug}`, '/gallery'];
    // The server loads the remote's server build in the background: wait until pages are
    // rendered, and keep each page's HTML for the static yardstick.
    const html = new Map<string, string>();
    for (let i = 0; i < 120 && html.size < pages.length; i++) {
      for (const page of pages) {
        const text = await (await fetch(`${shellUrl}${page}`)).text();
        if (text.includes('id="vitrine-query-state"')) html.set(page, text);
        else html.delete(page);
      }
      if (html.size < pages.length) await new Promise((resolve) => setTimeout(resolve, 500));
    }
    if (html.size < pages.length)
      throw new Error(`the shell did not server-render ${pages.join(', ')}:\n${shell.output()}`);
    // The counting shell renders and caches the same pages (these views are not measured).
    for (let i = 0; i < 120; i++) {
      const texts = await Promise.all(
        pages.map(async (page) => (await fetch(`${countingShell.url}${page}`)).text()),
      );
      if (texts.every((text) => text.includes('id="vitrine-query-state"'))) break;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
    const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    const admin = { Authorization: `Bearer ${api.token}` };
    const viewsCounted = async () => {
      await settle();
      const summary = await fetch(`${api.base}/api/insights/summary`, { headers: admin });
      return ((await summary.json()) as { views: number }).views;
    };
    const countedBefore = await viewsCounted();
    const pageHtml = pages.map((page) => html.get(page) ?? '');
    pageHtml.forEach((text, index) =>
      fs.writeFileSync(path.join(staticDir, `${index}.html`), text),
    );

    const staticPort = await freePort();
    const yardstick = await startProcess(
      path.join(__dirname, 'static-server.js'),
      [staticDir, String(staticPort)],
      {},
      `http://127.0.0.1:${staticPort}/0.html`,
    );
    children.push(yardstick.child);

    // Measured in turns, so all see the same load from the rest of the machine; after each
    // turn a pause, so that a shell's report of its turn is not sent during another's.
    const cachedRuns: LoadResult[] = [];
    const countedRuns: LoadResult[] = [];
    const staticRuns: LoadResult[] = [];
    let served = 0;
    /** CPU ms the shell and the API used in each kind of turn (its pause included), and pages. */
    const cpu = {
      cached: { shell: 0, api: 0, pages: 0 },
      counted: { shell: 0, api: 0, pages: 0 },
    };
    const measured = async (kind: keyof typeof cpu, url: string, pid: number | undefined) => {
      const [shellBefore, apiBefore] = [cpuMs(pid), cpuMs(api.pid)];
      const result = await load(url, pages, visitorHeaders);
      await settle();
      cpu[kind].shell += cpuMs(pid) - shellBefore;
      cpu[kind].api += cpuMs(api.pid) - apiBefore;
      cpu[kind].pages += result.answered;
      return result;
    };
    for (let round = 0; round < ROUNDS; round++) {
      staticRuns.push(
        await load(
          `http://127.0.0.1:${staticPort}`,
          pages.map((_, index) => `/${index}.html`),
          visitorHeaders,
        ),
      );
      await settle();
      cachedRuns.push(await measured('cached', shellUrl, shell.child.pid));
      const counted = await measured('counted', countingShell.url, countingShell.child.pid);
      countedRuns.push(counted);
      served += counted.answered;
    }
    const staticFiles = medianRun(staticRuns);
    const cached = medianRun(cachedRuns);
    const counting = medianRun(countedRuns);
    const countingRatios = countedRuns.map((turn, i) => turn.perSecond / cachedRuns[i].perSecond);
    const countedViews = (await viewsCounted()) - countedBefore;
    // A new query string every time: a new address, so nothing comes from the render cache.
    const rendered = await load(shellUrl, (n) => `${pages[n % pages.length]}?bench=${n}`);

    const pad = (text: string | number, width: number) => String(text).padEnd(width);
    const row = (name: string, r: LoadResult, note = '') =>
      console.log(
        `${pad(name, 44)}${pad(Math.round(r.perSecond), 10)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.failures, 10)}${note}`,
      );
    const bytes = pages.map(
      (page, index) => `${page} ${(Buffer.byteLength(pageHtml[index]) / 1024).toFixed(1)} KB`,
    );
    console.log(
      `\nShell server, ${CONNECTIONS} connections × ${DURATION} s per row (the median of ${ROUNDS} turns for the first three), pages ${pages.join(', ')} in turn (${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)})`,
    );
    console.log(`HTML (uncompressed): ${bytes.join(', ')}`);
    console.log(
      `${pad('', 44)}${pad('req/s', 10)}${pad('p50 ms', 8)}${pad('p99 ms', 8)}${pad('failures', 10)}`,
    );
    row('express.static, the same HTML (yardstick)', staticFiles);
    const ratio = cached.perSecond / staticFiles.perSecond;
    row(
      'shell server, cached pages',
      cached,
      `${ratio.toFixed(2)}× express.static (budget ≥ 0.5×: ${ratio >= 0.5 ? 'met' : 'OVER'})`,
    );
    const ratioCounting = median(countingRatios);
    row(
      'shell server, cached pages, views counted',
      counting,
      `${(counting.perSecond / staticFiles.perSecond).toFixed(2)}× express.static`,
    );
    console.log(
      `cached pages with counting / without: ${ratioCounting.toFixed(2)}× (turn by turn ${countingRatios.map((r) => r.toFixed(2)).join(', ')}; ` +
        `budget ≥ 0.9×: ${ratioCounting >= 0.9 ? 'met' : 'OVER'}); views counted by the API ${countedViews} of ${served} pages served while counting`,
    );
    const perThousand = ({ shell: used, pages: n }: { shell: number; pages: number }) =>
      ((used / Math.max(1, n)) * 1000).toFixed(0);
    console.log(
      `CPU ms per 1,000 cached pages: shell ${perThousand(cpu.cached)} not counting, ${perThousand(cpu.counted)} counting; ` +
        `the API meanwhile ${perThousand({ shell: cpu.cached.api, pages: cpu.cached.pages })} and ${perThousand({ shell: cpu.counted.api, pages: cpu.counted.pages })}`,
    );
    row(
      'shell server, every page rendered',
      rendered,
      `renders/s (budget ≥ 100: ${rendered.perSecond >= 100 ? 'met' : 'OVER'})`,
    );
  } finally {
    for (const child of children) await stop(child);
    fs.rmSync(staticDir, { recursive: true, force: true });
    await api.stop();
  }
}

run(main);
