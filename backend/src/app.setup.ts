import type { NestExpressApplication } from '@nestjs/platform-express';
import { ConfigService } from '@nestjs/config';
import { DocumentBuilder, SwaggerModule, type OpenAPIObject } from '@nestjs/swagger';
import type { INestApplication, Type } from '@nestjs/common';
import { ModulesContainer, Reflector } from '@nestjs/core';
import { API_PREFIX, CRAWLER_FILES } from '@vitrine/contracts';
import helmet from 'helmet';
import { API_CHANGELOG, API_VERSION, apiDescription } from './api-contract';
import { PublicCacheStore } from './cache/public-cache.store';
import { ApiExceptionFilter } from './common/filters/api-exception.filter';
import { accessName, routeAccess, type RouteAccess } from './common/guards/access.guard';
import { AppLogger, ROOT_LOGGER } from './common/logging/app-logger';
import { requestLog } from './common/logging/request-log';
import { limitBodyDepth } from './common/http/json-depth';
import { sendBytesAsTheyAre } from './common/http/send-bytes';
import { bindRequestContext } from './common/request-context/request-context';
import { applyServerLimits } from './common/http/server-limits';
import { RejectOperatorKeysPipe } from './common/validation/reject-operator-keys.pipe';
import { createValidationPipe } from './common/validation/validation.pipe';
import type { AppConfig } from './config/app.config';
import { documentIdempotencyKey } from './idempotency/idempotency.openapi';
import { serveUploads } from './media/media.module';

/**
 * Everything main.ts applies to the app, in one place, so the HTTP tests run the same
 * application that production runs.
 */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  const config = app.get(ConfigService).getOrThrow<AppConfig>('app');
  app.useLogger(app.get(AppLogger));
  setApiPrefix(app);
  app.enableShutdownHooks();
  // request.ip, which every per-address limit counts, is the client's address only as far
  // as the configured proxies vouch for it.
  if (config.trustProxy !== false) app.set('trust proxy', config.trustProxy);
  app.set('x-powered-by', false);

  app.use(
    helmet({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // Swagger UI styles itself inline; the API's own answers are JSON.
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          frameAncestors: ["'none'"],
        },
      },
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    }),
  );
  app.enableCors({
    origin: config.corsOrigins,
    exposedHeaders: ['X-Total-Count', 'Link', 'ETag', 'Retry-After', 'X-Request-Id'],
    maxAge: 600,
  });
  // Uploaded images: content-hashed names, so they can be cached for a year.
  serveUploads(app);
  // Visitors' answers kept by @PublicCache() routes are served from here, before the body
  // parsers, the request log and routing (PublicCacheStore.serve).
  app.use(app.get(PublicCacheStore).serve);
  app.useBodyParser('json', { limit: '1mb' });
  app.useBodyParser('urlencoded', { limit: '1mb', extended: false });
  app.use(limitBodyDepth());
  app.use(bindRequestContext);
  applyServerLimits(app.getHttpServer(), config.server);

  sendBytesAsTheyAre(app);
  app.useGlobalPipes(new RejectOperatorKeysPipe(), createValidationPipe());
  app.useGlobalFilters(new ApiExceptionFilter());

  // Made at the first request for it, not at every start: scanning every route was some
  // 30 % of an app's start, and the API tests start well over a hundred apps. `npm test`
  // still builds it in full, for the API client and the contract checks (src/openapi.ts).
  SwaggerModule.setup('api/docs', app, () => createOpenApiDocument(app), {
    jsonDocumentUrl: 'api/docs-json',
  });
  // A line per request reaching the routes (answers kept by the public cache, the
  // documentation and uploaded files are not logged); not the health checks in development.
  app.use(
    requestLog(
      app.get(ROOT_LOGGER),
      config.env === 'development' ? (request) => request.originalUrl === '/api/health' : undefined,
    ),
  );
  return app;
}

/** Every route under /api, but for the files that crawlers look for at the site's root. */
export function setApiPrefix(app: INestApplication): void {
  app.setGlobalPrefix(API_PREFIX, { exclude: [...CRAWLER_FILES] });
}

/** The OpenAPI document, also used to generate the front ends' typed client. */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const document = SwaggerModule.createDocument(
    app,
    new DocumentBuilder()
      .setTitle('Vitrine API')
      .setDescription(apiDescription())
      .setVersion(API_VERSION)
      // The changelog as data too, for the contract check and for programs reading it.
      .addExtension('x-changelog', API_CHANGELOG, 'info')
      .addBearerAuth({
        type: 'http',
        scheme: 'bearer',
        description:
          "A sign-in JWT from `POST /api/user/login`, or an API token `vit_…` from the admin area's API tokens screen.",
      })
      .build(),
  );
  markRequiredRights(app, document);
  return documentIdempotencyKey(document);
}

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'] as const;

/** The line each operation's description gets, saying who may call it. */
function accessLine(access: RouteAccess): string {
  switch (access.kind) {
    case 'none':
      return access.right
        ? `Required right: none (public). An API token with \`${access.right.entity}:read\` also sees drafts, as administrators do.`
        : 'Required right: none (public).';
    case 'signed-in':
      return 'Required right: any signed-in user (API tokens cannot use it).';
    case 'admin':
      return 'Required right: a signed-in administrator (API tokens cannot use it).';
    case 'right':
      return `Required right: \`${accessName(access)}\` for an API token (administrators always may).`;
  }
}

/**
 * Gives every operation `x-required-right` and a line of its description saying who may
 * call it, read by the access guard's own routeAccess() from each handler's metadata, so the
 * document cannot say other than what the guard enforces. Operations are matched by their
 * id, which Swagger makes `<Controller class>_<method>`.
 */
function markRequiredRights(app: INestApplication, document: OpenAPIObject): void {
  const reflector = app.get(Reflector);
  const access = new Map<string, RouteAccess>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const metatype = wrapper.metatype as Type | null;
      if (typeof metatype !== 'function') continue;
      for (let proto = metatype.prototype; proto && proto !== Object.prototype;) {
        for (const key of Object.getOwnPropertyNames(proto)) {
          const handler = Object.getOwnPropertyDescriptor(proto, key)?.value;
          const id = `${metatype.name}_${key}`;
          if (key === 'constructor' || typeof handler !== 'function' || access.has(id)) continue;
          access.set(id, routeAccess(reflector, handler, metatype));
        }
        proto = Object.getPrototypeOf(proto);
      }
    }
  }
  for (const item of Object.values(document.paths)) {
    for (const method of HTTP_METHODS) {
      const operation = item[method];
      const found = operation?.operationId ? access.get(operation.operationId) : undefined;
      if (!operation || !found) continue;
      Object.assign(operation, { 'x-required-right': accessName(found) });
      const line = accessLine(found);
      operation.description = operation.description ? `${operation.description}\n\n${line}` : line;
    }
  }
}
