import { createCardSchema, boardEventsQuerySchema } from '@papan/shared';
import { z } from 'zod';
import { OPERATIONS } from '../../src/modules/openapi/operations';
import { listRouteInputs, listRoutes } from '../helpers/routes';
import { startTestApp, type TestApp } from '../helpers/test-app';

type Operation = {
  operationId: string;
  summary: string;
  tags: string[];
  security?: unknown[];
  parameters: { name: string; in: string; required: boolean; schema: Record<string, unknown> }[];
  requestBody?: { content: { 'application/json': { schema: Record<string, unknown> } } };
  responses: Record<string, unknown>;
};
type Document = { openapi: string; paths: Record<string, Record<string, Operation>> };

const asOpenApiPath = (route: string) => {
  const [verb, path] = route.split(' ');
  return { verb: verb.toLowerCase(), path: path.replace(/:(\w+)/g, '{$1}') };
};

describe('OpenAPI (docs/api.md, "OpenAPI")', () => {
  let t: TestApp;
  let doc: Document;

  beforeAll(async () => {
    t = await startTestApp();
    const res = await t.http.get('/api/openapi.json').expect(200);
    doc = res.body as Document;
    // Starting the app and building the document took 43 s once with the whole suite on both cores.
  }, 120_000);
  afterAll(() => t.close());

  it('is an OpenAPI 3.1 document served without a token', () => {
    expect(doc.openapi).toBe('3.1.0');
  });

  it('describes every route of the running app, each with its words', () => {
    const routes = listRoutes(t.app);
    const missing = routes.filter((route) => !OPERATIONS[route]);
    expect(missing).toEqual([]);
    for (const route of routes) {
      const { verb, path } = asOpenApiPath(route);
      const operation = doc.paths[path]?.[verb];
      expect({ route, summary: operation?.summary, tags: operation?.tags.length }).toEqual({
        route,
        summary: OPERATIONS[route].summary,
        tags: 1,
      });
    }
  });

  it('names no route the app does not have', () => {
    const routes = new Set(listRoutes(t.app));
    expect(Object.keys(OPERATIONS).filter((route) => !routes.has(route))).toEqual([]);
  });

  it('takes request bodies and queries from the shared zod schemas the routes validate with', () => {
    const create = doc.paths['/api/lists/{id}/cards'].post;
    const { $schema: _dialect, ...expected } = z.toJSONSchema(createCardSchema, { io: 'input' });
    expect(create.requestBody?.content['application/json'].schema).toEqual(expected);
    expect(create.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
    ]);
    expect(create.responses).toHaveProperty('201');

    const events = doc.paths['/api/boards/{id}/events'].get;
    const query = z.toJSONSchema(boardEventsQuerySchema, { io: 'input' }) as {
      properties: Record<string, unknown>;
    };
    expect(events.parameters.filter((p) => p.in === 'query').map((p) => [p.name, p.schema])).toEqual(
      Object.entries(query.properties),
    );
    for (const route of listRouteInputs(t.app).filter((r) => r.body)) {
      const { verb, path } = asOpenApiPath(route.route);
      expect({ route: route.route, body: !!doc.paths[path][verb].requestBody }).toEqual({
        route: route.route,
        body: true,
      });
    }
  });

  it('says which calls need no token and which answer 401 and 403', () => {
    const login = doc.paths['/api/auth/login'].post;
    expect(login.security).toEqual([]);
    expect(login.responses).not.toHaveProperty('401');
    const board = doc.paths['/api/boards/{id}'].get;
    expect(board.security).toBeUndefined();
    expect(Object.keys(board.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404']));
  });

  it('renders at /api/docs from this server only (no CDN), with the script allowed by the CSP', async () => {
    const page = await t.http.get('/api/docs').expect(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('<script src="/api/docs/docs.js"></script>');
    expect(page.text).not.toMatch(/https?:\/\/(?!localhost)/);
    expect(page.headers['content-security-policy']).toMatch(/script-src 'self'/);
    const script = await t.http.get('/api/docs/docs.js').expect(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.text).toContain("fetch('/api/openapi.json')");
  });
});
