import { HTTP_CODE_METADATA } from '@nestjs/common/constants';
import { errorBodySchema } from '@papan/shared';
import { z } from 'zod';
import { IS_PUBLIC } from '../../common/decorators/public.decorator';
import { OPERATIONS, type Operation } from './operations';
import type { RouteInputs } from './routes';

type JsonSchema = Record<string, unknown>;

/** zod → JSON Schema 2020-12 (OpenAPI 3.1's dialect), as a client sends it (before transforms). */
const jsonSchema = (schema: z.ZodType): JsonSchema => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return rest;
};

const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');
const errorAnswer = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function isPublic(route: RouteInputs): boolean {
  const { instance, name } = route.handler;
  const handler = (Object.getPrototypeOf(instance) as Record<string, object>)[name];
  return !!(Reflect.getMetadata(IS_PUBLIC, handler) ?? Reflect.getMetadata(IS_PUBLIC, instance.constructor));
}

function successStatus(route: RouteInputs): number {
  const { instance, name } = route.handler;
  const handler = (Object.getPrototypeOf(instance) as Record<string, object>)[name];
  const code = Reflect.getMetadata(HTTP_CODE_METADATA, handler) as number | undefined;
  return code ?? (route.method === 'post' ? 201 : 200);
}

/** docs/api.md, "Revisions". */
const IF_MATCH = {
  name: 'If-Match',
  in: 'header',
  required: false,
  description:
    'The revision the change was made against (`3`, `"3"` or `W/"3"`); when the object has moved on, 412 ' +
    'with the object as it is now in `current`, and nothing is written. Without it the change is made as before.',
  schema: { type: 'string', pattern: '^(W/)?"?[0-9]+"?$|^\\*$' },
};

function parameters(route: RouteInputs): JsonSchema[] {
  const headers = OPERATIONS[route.route]?.ifMatch ? [IF_MATCH] : [];
  const inPath = Object.entries(route.params).map(([name, uuid]) => ({
    name,
    in: 'path',
    required: true,
    schema: uuid ? { type: 'string', format: 'uuid' } : { type: 'string' },
  }));
  if (!route.query) return [...inPath, ...headers];
  const query = jsonSchema(route.query) as { properties?: Record<string, JsonSchema>; required?: string[] };
  const inQuery = Object.entries(query.properties ?? {}).map(([name, schema]) => ({
    name,
    in: 'query',
    required: query.required?.includes(name) ?? false,
    schema,
  }));
  return [...inPath, ...inQuery, ...headers];
}

function successAnswer(operation: Operation | undefined): JsonSchema {
  const produces = operation?.produces;
  if (produces === 'redirect') return { description: 'A redirect (302)' };
  if (produces) return { description: 'OK', content: { [produces]: {} } };
  if (!operation?.answer) return { description: 'OK (JSON)', content: { 'application/json': {} } };
  return { description: 'OK', content: { 'application/json': { schema: jsonSchema(operation.answer) } } };
}

function operationOf(route: RouteInputs): JsonSchema {
  const operation = OPERATIONS[route.route];
  const open = isPublic(route);
  const status = successStatus(route);
  const responses: Record<string, JsonSchema> = {
    [operation?.produces === 'redirect' ? '302' : String(status)]: successAnswer(operation),
  };
  if (route.body || route.query || Object.keys(route.params).length > 0)
    responses['400'] = errorAnswer('The input is wrong; the message names the field');
  if (!open) responses['401'] = errorAnswer('No token, or its session or API token has ended');
  if (!open) responses['403'] = errorAnswer('Not allowed: not a member, not the owner, or outside the token');
  if (Object.keys(route.params).length > 0) responses['404'] = errorAnswer('Not found');
  if (operation?.ifMatch)
    responses['412'] = errorAnswer('Changed since the If-Match revision: `current` holds it as it is now');
  return {
    operationId: `${route.handler.instance.constructor.name.replace(/Controller$/, '')}.${route.handler.name}`,
    tags: operation ? [operation.tag] : [],
    summary: operation?.summary ?? '',
    ...(open ? { security: [] } : {}),
    parameters: parameters(route),
    ...(route.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(route.body) } },
          },
        }
      : {}),
    responses,
  };
}

/**
 * The OpenAPI 3.1 document (docs/api.md, "OpenAPI") of every REST call, made from the running app's
 * routes: paths, verbs, path parameters and who may call come from Nest's metadata, request bodies
 * and queries from the shared zod schemas the routes validate with, words from OPERATIONS.
 */
export function openApiDocument(routes: RouteInputs[], version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const route of routes) {
    const path = openApiPath(route.path);
    paths[path] = { ...paths[path], [route.method]: operationOf(route) };
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Papan API',
      version,
      description:
        'The REST calls of Papan, a real-time collaborative kanban board. Send a session token or an API ' +
        'token (`papan_…`) as `Authorization: Bearer …`. Errors answer `{statusCode, error, message}`. ' +
        'Socket, stream and webhook events are described in docs/realtime.md.',
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    tags: [...new Set(Object.values(OPERATIONS).map((o) => o.tag))].map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { Error: jsonSchema(errorBodySchema) },
    },
  };
}
