/**
 * `npm run bench:profile`: where the API spends its CPU under load. Starts the production
 * build with bench/profile-hook.js, tops the catalogue up to 50 products, warms up, then
 * profiles the load window only (not the start-up): autocannon on one path, with or
 * without the administrator's token. Prints the event-loop delay, the CPU time per request,
 * the share of each area (the embedded database, the driver, mongoose, Nest, …) and the
 * functions with the most self time; writes the .cpuprofile for Chrome DevTools.
 *
 *   node -r @swc-node/register bench/profile.ts [--path /api/product?limit=50] [--admin]
 *        ({id} and {slug} in the path stand for the first product's)
 *        [--duration 10] [--connections 50] [--top 25] [--out file.cpuprofile]
 *   node -r @swc-node/register bench/profile.ts --analyse file.cpuprofile   (prints it again)
 */
import autocannon from 'autocannon';
import fs from 'node:fs';
import { SourceMap } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fillProducts, readOptions, root, run, startApi } from './support';

const OPTIONS = readOptions({
  duration: 10,
  connections: 50,
  top: 25,
  path: '/api/product?limit=50',
  admin: false,
  out: path.join(os.tmpdir(), `vitrine-api-${Date.now()}.cpuprofile`),
  analyse: undefined,
});
const DURATION = OPTIONS.duration;
const CONNECTIONS = OPTIONS.connections;
const TOP = OPTIONS.top;
const PATH = OPTIONS.path;
const ADMIN = OPTIONS.admin;
const OUT = OPTIONS.out;

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Which part of the system a source file belongs to. */
function areaOf(source: string): string {
  if (source.includes('libs/embedded-mongo/')) return 'embedded-mongo (ours)';
  if (source.includes('backend/src/')) return 'API code (ours)';
  // The innermost package: mongoose's own copy of the driver counts as the driver.
  const match = /.*node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(source);
  if (match) {
    const name = match[1];
    if (name.startsWith('@nestjs/')) return 'nest';
    if (['express', 'router', 'body-parser', 'send', 'serve-static', 'finalhandler'].includes(name))
      return 'express';
    if (['passport', 'passport-jwt', 'jsonwebtoken', 'jws', 'jwa'].includes(name))
      return 'passport/jwt';
    if (name.startsWith('pino') || name === 'nestjs-pino' || name === 'sonic-boom') return 'pino';
    return name;
  }
  if (source.startsWith('node:') || source === '') return 'node';
  return source;
}

function analyse(profile: CpuProfile) {
  const map = new SourceMap(
    JSON.parse(fs.readFileSync(path.join(root, 'dist/backend/main.js.map'), 'utf8')),
  );
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, i) =>
    selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0)),
  );
  const parents = new Map<number, ProfileNode>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parents.set(child, node);

  const locations = new Map<number, { source: string; line: number }>();
  const locate = (node: ProfileNode) => {
    let found = locations.get(node.id);
    if (found) return found;
    const { url, lineNumber, columnNumber } = node.callFrame;
    found = { source: url.replace(/^file:\/\//, ''), line: lineNumber + 1 };
    if (found.source.endsWith('dist/backend/main.js')) {
      const entry = map.findEntry(lineNumber, columnNumber) as {
        originalSource?: string;
        originalLine?: number;
      };
      if (entry.originalSource) {
        found.source = entry.originalSource.replace(/^webpack:\/\/[^/]*\//, '');
        found.line = (entry.originalLine ?? 0) + 1;
      }
    }
    locations.set(node.id, found);
    return found;
  };
  const short = (source: string) =>
    source.replace(/.*node_modules\//, '').replace(/^.*?(libs|backend)\//, '$1/');

  /** The area of a frame; node's own JavaScript and native code count for their caller. */
  const areas = new Map<number, string>();
  const areaOfNode = (node: ProfileNode): string => {
    let area = areas.get(node.id);
    if (area) return area;
    const { url, functionName } = node.callFrame;
    const parent = parents.get(node.id);
    if (functionName.startsWith('(')) area = functionName;
    else if (url && !url.startsWith('node:')) area = areaOf(locate(node).source);
    else area = parent ? areaOfNode(parent) : 'node';
    if (area === '(root)') area = 'node';
    areas.set(node.id, area);
    return area;
  };

  const byFunction = new Map<string, { area: string; micros: number }>();
  const byArea = new Map<string, number>();
  /** Samples with at least one frame of the area on the stack: "time spent in or under". */
  const underArea = new Map<string, number>();
  let total = 0;
  let idle = 0;
  const isHook = (node: ProfileNode) => node.callFrame.url.endsWith('profile-hook.js');
  for (const node of profile.nodes) {
    const micros = selfTime.get(node.id) ?? 0;
    if (!micros) continue;
    const { functionName, url } = node.callFrame;
    // Stopping the profiler (serialising it) is the measurement's cost, not the API's.
    let frame: ProfileNode | undefined = node;
    while (frame && !isHook(frame)) frame = parents.get(frame.id);
    if (frame) continue;
    if (functionName === '(idle)') {
      idle += micros;
      continue;
    }
    total += micros;
    const area = areaOfNode(node);
    let key: string;
    if (functionName.startsWith('(')) {
      key = functionName;
    } else if (url) {
      const { source, line } = locate(node);
      key = `${functionName || '(anonymous)'}  ${short(source)}:${line}`;
    } else {
      let caller = parents.get(node.id);
      while (caller && !caller.callFrame.url) caller = parents.get(caller.id);
      const from = caller ? locate(caller) : undefined;
      key = `${functionName} (native) ← ${caller?.callFrame.functionName || '?'}  ${from ? `${short(from.source)}:${from.line}` : ''}`;
    }
    byArea.set(area, (byArea.get(area) ?? 0) + micros);
    const entry = byFunction.get(key) ?? { area, micros: 0 };
    entry.micros += micros;
    byFunction.set(key, entry);
    const seen = new Set<string>();
    for (let frame: ProfileNode | undefined = node; frame; frame = parents.get(frame.id)) {
      const frameArea = areaOfNode(frame);
      if (seen.has(frameArea)) continue;
      seen.add(frameArea);
      underArea.set(frameArea, (underArea.get(frameArea) ?? 0) + micros);
    }
  }
  return { total, idle, byArea, underArea, byFunction };
}

function report(file: string) {
  const { total, idle, byArea, underArea, byFunction } = analyse(
    JSON.parse(fs.readFileSync(file, 'utf8')) as CpuProfile,
  );
  const percent = (micros: number) => `${((100 * micros) / total).toFixed(1)} %`;
  const pad = (text: string | number, width: number) => String(text).padEnd(width);
  console.log(
    `main thread busy in ${((100 * total) / (total + idle)).toFixed(0)} % of the samples`,
  );
  console.log('\nby area, of the busy samples: self time, and time in or under the area');
  for (const [area, micros] of [...byArea].sort((a, b) => b[1] - a[1]).slice(0, 16))
    console.log(`  ${pad(area, 34)}${pad(percent(micros), 9)}${percent(underArea.get(area) ?? 0)}`);
  console.log(`\ntop ${TOP} functions by self time:`);
  for (const [name, { area, micros }] of [...byFunction]
    .sort((a, b) => b[1].micros - a[1].micros)
    .slice(0, TOP))
    console.log(`  ${pad(percent(micros), 9)}${pad(area, 24)}${name}`);
}

async function main() {
  if (OPTIONS.analyse !== undefined) return report(OPTIONS.analyse);
  const api = await startApi({ profile: true });
  try {
    await fillProducts(api, 50);
    const headers: Record<string, string> = ADMIN ? { Authorization: `Bearer ${api.token}` } : {};
    const [first] = (await (await fetch(`${api.base}/api/product?limit=1`)).json()) as {
      _id: string;
      slug: string;
    }[];
    const url = `${api.base}${PATH.replace('{id}', first._id).replace('{slug}', first.slug)}`;
    // Warm up: JIT, caches and pools as they are in a running server.
    await autocannon({ url, headers, connections: CONNECTIONS, duration: 3 });

    await api.ask({ profile: 'start' });
    const result = await autocannon({ url, headers, connections: CONNECTIONS, duration: DURATION });
    const stopped = (await api.ask({ profile: 'stop', file: OUT })) as {
      cpuMs: number;
      eventLoopDelay: { p50: number; p99: number; max: number };
    };
    console.log(
      `\nGET ${PATH}${ADMIN ? ' with the administrator token' : ''}: ${CONNECTIONS} connections × ${DURATION} s, ${os.cpus().length} cores, load ${os.loadavg()[0].toFixed(1)}`,
    );
    console.log(
      `${Math.round(result.requests.average)} req/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx + result.timeouts}`,
    );
    console.log(
      `API CPU: ${stopped.cpuMs} ms in ${DURATION} s, ${((stopped.cpuMs / (result.requests.total || 1)) * 1000).toFixed(0)} µs a request`,
    );
    console.log(
      `event-loop delay: p50 ${stopped.eventLoopDelay.p50} ms, p99 ${stopped.eventLoopDelay.p99} ms, max ${stopped.eventLoopDelay.max} ms`,
    );
    report(OUT);
    console.log(`\nprofile written to ${OUT} (open it in Chrome DevTools' Performance panel)`);
  } finally {
    await api.stop();
  }
}

run(main);
