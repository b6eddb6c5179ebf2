/**
 * What a save does to the API's readers, for bench:api: the burst of visitors right after a
 * save (the public cache emptied), and how long a second instance serves the old version.
 */
import http from 'node:http';
import { type RunningApi } from './support';

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
 * The first visitors after a save: the save empties the public cache, then `connections`
 * anonymous requests for the same list arrive together (on warm keep-alive sockets, as
 * from a proxy). Returns every request's latency.
 */
export async function burstAfterSave(
  api: RunningApi,
  url: string,
  productId: string,
  connections: number,
  saves: number,
) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const burst = () => Promise.all(Array.from({ length: connections }, () => timedGet(agent, url)));
  await burst();
  const latencies: number[] = [];
  for (let save = 0; save < saves; save++) {
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

/** The database URI with the application's database name in it. */
export function withDatabase(uri: string, name: string): string {
  const url = new URL(uri);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * How long B goes on serving a product as it was after a save through A has answered:
 * for each of `saves` saves, B's copy is cached first, then B is asked again until it shows the save.
 * Saves start at random moments, so they fall anywhere in B's poll of the content version.
 */
export async function staleness(
  a: RunningApi,
  b: RunningApi,
  productId: string,
  saves: number,
): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const read = (): Promise<string> =>
    new Promise((resolve, reject) => {
      http
        .get(`${b.base}/api/product/${productId}`, { agent }, (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (body += chunk));
          response.on('end', () => resolve(body));
        })
        .on('error', reject);
    });
  const delays: number[] = [];
  for (let save = 0; save < saves; save++) {
    const heading = `Staleness ${save} ${Date.now()}`;
    await read();
    await read();
    await new Promise((resolve) => setTimeout(resolve, Math.random() * 300));
    const saved = await fetch(`${a.base}/api/product/${productId}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${a.token}` },
      body: JSON.stringify({ ProductHeading: heading }),
    });
    if (!saved.ok) throw new Error(`the save through A answered ${saved.status}`);
    const answered = process.hrtime.bigint();
    for (;;) {
      if ((await read()).includes(heading)) break;
      if (Number(process.hrtime.bigint() - answered) > 10e9)
        throw new Error('B did not show a save through A within 10 s');
    }
    delays.push(Number(process.hrtime.bigint() - answered) / 1e6);
  }
  agent.destroy();
  return delays;
}
