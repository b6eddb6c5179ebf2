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
 * With `nest`, the same handlers answer from a bare Nest application on Express instead:
 * one controller, one global guard (@nestjs/passport's AuthGuard) running a Passport
 * strategy that takes any bearer token (no signature, no rights read), nothing else (no
 * helmet, CORS, body parsers, pipes, cache, logging). The framework the API is built on, and
 * nothing of ours: the ceiling of what the API itself could give.
 *
 *   node -r @swc-node/register bench/floor-server.ts <sourceUri> <port> [nest]
 *   (forked by bench/api.ts)
 */
import { Controller, Get, Injectable, Module, Param, Req, Res } from '@nestjs/common';
import { APP_GUARD, NestFactory } from '@nestjs/core';
import { AuthGuard, PassportStrategy } from '@nestjs/passport';
import type { NestExpressApplication } from '@nestjs/platform-express';
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type * as Driver from 'mongodb';
import passport from 'passport';
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

type Verify = (token: string, done: (error: unknown, user?: object | false) => void) => void;

/** Hands a request's bearer token to its verify callback, as passport-http-bearer does. */
class BearerStrategy extends passport.Strategy {
  constructor(private readonly verify: Verify) {
    super();
  }

  override authenticate(request: http.IncomingMessage): void {
    const token = /^Bearer (.+)$/.exec(request.headers.authorization ?? '')?.[1];
    if (!token) return this.fail(401);
    this.verify(token, (error, user) => {
      if (error) return this.error(error);
      if (!user) return this.fail(401);
      this.success(user);
    });
  }
}

/** Takes any bearer token: the framework's cost of a guard, not the API's check. */
@Injectable()
class AnyBearerStrategy extends PassportStrategy(BearerStrategy, 'floor') {
  validate(_token: string) {
    return { isAdmin: true };
  }
}

@Injectable()
class FloorGuard extends AuthGuard('floor') {}

type Answer = (url: string, response: http.ServerResponse) => Promise<void>;

/** The handlers in a bare Nest application on Express, on `port`. */
async function listenWithNest(answer: Answer, port: number): Promise<() => Promise<void>> {
  @Controller('product')
  class FloorController {
    @Get()
    list(@Req() request: http.IncomingMessage, @Res() response: http.ServerResponse) {
      return answer(request.url ?? '', response);
    }

    @Get(':id')
    one(
      @Param('id') _id: string,
      @Req() request: http.IncomingMessage,
      @Res() response: http.ServerResponse,
    ) {
      return answer(request.url ?? '', response);
    }
  }

  @Module({
    controllers: [FloorController],
    providers: [AnyBearerStrategy, { provide: APP_GUARD, useClass: FloorGuard }],
  })
  class FloorModule {}

  const app = await NestFactory.create<NestExpressApplication>(FloorModule, {
    logger: false,
    bodyParser: false,
  });
  app.setGlobalPrefix('api');
  app.set('x-powered-by', false);
  await app.listen(port, '127.0.0.1');
  return () => app.close();
}

async function main() {
  const [sourceUri, port, framework] = parseArgs({ allowPositionals: true }).positionals;
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
  const answer: Answer = async (url, response) => {
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
      return void response.end();
    }
    send(response, sendJson(response, item));
  };
  let close: () => Promise<void>;
  if (framework === 'nest') {
    close = await listenWithNest(answer, Number(port));
  } else {
    const server = http.createServer((request, response) => {
      answer(request.url ?? '', response).catch((error: Error) => {
        response.statusCode = 500;
        response.end(error.message);
      });
    });
    await new Promise<void>((resolve) => server.listen(Number(port), '127.0.0.1', resolve));
    close = () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
  }
  process.send?.('ready');
  // The bench's channel closes when the bench is gone, however it ended (timeout, SIGKILL).
  process.on('disconnect', () => process.exit(0));
  process.on('SIGTERM', async () => {
    await close();
    await client.close();
    await database.stop();
    process.exit(0);
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
