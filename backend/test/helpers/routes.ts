import type { INestApplication } from '@nestjs/common';
import { DiscoveryService, MetadataScanner } from '@nestjs/core';
import * as routes from '../../src/modules/openapi/routes';

export type { RouteHandler, RouteInputs } from '../../src/modules/openapi/routes';

/** Every route handler the running app exposes (one entry per path of a handler). */
export const routeHandlers = (app: INestApplication) =>
  routes.routeHandlers(app.get(DiscoveryService), app.get(MetadataScanner));

/** Every route of the running app with the inputs it takes, so suites can be generated over them. */
export const listRouteInputs = (app: INestApplication) => routes.routeInputs(routeHandlers(app));

/** Every HTTP route the running app exposes, as 'METHOD /path/:param' strings. */
export function listRoutes(app: INestApplication): string[] {
  return routeHandlers(app)
    .map((h) => `${h.verb} ${h.path}`)
    .sort();
}
