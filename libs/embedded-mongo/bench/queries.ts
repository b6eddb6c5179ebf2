/**
 * The API's real read queries against the embedded server, with 1 and 20 concurrent
 * clients: the product list (filter, sort, limit 50), its count, and one product by _id.
 * The server runs in its own process (started through the CLI), so its throughput and CPU
 * time are its own and not the driver's; the clients are the official driver with a pool
 * of 20 connections, as in the API. The finds ask the driver for raw documents, so that
 * decoding them on the same two cores does not set the pace; one row decodes, as the API does.
 *
 *   node -r @swc-node/register libs/embedded-mongo/bench/queries.ts [--seconds 3] [--rounds 1]
 *
 * Prints operations a second, and the server's CPU time per operation (from /proc), which
 * a busy shared machine disturbs less than the rate, and the client's. The last rows send
 * the list's find from a minimal client that does not decode the replies, so their rate
 * is bound by the server rather than by the driver. With --rounds N each row is measured
 * N times, interleaved, and shows the median with the lowest and highest. With --only TEXT
 * just the rows whose name holds TEXT run, e.g. to profile one of them:
 *
 *   BENCH_SERVER_NODE_OPTIONS='--cpu-prof --cpu-prof-dir=/tmp/prof' node -r @swc-node/register \
 *     libs/embedded-mongo/bench/queries.ts --only 'find: published' --seconds 5
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Binary, Document, Int32, MongoClient, ObjectId } from 'mongodb';
import { RawClient, opMsg } from '../src/test-support/raw';

const { values: flags } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '1' },
    /** Just the rows whose name holds it (to profile one query). */
    only: { type: 'string' },
  },
});
const SECONDS = Number(flags.seconds);
const ROUNDS = Number(flags.rounds);
const ONLY = flags.only;
const PRODUCTS = 50;
const CLIENTS = [1, 20];

/** A product as the API stores it: the demo catalogue's fields and image metadata. */
function product(i: number): Document {
  const image = `${(0x100000 + i).toString(16)}aa55cc77ee99bb1133`;
  const created = new Date(Date.UTC(2026, 10, 1) + i * 60_000);
  return {
    _id: new ObjectId(),
    ProductName: `Handloom fabric ${i}`,
    ProductCategory: ['Cotton', 'Linen', 'Silk', 'Wool', 'Khadi', 'Jute'][i % 6],
    ProductPrice: 1200 + i * 10,
    ProductHeading: 'Woven by hand in small batches',
    ProductDescription: `<p>${'A soft, breathable cloth with an even weave, dyed with natural indigo. '.repeat(4)}</p>`,
    ProductStatus: 'In stock',
    ProductClient: 'Studio collection',
    ProductLocation: 'Pune',
    ProductSize: '140 cm wide',
    ProductImage: `${image}-1920.webp`,
    media: {
      id: image,
      width: 1920,
      height: 1280,
      placeholder: `data:image/webp;base64,${'UklGRkIAAABXRUJQVlA4IDYAAAD'.repeat(6)}`,
      variants: [72, 144, 320, 640, 1280, 1920].map((width) => ({
        width,
        height: Math.round((width * 2) / 3),
        name: `${image}-${width}.webp`,
      })),
    },
    slug: `handloom-fabric-${i}`,
    published: i % 10 !== 9,
    createdAt: created,
    updatedAt: created,
  };
}

/** The server's user + system CPU time so far, in ms, from /proc (Linux). */
function cpuMs(pid: number): { user: number; system: number } {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  // utime, stime; USER_HZ is 100 on Linux
  return { user: Number(fields[11]) * 10, system: Number(fields[12]) * 10 };
}

async function startServer() {
  const cli = path.join(__dirname, '../src/cli.ts');
  // BENCH_SERVER_NODE_OPTIONS, e.g. '--cpu-prof', profiles the server.
  const nodeOptions = process.env.BENCH_SERVER_NODE_OPTIONS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(
    process.execPath,
    [...nodeOptions, '-r', '@swc-node/register', cli, '--port', '0', '--quiet'],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const uri = await new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const ready = /embedded-mongo ready: (\S+)/.exec(output);
      if (ready) resolve(ready[1]);
    });
    child.once('exit', (code) => reject(new Error(`the server exited with ${code}`)));
  });
  return { child, uri };
}

interface Row {
  rate: number;
  /** The server's CPU time per operation, and the part of it spent in the kernel. */
  serverMicros: number;
  serverKernelMicros: number;
  /** This process's CPU time per operation (the driver's or the minimal client's): same cores. */
  clientMicros: number;
}

async function measure(pid: number, clients: number, operation: () => Promise<unknown>) {
  // Warm up: the JIT, and every pooled connection open.
  await Promise.all(Array.from({ length: clients }, () => operation()));
  for (let i = 0; i < 50; i++) await operation();
  let done = 0;
  const cpuBefore = cpuMs(pid);
  const clientBefore = process.cpuUsage();
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < deadline) {
        await operation();
        done++;
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuAfter = cpuMs(pid);
  const client = process.cpuUsage(clientBefore);
  return {
    rate: done / seconds,
    serverMicros:
      ((cpuAfter.user + cpuAfter.system - cpuBefore.user - cpuBefore.system) * 1000) / done,
    serverKernelMicros: ((cpuAfter.system - cpuBefore.system) * 1000) / done,
    clientMicros: (client.user + client.system) / done,
  };
}

/**
 * Connections of a minimal client, signed in: each sends an OP_MSG and waits for the
 * reply's bytes, joined into one buffer as a driver does, without decoding them, so the rate is the server's, not the driver's
 * (whose own work per find is several times the server's on the same two cores).
 */
async function minimalClients(uri: string, count: number) {
  const { port, username, password } = new URL(uri);
  const free = await Promise.all(
    Array.from({ length: count }, async () => {
      const raw = await RawClient.connect(Number(port));
      await raw.authenticate(1, decodeURIComponent(username), decodeURIComponent(password));
      return raw;
    }),
  );
  const lsid = { id: new Binary(Buffer.alloc(16, 7), 4) };
  return {
    /** The list's find with `filter`, as an OP_MSG. */
    message: (filter: Document) =>
      opMsg(1, {
        find: 'products',
        filter,
        sort: { createdAt: 1, _id: 1 },
        limit: new Int32(50),
        lsid,
        $db: 'bench',
      }),
    /** Sends `message` on a free connection and waits for the whole reply. */
    send: async (message: Buffer) => {
      const raw = free.pop();
      if (!raw) throw new Error('more concurrent finds than connections');
      raw.send(message);
      const reply = await raw.nextMessage();
      if (typeof reply === 'string') throw new Error(`no reply: ${reply}`);
      free.push(raw);
    },
    close: () => free.forEach((raw) => raw.destroy()),
  };
}

async function main() {
  const { child, uri } = await startServer();
  const client = await MongoClient.connect(`${uri}bench`, { maxPoolSize: Math.max(...CLIENTS) });
  const minimal = await minimalClients(uri, Math.max(...CLIENTS));
  try {
    const products = client.db().collection('products');
    const catalogue = Array.from({ length: PRODUCTS }, (_, i) => product(i));
    await products.insertMany(catalogue);
    await products.createIndexes([
      { key: { slug: 1 }, unique: true },
      { key: { ProductCategory: 1 } },
      { key: { published: 1 } },
    ]);
    const one = catalogue[7]._id;
    const published = minimal.message({ published: true });

    // `raw`: the driver hands back each document's bytes undecoded, so the rate is the
    // server's, not that of the client decoding 50 documents per call on the same cores.
    const list = (filter: Document, raw: boolean) => () =>
      products.find(filter, { raw }).sort({ createdAt: 1, _id: 1 }).limit(50).toArray();
    // A new question every call, so the server's answer cache (result-cache.ts) never has it:
    // the cost of the first list after a save, or of a new page or filter.
    let price = 0;
    const uncached = () =>
      list({ published: true, ProductPrice: { $gte: (price = (price + 1) % 1000) } }, true)();
    const allOperations: [string, () => Promise<unknown>][] = [
      ['find: published, sort, limit 50', list({ published: true }, true)],
      ['find: a new filter every call', uncached],
      // The API's filter for what visitors see: it holds the time, so it is new at every request.
      [
        "find: visitors' filter, has the time",
        () => list({ published: true, publishAt: { $not: { $gt: new Date() } } }, true)(),
      ],
      ['find: all, sort, limit 50', list({}, true)],
      ['find, decoded by the driver', list({ published: true }, false)],
      ['countDocuments: published', () => products.countDocuments({ published: true })],
      ['findOne: by _id, published', () => products.findOne({ _id: one, published: true })],
      // The same finds from the minimal client: what the server itself answers.
      // The same question every call, so its message is encoded once.
      ['find: published, minimal client', () => minimal.send(published)],
      [
        'find: new filter, minimal client',
        () =>
          minimal.send(
            minimal.message({
              published: true,
              ProductPrice: { $gte: new Int32((price = (price + 1) % 1000)) },
            }),
          ),
      ],
    ];
    const operations = allOperations.filter(([name]) => !ONLY || name.includes(ONLY));
    const results = new Map<string, Row[]>();
    for (let round = 0; round < ROUNDS; round++) {
      for (const [name, operation] of operations) {
        for (const clients of CLIENTS) {
          const key = `${name}|${clients}`;
          results.set(key, [
            ...(results.get(key) ?? []),
            await measure(child.pid ?? 0, clients, operation),
          ]);
        }
      }
    }

    const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1];
    const spread = (values: number[]) =>
      values.length > 1
        ? `${Math.round(median(values))} (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))})`
        : `${Math.round(values[0])}`;
    const pad = (text: string | number, width: number) => String(text).padEnd(width);
    console.log(
      `\nembedded-mongo, the API's queries on ${PRODUCTS} products: ${SECONDS} s a row, ${ROUNDS} round(s), ${os.cpus().length} cores, Node ${process.version}, load ${os.loadavg()[0].toFixed(1)}`,
    );
    console.log(
      `${pad('query', 36)}${pad('clients', 9)}${pad('ops/s', 22)}${pad('server CPU µs/op', 22)}${pad('of it kernel', 18)}client CPU µs/op`,
    );
    for (const [name] of operations) {
      for (const clients of CLIENTS) {
        const rows = results.get(`${name}|${clients}`) ?? [];
        console.log(
          `${pad(name, 36)}${pad(clients, 9)}${pad(spread(rows.map((r) => r.rate)), 22)}${pad(spread(rows.map((r) => r.serverMicros)), 22)}${pad(spread(rows.map((r) => r.serverKernelMicros)), 18)}${spread(rows.map((r) => r.clientMicros))}`,
        );
      }
    }
  } finally {
    minimal.close();
    await client.close();
    child.kill('SIGTERM');
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
