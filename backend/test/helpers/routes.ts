import { RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { INestApplication } from '@nestjs/common';

/** One route handler of the running app: its controller, method name, HTTP verb and full path. */
export interface RouteHandler {
  instance: object;
  name: string;
  verb: string;
  path: string;
}

/** Every route handler the running app exposes (one entry per path of a handler). */
export function routeHandlers(app: INestApplication): RouteHandler[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const handlers: RouteHandler[] = [];
  for (const wrapper of discovery.getControllers()) {
    const instance = wrapper.instance as object | undefined;
    if (!instance) continue;
    const prefix = String(Reflect.getMetadata(PATH_METADATA, wrapper.metatype as object) ?? '');
    const proto = Object.getPrototypeOf(instance) as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(proto)) {
      const handler = proto[name] as object;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (path === undefined || method === undefined) continue;
      for (const p of Array.isArray(path) ? path : [path]) {
        const full = `/${[prefix, p]
          .map((s) => s.replace(/^\/|\/$/g, ''))
          .filter(Boolean)
          .join('/')}`;
        handlers.push({ instance, name, verb: RequestMethod[method], path: full });
      }
    }
  }
  return handlers;
}

/** Every HTTP route the running app exposes, as 'METHOD /path/:param' strings. */
export function listRoutes(app: INestApplication): string[] {
  return routeHandlers(app)
    .map((h) => `${h.verb} ${h.path}`)
    .sort();
}
