import type { INestApplication, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import { escapeRegex } from './list-query';

/** A route's handler as its controller declares it. */
export interface RouteHandler {
  /** The method, which carries the route's metadata (a generic base's is shared). */
  handler: object;
  method: RequestMethod | undefined;
  /** The controller's path joined with the route's, without the global prefix: `product/:id`. */
  paths: string[];
}

const asList = (path: unknown): string[] =>
  path === undefined ? [''] : Array.isArray(path) ? path.map(String) : [String(path)];

const joined = (...parts: string[]) =>
  parts
    .flatMap((part) => part.split('/'))
    .filter(Boolean)
    .join('/');

/**
 * Every route of every controller in the app, for setup that follows the routes' decorators
 * (which routes are audited, which answers the public cache keeps). Reads the modules the
 * app was created with, so it works before the routes are registered (app.listen, app.init).
 */
export function routeHandlers(app: INestApplication): RouteHandler[] {
  const scanner = new MetadataScanner();
  const routes: RouteHandler[] = [];
  for (const controller of app.get(DiscoveryService).getControllers()) {
    const metatype = controller.metatype as { prototype?: object } | null;
    const prototype = metatype?.prototype;
    if (!metatype || !prototype) continue;
    const controllerPaths = asList(Reflect.getMetadata(PATH_METADATA, metatype));
    for (const name of scanner.getAllMethodNames(prototype)) {
      const handler = (prototype as Record<string, unknown>)[name] as object;
      const path: unknown = Reflect.getMetadata(PATH_METADATA, handler);
      if (path === undefined) continue;
      routes.push({
        handler,
        method: Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined,
        paths: controllerPaths.flatMap((base) => asList(path).map((own) => joined(base, own))),
      });
    }
  }
  return routes;
}

/**
 * A route's full path (`/api/product/:id`) as a pattern of the request paths Express routes
 * to it: a parameter is any one segment; case and a trailing slash do not matter.
 */
export function routePattern(path: string): RegExp {
  const parts = path
    .split('/')
    .filter(Boolean)
    .map((part) => (part.startsWith(':') ? '[^/]+' : escapeRegex(part)));
  return new RegExp(`^/${parts.join('/')}/?$`, 'i');
}
