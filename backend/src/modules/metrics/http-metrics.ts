import type { FastifyInstance } from 'fastify';
import type { Metrics } from './metrics.service';

/**
 * Times every HTTP answer by its route pattern (`/api/boards/:id`), never by its raw URL, so the
 * number of series stays bounded; answers that matched no route count as `unmatched`.
 */
export function installHttpMetrics(fastify: FastifyInstance, metrics: Metrics): void {
  fastify.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    metrics.observeHttp(route, request.method, reply.statusCode, reply.elapsedTime / 1000);
  });
}
