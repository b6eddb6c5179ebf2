/**
 * `npm run bench:ssr`: how fast the shell's production server answers public pages, against
 * express.static serving the very same HTML from disk, in the same run. Three rows: a page
 * from the render cache, the same bytes from express.static (the yardstick), and pages that
 * must be rendered (every request a new address, so none is cached). Each server runs in its
 * own process; autocannon runs here. Prints a table; asserts nothing.
 *
 *   node -r @swc-node/register bench/ssr.ts [--duration 10] [--connections 10] [--rounds 3]
 */
import autocannon from 'autocannon';
import { type ChildProcess, fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, readOptions, root, run, startApi } from './support';

const OPTIONS = readOptions({ duration: 10, connections: 10, rounds: 3 });
const DURATION = OPTIONS.duration;
const CONNECTIONS = OPTIONS.connections;
/** Turns of express.static and the cached pages, each `DURATION` long. */
const ROUNDS = OPTIONS.rounds;

type LoadResult = Awaited<ReturnType<typeof load>>;

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

async function load(url: string, paths: string[] | ((n: number) => string)) {
  let n = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: DURATION,
    requests:
      typeof paths === 'function'
        ? [{ method: 'GET', setupRequest: (request) => ({ ...request, path: paths(n++) }) }]
        : paths.map((page) => ({ method: 'GET', path: page })),
  });
  return {
    perSecond: result.requests.average,
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
  const api = await startApi();
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
    const shellPort = await freePort();
    const shellUrl = `http://127.0.0.1:${shellPort}`;
    const shell = await startProcess(
      path.join(root, 'dist/shell-server/main.js'),
      ['--dir', path.join(root, 'dist/shell'), '--port', String(shellPort)],
      {
        NODE_ENV: 'production',
        SITE_URL: shellUrl,
        API_URL: api.base,
        PUBLIC_MFE_URL: `http://127.0.0.1:${remotePort}/remoteEntry.js`,
      },
      `${shellUrl}/config.json`,
    );
    children.push(shell.child);

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

    // The two are measured in turns, so both see the same load from the rest of the machine.
    const cachedRuns: LoadResult[] = [];
    const staticRuns: LoadResult[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      staticRuns.push(
        await load(
          `http://127.0.0.1:${staticPort}`,
          pages.map((_, index) => `/${index}.html`),
        ),
      );
      cachedRuns.push(await load(shellUrl, pages));
    }
    const staticFiles = medianRun(staticRuns);
    const cached = medianRun(cachedRuns);
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
      `\nShell server, ${CONNECTIONS} connections × ${DURATION} s per row (the median of ${ROUNDS} turns for the first two), pages ${pages.join(', ')} in turn (${os.cpus().length} cores)`,
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
