import { ParseUUIDPipe, type INestApplication } from '@nestjs/common';
import { ROUTE_ARGS_METADATA } from '@nestjs/common/constants';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import type { z } from 'zod';
import { ZodValidationPipe } from '../../src/common/pipes/zod-validation.pipe';
import type { BoardIds } from './board-world';
import { routeHandlers } from './routes';

/** What one route reads from a request, taken from its controller's parameter decorators. */
export interface RouteInputs {
  /** 'METHOD /path/:param', as listRoutes() names it. */
  route: string;
  method: 'get' | 'post' | 'put' | 'delete';
  path: string;
  /** The shared zod schema of the JSON body, if the route reads one through ZodValidationPipe. */
  body: z.ZodType | null;
  query: z.ZodType | null;
  /** Path parameters, each checked by ParseUUIDPipe (true) or not (false). */
  params: Record<string, boolean>;
  /** Reads the raw request itself (multipart profile form, Google callback query). */
  raw: boolean;
}

interface ArgMeta {
  index: number;
  data?: string;
  pipes?: unknown[];
}

const zodSchemaOf = (pipes: unknown[] = []): z.ZodType | null => {
  const pipe = pipes.find((p): p is ZodValidationPipe<z.ZodType> => p instanceof ZodValidationPipe);
  return pipe ? (pipe as unknown as { schema: z.ZodType }).schema : null;
};

/** Every route of the running app with the inputs it takes, so suites can be generated over them. */
export function listRouteInputs(app: INestApplication): RouteInputs[] {
  return routeHandlers(app)
    .map(({ instance, name, verb, path }): RouteInputs => {
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
      return { route: `${verb} ${path}`, method, path, body, query, params, raw };
    })
    .sort((a, b) => a.route.localeCompare(b.route));
}

/** The ids a route's path parameters are filled with. */
export interface PathIds extends BoardIds {
  /** A user the route may act on (member removal, admin role change or deletion). */
  userId: string;
  /** A login session of the caller that may be revoked. */
  sessionId: string;
}

/** Fills ':id'-style parameters with the id of the thing the path names (`/api/cards/:id` → a card). */
export function fillPath(path: string, ids: PathIds, override: Record<string, string> = {}): string {
  const segments = path.split('/');
  return segments
    .map((segment, i) => {
      if (!segment.startsWith(':')) return segment;
      const name = segment.slice(1);
      if (name in override) return encodeURIComponent(override[name]);
      if (name === 'itemId') return ids.itemId;
      if (name === 'labelId') return ids.labelId;
      if (name === 'userId') return ids.userId;
      const owner = segments[i - 1];
      const byCollection: Record<string, string> = {
        boards: ids.boardId,
        lists: ids.listId,
        cards: ids.cardId,
        comments: ids.commentId,
        labels: ids.labelId,
        checklists: ids.checklistId,
        users: ids.userId,
        sessions: ids.sessionId,
      };
      const id = byCollection[owner];
      if (!id) throw new Error(`fillPath: no id for ${segment} in ${path}`);
      return id;
    })
    .join('/');
}
