/**
 * The floor under the API's uncached reads, for bench/api.ts: what a bare node:http server
 * costs to answer them through the same driver and the same JSON writer, with no Nest, no
 * Express, no mongoose, no token check and no logging. Like the API it holds the embedded
 * database in its own process (one thread for both), with the driver's pool as the API
 * sizes it for the embedded server; the products are copied into it from the API's database
 * (`sourceUri`) at start. It answers, as the API answers an administrator:
 *   GET /api/product?limit=50  the API's query for it: all products, in the hand-made order
 *                              (category, order, age, id), one more than asked as readPage
 *                              reads, counted only when that one is there, written from
 *                              the raw BSON by sendJson
 *   GET /api/product/{id}      findOne by _id, raw, written the same way
 * bench/api.ts checks that both answers are the API's bytes.
 *
 *   node -r @swc-node/register bench/floor-server.ts <sourceUri> <port>   (forked by bench/api.ts)
 */
import http from 'node:http';
import path from 'node:path';
import type * as Driver from 'mongodb';
import { sendJson } from '../backend/src/common/http/bson-json';
import { startEmbeddedMongo } from '../libs/embedded-mongo/src';

// The API's driver is mongoose's copy of it: load that one, not mongoose.
const { MongoClient, ObjectId } = require(
  require.resolve('mongodb', { paths: [path.dirname(require.resolve('mongoose'))] }),
) as typeof Driver;

/** As backend/src/database/database.module.ts sizes the pool for the embedded server. */
const EMBEDDED_POOL_SIZE = 8;
/** What listQuery gives for products' `?limit=50` (default sort `order`, within category). */
const LIST = {
  filter: {},
  sort: { ProductCategory: 1, order: 1, createdAt: 1, _id: 1 } as const,
  limit: 50,
};

async function main() {
  const [sourceUri, port] = process.argv.slice(2);
  const database = await startEmbeddedMongo({ port: 0, logger: false });
  const source = new MongoClient(sourceUri);
  const client = new MongoClient(database.uriFor('vitrine'), { maxPoolSize: EMBEDDED_POOL_SIZE });
  const products = client.db().collection('products');
  try {
    const from = source.db('vitrine').collection('products');
    await products.insertMany(await from.find().toArray());
    for (const { key, v: _version, ns: _namespace, ...options } of await from
      .listIndexes()
      .toArray())
      if (options.name !== '_id_') await products.createIndex(key, options);
  } finally {
    await source.close();
  }

  const send = (response: http.ServerResponse, body: Buffer) => {
    response.setHeader('Content-Length', body.length);
    response.end(body);
  };
  const server = http.createServer((request, response) => {
    const url = request.url ?? '';
    const answer = async () => {
      if (url === `/api/product?limit=${LIST.limit}`) {
        const items = (await products
          .find(LIST.filter, { raw: true, sort: LIST.sort, limit: LIST.limit + 1 })
          .toArray()) as unknown as Buffer[];
        const total =
          items.length > LIST.limit ? await products.countDocuments(LIST.filter) : items.length;
        items.length = Math.min(items.length, LIST.limit);
        response.setHeader('X-Total-Count', String(total));
        return send(response, sendJson(response, items));
      }
      const id = /^\/api\/product\/([0-9a-f]{24})$/.exec(url)?.[1];
      const item = id
        ? ((await products.findOne({ _id: new ObjectId(id) }, { raw: true })) as Buffer | null)
        : null;
      if (!item) {
        response.statusCode = 404;
        return response.end();
      }
      send(response, sendJson(response, item));
    };
    answer().catch((error: Error) => {
      response.statusCode = 500;
      response.end(error.message);
    });
  });
  server.listen(Number(port), '127.0.0.1', () => process.send?.('ready'));
  // The bench's channel closes when the bench is gone, however it ended (timeout, SIGKILL).
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', () => {
    server.close(async () => {
      await client.close();
      await database.stop();
      process.exit(0);
    });
    server.closeAllConnections();
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
