import { ParseUUIDPipe, RequestMethod } from '@nestjs/common';
import { METHOD_METADATA, PATH_METADATA, ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { DiscoveryService, MetadataScanner } from '@nestjs/core';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../common/pipes/zod-validation.pipe';

/** One route handler of the running app: its controller, method name, HTTP verb and full path. */
export interface RouteHandler {
  instance: object;
  name: string;
  verb: string;
  path: string;
}

/** What one route reads from a request, taken from its controller's parameter decorators. */
export interface RouteInputs {
  /** 'METHOD /path/:param', as listRoutes() names it. */
  route: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  /** The shared zod schema of the JSON body, if the route reads one through ZodValidationPipe. */
  body: z.ZodType | null;
  query: z.ZodType | null;
  /** Path parameters, each checked by ParseUUIDPipe (true) or not (false). */
  params: Record<string, boolean>;
  /** Reads the raw request itself (multipart profile form, Google callback query). */
  raw: boolean;
  handler: RouteHandler;
}

interface ArgMeta {
  index: number;
  data?: string;
  pipes?: unknown[];
}

/**
 * Every route handler the running app exposes (one entry per path of a handler), read from Nest's
 * own metadata: the OpenAPI document and the generated test suites walk the same list.
 */
export function routeHandlers(discovery: DiscoveryService, scanner: MetadataScanner): RouteHandler[] {
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

const zodSchemaOf = (pipes: unknown[] = []): z.ZodType | null => {
  const pipe = pipes.find((p): p is ZodValidationPipe<z.ZodType> => p instanceof ZodValidationPipe);
  return pipe ? pipe.schema : null;
};

/** The inputs each route takes, read from its controller's parameter decorators. */
export function routeInputs(handlers: RouteHandler[]): RouteInputs[] {
  return handlers
    .map((handler): RouteInputs => {
      const { instance, name, verb, path } = handler;
      const args = (Reflect.getMetadata(ROUTE_ARGS_METADATA, instance.constructor, name) ?? {}) as Record<
        string,
        ArgMeta
      >;
      let body: z.ZodType | null = null;
      let query: z.ZodType | null = null;
      let raw = false;
      const params: Record<string, boolean> = {};
      for (const [key, meta] of Object.entries(args)) {
        const type = Number(key.split(':')[0]) as RouteParamtypes;
        if (type === RouteParamtypes.BODY) body = zodSchemaOf(meta.pipes);
        else if (type === RouteParamtypes.QUERY) query = zodSchemaOf(meta.pipes);
        else if (type === RouteParamtypes.REQUEST) raw = true;
        else if (type === RouteParamtypes.PARAM && meta.data)
          params[meta.data] = (meta.pipes ?? []).some((p) => p instanceof ParseUUIDPipe);
      }
      const method = verb.toLowerCase() as RouteInputs['method'];
      return { route: `${verb} ${path}`, method, path, body, query, params, raw, handler };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}
